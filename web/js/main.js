// Wiring: the store (restored from this tab's last page if it can resume), the socket, the
// router and the views. The browser only sends actions and renders the state it is sent.

import { action } from './actions.js';
import { createStore } from './store.js';
import { createSocket } from './socket.js';
import { createRewind } from './rewind.js';
import { createIntents } from './intents.js';
import { createRouter, currentRoute, signInCode } from './router.js';
import { createListView } from './views/list.js';
import { createSheet } from './views/sheet.js';
import { createConnectionView, createNoticeView } from './views/status.js';
import { createIdentityView } from './views/identity.js';
import { createInviteDialog, createAlertDialog } from './views/dialogs.js';
import { createToast } from './views/toast.js';
import { createAccountView } from './views/account.js';
import { t, preferredLocale, rememberPicked, setLocale, currentLocale, translatePage, LOCALES } from './i18n/index.js';

const RESUME_KEY = 'pokedex.resume';

/** What the last page of this tab left: {session, seq, state}, or null. */
function takeSaved() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(RESUME_KEY));
    sessionStorage.removeItem(RESUME_KEY);
    return saved?.session && Number.isInteger(saved.seq) && saved.state ? saved : null;
  } catch {
    return null;
  }
}

// A sign-in link (#/signin/CODE) signs this browser in with its code: said in the first hello,
// and out of the address bar at once (it works once; a reload must not say it again).
const linkedSignIn = signInCode(currentRoute());
if (linkedSignIn) history.replaceState(null, '', location.pathname + location.search);
// `?rewind=SESSION` (--debug): that session's recording, read-only (rewind.js), no session of its own.
const rewinding = new URLSearchParams(location.search).get('rewind');
const saved = linkedSignIn || rewinding ? (takeSaved(), null) : takeSaved();
const helloRoute = currentRoute();
const store = createStore(saved?.state ?? null);
const connection = createConnectionView();
const toast = createToast();
// Star intents awaiting their ack, across reconnects and reloads of this tab.
const intents = createIntents({ storage: sessionStorageOrNull(), onChange: (count) => connection.setWaiting(count) });
connection.setWaiting(intents.count);

function sessionStorageOrNull() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

// Until the session says which language it speaks: the one it had, else the browser's.
setLocale(saved?.state?.locale ?? preferredLocale());
translatePage();

// Refusals the user should hear about, in the interface's language; the rest are bugs,
// logged by the socket.
const REFUSALS = [
  'forbidden', 'unknown_invite', 'revoked_invite', 'invite_expired', 'invite_used_up', 'last_list', 'rate_limited',
  'limit_reached', 'storage', 'unknown_sign_in_code', 'used_sign_in_code', 'expired_sign_in_code',
];

const socket = rewinding ? createRewind({ session: rewinding, onState: (state) => store.reset(state), onStatus: (status) => connection.update(status) }) : createSocket({
  url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`,
  resume: saved && { session: saved.session, seq: saved.seq },
  route: currentRoute,
  locale: () => currentLocale(),
  onSnapshot: (state) => store.reset(state),
  onPatch: (ops) => store.patch(ops),
  onStatus: (status) => connection.update(status),
  onError: (error) => refused(error),
  intents,
  signIn: linkedSignIn,
  onSignedIn: (user) => toast.show(t('account.signedIn', user?.name ?? '')),
  onSignedOut: () => toast.show(t('account.signedOut')),
});
const send = (action) => socket.send(action);

// Every screen's star: the one `favoriteSet`, naming the Pokémon and the list it is starred in
// (the active one when tapped), so a replayed intent means what it meant when it was made.
const setStar = (id, on) => {
  const list = store.state?.lists?.active;
  if (typeof list === 'string') send(action('favoriteSet', { list, id, on }));
};

const sheetOpen = () => document.getElementById('sheet').open;
const lockedStar = () => toast.show(t('star.locked'));

const router = createRouter({ send, onSignIn: (code) => socket.signIn(code) });
const account = createAccountView({ send, signIn: (code) => socket.signIn(code) });
const identity = createIdentityView({ send });
const list = createListView({ send, setStar, onLocked: lockedStar });
const sheet = createSheet({ send, setStar, onClosed: (id) => list.focusCard(id), onLocked: lockedStar });
const invite = createInviteDialog({ send });
const alert = createAlertDialog({ send });
const notice = createNoticeView({ send });

function refused(error) {
  if (REFUSALS.includes(error.code)) toast.show(t(`refusal.${error.code}`));
  identity.refused();
  invite.refused();
  alert.refused();
  router.refused();
}

// The header's language switcher: the session's language is part of its state.
const localePicker = document.getElementById('locale');
localePicker.value = currentLocale();
localePicker.addEventListener('change', () => {
  rememberPicked(localePicker.value);
  send(action('setLocale', { locale: localePicker.value }));
});

store.subscribe((state, previous) => {
  // A new language: the page's own texts, then the views' (the list and the header render
  // from scratch, the sheet builds its screens again); the router still follows the route.
  const relabel = Boolean(state.locale && setLocale(state.locale));
  if (relabel) {
    translatePage();
    localePicker.value = currentLocale();
    connection.update();
    sheet.relabel(state);
    account.relabel();
  }
  identity.update(state, relabel ? null : previous);
  account.update(state, relabel ? null : previous);
  list.update(state, relabel ? null : previous);
  sheet.update(state, previous);
  invite.update(state, previous);
  alert.update(state, previous);
  notice.update(state, previous);
  // The banner is under a modal sheet (e.g. "You joined …" over the Favorites): say it above too.
  if (state.notice && state.notice !== previous?.notice && sheetOpen()) toast.show(state.notice);
  router.update(state, previous, helloRoute);
});

// A reload resumes this session where it was: keep the copy the resume seq refers to.
addEventListener('pagehide', () => {
  const position = socket.position;
  if (position && store.state) sessionStorage.setItem(RESUME_KEY, JSON.stringify({ ...position, state: store.state }));
});
