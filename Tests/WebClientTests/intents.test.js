import { createIntents, targetOf, inOrder } from '/web/js/intents.js';
import { keyed } from '/web/js/action-table.js';
import { createSocket } from '/web/js/socket.js';
import { action, elementAction, isKeyed, nameOf } from '/web/js/actions.js';
import { test, assert } from './harness.js';

/** sessionStorage's interface over a Map, so a test sees what a reload would find. */
function memoryStorage(initial = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
    items,
  };
}

function counter() {
  let n = 0;
  return () => `k${++n}`;
}

const star = (list, id, on) => action('favoriteSet', { list, id, on });

test('intents: the one star action is the keyed one', () => {
  assert.ok(isKeyed(star('L', 25, true)));
  assert.equal(keyed, ['favoriteSet'], 'one star action, from every screen');
  assert.ok(!isKeyed(action('list.rowTapped', { id: 25 })));
  assert.ok(!isKeyed(action('lists.undo')));
  assert.ok(!isKeyed(elementAction(0, 'type.rowTapped', { id: 2 })));
  assert.equal(nameOf(star('L', 2, true)), 'favoriteSet');
});

test('intents: waiting ones are kept until settled, the latest per list and Pokémon only, across a reload', () => {
  const storage = memoryStorage();
  const counts = [];
  const intents = createIntents({ storage, makeKey: counter(), onChange: (n) => counts.push(n) });
  const k1 = intents.add(star('L', 25, true));
  const k2 = intents.add(star('L', 4, true));
  // The same Pokémon in another list is another star.
  const k3 = intents.add(star('M', 25, true));
  // A newer intent on L's #25 says all the first did, and goes after the others.
  const k4 = intents.add(star('L', 25, false));
  assert.equal(intents.pending.map((i) => i.key), [k2, k3, k4]);
  assert.equal(counts, [1, 2, 3, 3]);
  assert.equal(targetOf(star('L', 25, true)), targetOf(star('L', 25, false)));
  assert.equal(targetOf(star('L', 25, true)), 'L/25');
  assert.ok(targetOf(star('L', 25, true)) !== targetOf(star('M', 25, true)));

  // A reload of the tab finds them, in order, and goes on numbering after them.
  const reloaded = createIntents({ storage, makeKey: counter() });
  assert.equal(reloaded.pending, [
    { key: k2, action: { favoriteSet: { list: 'L', id: 4, on: true } }, order: 1 },
    { key: k3, action: { favoriteSet: { list: 'M', id: 25, on: true } }, order: 2 },
    { key: k4, action: { favoriteSet: { list: 'L', id: 25, on: false } }, order: 3 },
  ]);
  assert.equal(reloaded.ticket(), 4);
  reloaded.settle(k1); // already replaced: nothing to do
  reloaded.settle(k2);
  reloaded.settle(k3);
  reloaded.settle(k4);
  assert.equal(reloaded.count, 0);
  assert.equal(storage.items.size, 0, 'nothing waits: nothing kept');
});

test('intents: queued actions and intents merge in the order they were made', () => {
  const queued = [{ order: 1, frame: 'dismiss' }, { order: 3, frame: 'navigate' }];
  const waiting = [{ order: 0, key: 'a' }, { order: 2, key: 'b' }];
  assert.equal(inOrder(queued, waiting).map((i) => i.frame ?? i.key), ['a', 'dismiss', 'b', 'navigate']);
  assert.equal(inOrder([], []), []);
});

test('intents: a tab that becomes another user drops the ones it kept', () => {
  const storage = memoryStorage();
  const counts = [];
  const intents = createIntents({ storage, makeKey: counter(), onChange: (n) => counts.push(n) });
  intents.add(star('L', 25, true));
  intents.clear();
  assert.equal(intents.count, 0);
  assert.equal(counts, [1, 0]);
  assert.equal(createIntents({ storage }).count, 0, 'a reload finds none either');
});

class FakeSocket {
  static OPEN = 1;
  static opened = [];

  constructor(url) {
    this.url = url;
    this.sent = [];
    this.readyState = 0;
    FakeSocket.opened.push(this);
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }

  send(frame) {
    this.sent.push(JSON.parse(frame));
  }

  /** The connection drops (1006 unless told), as a browser's CloseEvent says. */
  close(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }

  receive(message) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  actions() {
    return this.sent.filter((f) => f.type === 'action');
  }
}

const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

async function connected(socketIndex) {
  for (let i = 0; i < 200 && !(FakeSocket.opened[socketIndex]?.sent.length > 0); i += 1) await settle(10);
  const fake = FakeSocket.opened[socketIndex];
  assert.ok(fake, `connection ${socketIndex + 1} opened`);
  fake.receive({ type: 'welcome', session: 'a'.repeat(32), user: null });
  fake.receive({ type: 'snapshot', seq: 0, state: {} });
  return fake;
}

test('intents: the socket replays waiting intents with their keys after every welcome, until acknowledged', async () => {
  const realSocket = window.WebSocket;
  window.WebSocket = FakeSocket;
  FakeSocket.opened = [];
  const storage = memoryStorage();
  // An intent left by the page before a reload.
  const left = createIntents({ storage, makeKey: () => 'left-1' });
  left.add(star('L', 7, true));
  const intents = createIntents({ storage, makeKey: counter() });
  try {
    const socket = createSocket({ url: 'ws://test/ws', resume: null, route: () => '/', onSnapshot() {}, onPatch() {}, onStatus() {}, intents });
    const first = await connected(0);
    assert.equal(first.actions().map((f) => [f.key, f.action]), [['left-1', { favoriteSet: { list: 'L', id: 7, on: true } }]]);

    socket.send(star('L', 25, true));
    socket.send(star('L', 4, false));
    socket.send(action('list.rowTapped', { id: 1 }));
    const sent = first.actions();
    assert.equal(sent.map((f) => f.key ?? null), ['left-1', 'k1', 'k2', null]);
    assert.equal(intents.count, 3);

    // Acks echo keys: on a patch, alone; a refusal settles too.
    first.receive({ type: 'patch', seq: 1, ops: [], ack: sent[0].ref, key: 'left-1' });
    first.receive({ type: 'error', ref: sent[2].ref, code: 'forbidden', message: 'no' });
    assert.equal(intents.pending.map((i) => i.key), ['k1']);

    // The connection drops before k1's ack: the next welcome sends it again, with its key.
    first.close();
    for (let i = 0; i < 300 && FakeSocket.opened.length < 2; i += 1) await settle(10);
    const second = await connected(1);
    assert.equal(second.actions().map((f) => [f.key, f.action]), [['k1', { favoriteSet: { list: 'L', id: 25, on: true } }]]);
    assert.ok(second.actions()[0].ref > sent[3].ref, 'a fresh ref');
    second.receive({ type: 'ack', ref: second.actions()[0].ref, key: 'k1' });
    assert.equal(intents.count, 0);
    assert.equal(storage.items.size, 0);
  } finally {
    window.WebSocket = realSocket;
    for (const fake of FakeSocket.opened) fake.onclose = null;
  }
});

test('intents: after the server comes back, stars and navigation made meanwhile arrive in the order they were made', async () => {
  const realSocket = window.WebSocket;
  window.WebSocket = FakeSocket;
  FakeSocket.opened = [];
  const intents = createIntents({ storage: memoryStorage(), makeKey: counter() });
  try {
    const socket = createSocket({ url: 'ws://test/ws', resume: null, route: () => '/pokemon/1', onSnapshot() {}, onPatch() {}, onStatus() {}, intents });
    const first = await connected(0);
    first.close(); // the server went away
    // Issue 33: in Bulbasaur's detail, star it, follow a link to Charmander, star nothing
    // there; close a detail after starring Pikachu; a star again on Bulbasaur replaces the
    // first and takes its place after everything before it.
    socket.send(star('L', 1, true));
    socket.send(action('navigate', { route: '/pokemon/4' }));
    socket.send(star('L', 25, true));
    socket.send(action('destination.dismiss'));
    socket.send(star('L', 1, false));
    assert.equal(first.actions(), [], 'nothing goes while away');
    for (let i = 0; i < 300 && FakeSocket.opened.length < 2; i += 1) await settle(10);
    const second = await connected(1);
    assert.equal(second.actions().map((f) => f.action), [
      { navigate: { route: '/pokemon/4' } },
      { favoriteSet: { list: 'L', id: 25, on: true } },
      { destination: { dismiss: {} } },
      { favoriteSet: { list: 'L', id: 1, on: false } },
    ]);
    assert.equal(second.actions().map((f) => f.key ?? null), [null, 'k2', null, 'k3']);
  } finally {
    window.WebSocket = realSocket;
    for (const fake of FakeSocket.opened) fake.onclose = null;
  }
});

test('intents: the waiting count and the relative times speak English and Spanish, plural-aware', async () => {
  const { t, setLocale, currentLocale, formatAgo } = await import('/web/js/i18n/index.js');
  const before = currentLocale();
  try {
    setLocale('en');
    assert.equal([t('connection.waiting', 1), t('connection.waiting', 2)], ['1 change waiting', '2 changes waiting']);
    const now = Date.UTC(2026, 11, 2, 8, 0, 0);
    assert.equal([formatAgo(now - 10_000, now), formatAgo(now - 3 * 60_000, now), formatAgo(now - 2 * 3_600_000, now)], ['just now', '3 min ago', '2 h ago']);
    assert.equal(t('fav.addedBy', 'Misty', formatAgo(now - 3 * 60_000, now)), 'added by Misty · 3 min ago');
    setLocale('es');
    assert.equal([t('connection.waiting', 1), t('connection.waiting', 2)], ['1 cambio pendiente', '2 cambios pendientes']);
    assert.equal([formatAgo(now - 10_000, now), formatAgo(now - 3 * 60_000, now), formatAgo(now - 86_400_000, now)], ['justo ahora', 'hace 3 min', 'ayer']);
    assert.equal(t('fav.addedBy', 'Misty', formatAgo(now, now)), 'añadido por Misty · justo ahora');
  } finally {
    setLocale(before);
  }
});
