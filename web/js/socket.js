// The websocket session: hello (token + resume + route), snapshot/patch sequencing with gap
// detection, actions with increasing refs, reconnect with jittered exponential backoff.
// The user's token lives in localStorage, so every tab of this browser is the same user: a tab
// that sees another tab store a different token (a sign-in with a code, a sign-out) follows it.
// A sign-in code (from a /signin/CODE link or typed) is said in a hello of its own; the server
// closes a signed-out browser's sessions with 4001, and the tab starts afresh.
//
// Star intents go with a key and stay in `intents` until acknowledged: after every welcome the
// ones still waiting are sent again, and the server applies each key once. Other actions made
// while away wait in the outbox; after a welcome both go in the order the user made them.

import { isKeyed } from './actions.js';
import { inOrder } from './intents.js';

const TOKEN_KEY = 'pokedex.token';
const BASE_DELAY = 500;
const MAX_DELAY = 15000;
const MAX_QUEUED = 20;
const SIGNED_OUT = 4001;
// A hello with a sign-in code refused with one of these: the browser stays who it was.
const SIGN_IN_REFUSALS = ['unknown_sign_in_code', 'used_sign_in_code', 'expired_sign_in_code', 'rate_limited'];

// localStorage can be unavailable (disabled storage, some private modes): then every page is a
// new user, which still works.
function readToken() {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeToken(token) {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Not kept: the next page is a new user.
  }
}

function removeToken() {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/**
 * @param {object} o
 * @param {string} o.url websocket URL
 * @param {{session: string, seq: number} | null} o.resume where a previous page left off
 * @param {() => string} o.route the route to put in each hello
 * @param {() => string} o.locale the language a new session is asked to speak
 * @param {(state: object) => void} o.onSnapshot
 * @param {(ops: object[]) => void} o.onPatch throws if the ops do not apply
 * @param {(status: {kind: string, retryAt?: number}) => void} o.onStatus
 * @param {(error: {ref: number | null, code: string, message: string}) => void} [o.onError]
 * @param {ReturnType<import('./intents.js').createIntents>} [o.intents] star intents awaiting their ack
 * @param {string | null} [o.signIn] a sign-in code to say in the first hello
 * @param {(user: {id: string, name: string}) => void} [o.onSignedIn] a code made this browser that user
 * @param {() => void} [o.onSignedOut] the server ended this browser's session: it starts afresh
 */
export function createSocket({
  url, resume, route, locale = () => 'en', onSnapshot, onPatch, onStatus, onError = () => {}, intents = null,
  signIn = null, onSignedIn = () => {}, onSignedOut = () => {},
}) {
  let ws = null;
  // The tab's session id from its first connection on (the server takes it for a new
  // session), so a load balancer routing by `?session=` keeps the tab on one process.
  let session = resume?.session ?? newSessionID();
  let seq = resume?.seq ?? null; // null: no state copy, ask for a snapshot
  let nextRef = 1;
  let attempt = 0;
  let timer = 0;
  let welcomed = false; // actions wait for the welcome: a refused hello is said again first
  let pendingSignIn = signIn; // said in the next hello, until welcomed or refused
  let helloToken = null; // the token the current connection's hello carried
  const outbox = []; // {order, frame}: actions made while away, sent after the welcome
  let nextOrder = 0; // order numbers when there are no intents to share them with
  const ticket = () => (intents ? intents.ticket() : nextOrder++);
  const keysByRef = new Map(); // refs of keyed intents sent on this connection

  function sendIntent(socket, key, action) {
    const ref = nextRef++;
    keysByRef.set(ref, key);
    socket.send(JSON.stringify({ type: 'action', ref, key, action }));
  }

  /** An ack (alone or on a patch) echoes the key of the intent it acknowledges: settled. (By
   * key, not ref: a resume replays patches acknowledging refs of an earlier page.) */
  function acknowledged(key) {
    if (key) intents?.settle(key);
  }

  /** A refusal of a ref sent on this connection: its intent is not sent again. */
  function refused(ref) {
    const key = keysByRef.get(ref);
    keysByRef.delete(ref);
    if (key) intents?.settle(key);
  }

  if (pendingSignIn) {
    session = newSessionID();
    seq = null;
  }

  function setStatus(kind, retryAt) {
    onStatus(retryAt ? { kind, retryAt } : { kind });
  }

  function open() {
    clearTimeout(timer);
    if (!navigator.onLine) return setStatus('offline');
    setStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = new WebSocket(`${url}?session=${encodeURIComponent(session)}`);
    ws = socket;
    welcomed = false;
    socket.onopen = () => hello(socket);
    socket.onmessage = (event) => receive(socket, event.data);
    socket.onclose = (event) => {
      if (ws !== socket) return;
      ws = null;
      if (event.code === SIGNED_OUT) return startAfresh();
      scheduleReconnect();
    };
  }

  function hello(socket) {
    helloToken = readToken();
    const frame = {
      type: 'hello',
      version: 1,
      token: helloToken,
      resume: seq !== null ? { session, seq } : null,
      session,
      route: route(),
      locale: locale(),
    };
    if (pendingSignIn) frame.signIn = pendingSignIn;
    socket.send(JSON.stringify(frame));
  }

  /** A new session from now on (another user's, or a new user's): no resume, a snapshot. */
  function reconnectFresh() {
    session = newSessionID();
    seq = null;
    attempt = 0;
    outbox.length = 0; // actions meant for the user this tab was
    intents?.clear();
    keysByRef.clear();
    helloToken = readToken(); // a change stored meanwhile is this hello's, not another move
    const socket = ws;
    ws = null;
    socket?.close(4000, 'identity changed');
    open();
  }

  /** Signed out (4001): the revoked token is forgotten, unless another tab already stored a
   * new one, and the tab says hello again: a new user, or the one that tab became. */
  function startAfresh() {
    if (readToken() === helloToken) removeToken();
    onSignedOut();
    reconnectFresh();
  }

  // Another tab of this browser stored a new token (it signed in with a code, or out): this
  // tab is that user from now on.
  window.addEventListener('storage', (event) => {
    // A hello on its way is said again with the new token (its answer would be the old user).
    if (event.key !== TOKEN_KEY || event.newValue === null || event.newValue === helloToken) return;
    reconnectFresh();
  });

  function scheduleReconnect() {
    if (!navigator.onLine) return setStatus('offline');
    // Full jitter between half and all of the exponential delay.
    const ceiling = Math.min(MAX_DELAY, BASE_DELAY * 2 ** attempt);
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    attempt += 1;
    setStatus('reconnecting', Date.now() + delay);
    timer = setTimeout(open, delay);
  }

  /** Drops the connection and reconnects; `fresh` forgets our copy to get a snapshot. */
  function resync(fresh) {
    if (fresh) seq = null;
    const socket = ws;
    ws = null;
    socket.close(4000, 'resync');
    scheduleReconnect();
  }

  function receive(socket, data) {
    if (ws !== socket) return;
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return console.warn('Ignoring a frame that is not JSON');
    }
    switch (message.type) {
      case 'welcome':
        if (message.token) {
          writeToken(message.token);
          helloToken = message.token;
        }
        if (pendingSignIn) {
          pendingSignIn = null;
          onSignedIn(message.user);
        }
        if (message.session !== session) seq = null; // another session: a snapshot follows
        session = message.session;
        attempt = 0;
        welcomed = true;
        keysByRef.clear();
        // In the order the user made them: a star made in a detail, then the link followed from
        // it, arrive as star then navigation.
        for (const item of inOrder(outbox.splice(0), intents?.pending ?? [])) {
          if (item.frame) socket.send(item.frame);
          else sendIntent(socket, item.key, item.action);
        }
        setStatus('connected');
        break;
      case 'snapshot':
        seq = message.seq;
        onSnapshot(message.state);
        break;
      case 'patch':
        if (seq === null || message.seq !== seq + 1) return resync(false);
        try {
          onPatch(message.ops);
        } catch (error) {
          console.warn('Patch did not apply, asking for a snapshot', error);
          return resync(true);
        }
        seq = message.seq;
        acknowledged(message.key);
        break;
      case 'ack':
        acknowledged(message.key);
        break;
      case 'error':
        if (pendingSignIn && !welcomed && SIGN_IN_REFUSALS.includes(message.code)) {
          // The code did not work: say why, and stay who this browser was.
          pendingSignIn = null;
          onError({ ref: null, code: message.code, message: message.message ?? '' });
          hello(socket);
          break;
        }
        if (message.code === 'unknown_token' && !welcomed) {
          // This browser's user is gone (e.g. a new database): become a new user, from scratch.
          removeToken();
          session = newSessionID();
          seq = null;
          hello(socket);
          break;
        }
        console.warn(`Server refused ${message.ref ?? 'a frame'}: ${message.code}: ${message.message}`);
        // A refused intent is not sent again (the refusal is said once, below).
        if (message.ref !== null && message.ref !== undefined) refused(message.ref);
        onError({ ref: message.ref ?? null, code: message.code, message: message.message ?? '' });
        // A hello refused by a limit (too many new users from this address, too many tabs):
        // say why, then try again later through the reconnect backoff.
        if (!welcomed && (message.code === 'rate_limited' || message.code === 'limit_reached')) socket.close();
        break;
    }
  }

  window.addEventListener('online', () => {
    if (!ws) {
      attempt = 0;
      open();
    }
  });
  window.addEventListener('offline', () => {
    if (!ws) {
      clearTimeout(timer);
      setStatus('offline');
    }
  });

  open();

  return {
    /** Sends one action; queued until the next hello if the socket is not open. A star's
     * intent is kept until acknowledged and sent again after every reconnect. */
    send(action) {
      if (intents && isKeyed(action)) {
        const key = intents.add(action);
        if (welcomed && ws?.readyState === WebSocket.OPEN) sendIntent(ws, key, action);
        return;
      }
      const frame = JSON.stringify({ type: 'action', ref: nextRef++, action });
      if (welcomed && ws?.readyState === WebSocket.OPEN) ws.send(frame);
      else if (outbox.length < MAX_QUEUED) outbox.push({ order: ticket(), frame });
    },
    /** Signs this browser in with a code from another device: a hello of its own. */
    signIn(code) {
      pendingSignIn = code;
      reconnectFresh();
    },
    /** Where this page left off, for a reload to resume from. */
    get position() {
      return seq !== null ? { session, seq } : null;
    },
  };
}

/** 32 random hex digits. */
function newSessionID() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
