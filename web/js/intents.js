// Star intents not yet acknowledged, kept in sessionStorage so a reconnect or a reload sends
// them again with their keys (the server applies a key once and acknowledges it again). Only
// the latest intent per star is kept: a newer one says all the older one did.

const STORAGE_KEY = 'pokedex.intents';
const MAX_PENDING = 50;

/** The star an intent is about: the action without its `on`. */
export function targetOf(action) {
  return JSON.stringify(action, (name, value) => (name === 'on' ? undefined : value));
}

/** A key unique to this browser's intents: 24 random hex digits. */
export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function load(storage) {
  try {
    const saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((i) => typeof i?.key === 'string' && i.action && typeof i.target === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * @param {object} o
 * @param {Storage | null} [o.storage] where pending intents outlive the page (sessionStorage)
 * @param {(count: number) => void} [o.onChange] told the number waiting after every change
 * @param {() => string} [o.makeKey]
 */
export function createIntents({ storage = null, onChange = () => {}, makeKey = newKey } = {}) {
  let pending = load(storage);

  function changed() {
    try {
      if (pending.length) storage?.setItem(STORAGE_KEY, JSON.stringify(pending));
      else storage?.removeItem(STORAGE_KEY);
    } catch {
      // Not kept across a reload: still replayed after a reconnect.
    }
    onChange(pending.length);
  }

  return {
    /** Records an intent about to be sent; returns its key. */
    add(action) {
      const key = makeKey();
      const target = targetOf(action);
      pending = pending.filter((intent) => intent.target !== target);
      pending.push({ key, action, target });
      if (pending.length > MAX_PENDING) pending.shift();
      changed();
      return key;
    },
    /** The server acknowledged (or refused) the intent with this key: it is not sent again. */
    settle(key) {
      const before = pending.length;
      pending = pending.filter((intent) => intent.key !== key);
      if (pending.length !== before) changed();
    },
    /** The tab became another user: intents meant for the one it was are dropped. */
    clear() {
      if (!pending.length) return;
      pending = [];
      changed();
    },
    /** The intents waiting, oldest first: `{key, action}`. */
    get pending() {
      return pending.map(({ key, action }) => ({ key, action }));
    },
    get count() {
      return pending.length;
    },
  };
}
