import { createIntents, targetOf } from '/web/js/intents.js';
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

test('intents: star actions are the keyed ones', () => {
  assert.ok(isKeyed(action('list.favoriteSet', { id: 25, on: true })));
  assert.ok(isKeyed(elementAction(2, 'detail.favoriteSet', { on: false })));
  assert.ok(isKeyed(action('destination.presented.favorites.favoriteSet', { id: 4, on: false })));
  assert.ok(!isKeyed(action('list.rowTapped', { id: 25 })));
  assert.ok(!isKeyed(action('lists.undo')));
  assert.equal(nameOf(elementAction(0, 'type.favoriteSet', { id: 2, on: true })), 'path.element.type.favoriteSet');
});

test('intents: waiting ones are kept until settled, the latest per star only, across a reload', () => {
  const storage = memoryStorage();
  const counts = [];
  const intents = createIntents({ storage, makeKey: counter(), onChange: (n) => counts.push(n) });
  const k1 = intents.add(action('list.favoriteSet', { id: 25, on: true }));
  const k2 = intents.add(action('list.favoriteSet', { id: 4, on: true }));
  // A newer intent on #25 says all the first did.
  const k3 = intents.add(action('list.favoriteSet', { id: 25, on: false }));
  assert.equal(intents.pending.map((i) => i.key), [k2, k3]);
  assert.equal(counts, [1, 2, 2]);
  assert.equal(targetOf(action('list.favoriteSet', { id: 25, on: true })), targetOf(action('list.favoriteSet', { id: 25, on: false })));

  // A reload of the tab finds them.
  const reloaded = createIntents({ storage, makeKey: counter() });
  assert.equal(reloaded.pending, [
    { key: k2, action: { list: { favoriteSet: { id: 4, on: true } } } },
    { key: k3, action: { list: { favoriteSet: { id: 25, on: false } } } },
  ]);
  reloaded.settle(k1); // already replaced: nothing to do
  reloaded.settle(k2);
  reloaded.settle(k3);
  assert.equal(reloaded.count, 0);
  assert.equal(storage.items.size, 0, 'nothing waits: nothing kept');
});

test('intents: a tab that becomes another user drops the ones it kept', () => {
  const storage = memoryStorage();
  const counts = [];
  const intents = createIntents({ storage, makeKey: counter(), onChange: (n) => counts.push(n) });
  intents.add(action('list.favoriteSet', { id: 25, on: true }));
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
  left.add(action('list.favoriteSet', { id: 7, on: true }));
  const intents = createIntents({ storage, makeKey: counter() });
  try {
    const socket = createSocket({ url: 'ws://test/ws', resume: null, route: () => '/', onSnapshot() {}, onPatch() {}, onStatus() {}, intents });
    const first = await connected(0);
    assert.equal(first.actions().map((f) => [f.key, f.action]), [['left-1', { list: { favoriteSet: { id: 7, on: true } } }]]);

    socket.send(action('list.favoriteSet', { id: 25, on: true }));
    socket.send(action('list.favoriteSet', { id: 4, on: false }));
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
    assert.equal(second.actions().map((f) => [f.key, f.action]), [['k1', { list: { favoriteSet: { id: 25, on: true } } }]]);
    assert.ok(second.actions()[0].ref > sent[3].ref, 'a fresh ref');
    second.receive({ type: 'ack', ref: second.actions()[0].ref, key: 'k1' });
    assert.equal(intents.count, 0);
    assert.equal(storage.items.size, 0);
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
