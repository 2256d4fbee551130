// Star intents not yet acknowledged, kept in sessionStorage so a reconnect or a reload sends
// them again with their keys (the server applies a key once and acknowledges it again). A star
// is the one `favoriteSet` action, which names its list and Pokémon, so an intent means the
// same whenever it arrives; only the latest intent per (list, Pokémon) is kept: a newer one
// says all the older one did.
//
// Every intent carries an order number, and so does every other action the socket queues while
// it is away (`ticket()`): after a welcome, the socket sends both in the order the user made
// them (a star, then the navigation that followed it), never all the queued navigation first.

const STORAGE_KEY = 'pokedex.intents';
const MAX_PENDING = 50;

/**
 * The star an intent is about: its list and Pokémon (`list/id`). An action that is not the
 * root `favoriteSet` (none is keyed today) is told apart by its JSON without `on`.
 */
export function targetOf(action) {
  const star = action?.favoriteSet;
  if (star && typeof star.list === 'string' && Number.isInteger(star.id)) return `${star.list}/${star.id}`;
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
    if (!Array.isArray(saved)) return [];
    return saved
      .filter((i) => typeof i?.key === 'string' && i.action && typeof i.action === 'object')
      // The target is worked out again: one saved by an older page may name it differently.
      .map((i, index) => ({ key: i.key, action: i.action, target: targetOf(i.action), order: Number.isInteger(i.order) ? i.order : index }));
  } catch {
    return [];
  }
}

/**
 * Merges the actions a socket queued while away (`{order, frame}`) with the intents waiting
 * (`{order, key, action}`) into the order the user made them.
 * @returns {Array<{order: number, frame?: string, key?: string, action?: object}>}
 */
export function inOrder(queued, waiting) {
  return [...queued, ...waiting].sort((a, b) => a.order - b.order);
}

/**
 * @param {object} o
 * @param {Storage | null} [o.storage] where pending intents outlive the page (sessionStorage)
 * @param {(count: number) => void} [o.onChange] told the number waiting after every change
 * @param {() => string} [o.makeKey]
 */
export function createIntents({ storage = null, onChange = () => {}, makeKey = newKey } = {}) {
  let pending = load(storage);
  // Order numbers go on from the ones a previous page left, so a reload keeps the order.
  let nextOrder = pending.reduce((max, intent) => Math.max(max, intent.order + 1), 0);

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
    /** Records an intent about to be sent; returns its key. It replaces the one waiting for
     * the same list and Pokémon, and takes its place after everything the user did before. */
    add(action) {
      const key = makeKey();
      const target = targetOf(action);
      pending = pending.filter((intent) => intent.target !== target);
      pending.push({ key, action, target, order: nextOrder++ });
      if (pending.length > MAX_PENDING) pending.shift();
      changed();
      return key;
    },
    /** An order number for another action the socket queues now (see `inOrder`). */
    ticket() {
      return nextOrder++;
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
    /** The intents waiting, in the order they were made: `{key, action, order}`. */
    get pending() {
      return pending.map(({ key, action, order }) => ({ key, action, order }));
    },
    get count() {
      return pending.length;
    },
  };
}
