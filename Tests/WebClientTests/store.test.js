import { createStore } from '/web/js/store.js';
import { test, assert, nextFrame } from './harness.js';

test('store: subscribers hear once per frame, with the state before the frame', async () => {
  const store = createStore();
  const calls = [];
  store.subscribe((next, previous) => calls.push([next, previous]));
  store.reset({ favorites: {} });
  store.patch([{ op: 'add', path: '/favorites/1', value: true }]);
  store.patch([{ op: 'add', path: '/favorites/2', value: true }]);
  assert.equal(calls.length, 0, 'nothing before the frame');
  await nextFrame();
  assert.equal(calls, [[{ favorites: { 1: true, 2: true } }, null]]);
  store.patch([{ op: 'remove', path: '/favorites/1' }]);
  await nextFrame();
  assert.equal(calls.length, 2);
  assert.same(calls[1][1], calls[0][0], 'previous is what was rendered last');
  assert.equal(calls[1][0], { favorites: { 2: true } });
});

test('store: a patch that does not apply throws and leaves the state as it was', async () => {
  const store = createStore({ favorites: { 1: true } });
  const before = store.state;
  assert.throws(() => store.patch([{ op: 'remove', path: '/favorites/9' }]), Error);
  assert.same(store.state, before);
});

test('store: a subscriber added to a store with state is called on the next frame', async () => {
  const store = createStore({ route: '/' });
  let seen = null;
  store.subscribe((next, previous) => {
    seen = { next, previous };
  });
  await nextFrame();
  assert.equal(seen, { next: { route: '/' }, previous: null });
});

test('store: resetting to the state already rendered calls nobody', async () => {
  const state = { route: '/' };
  const store = createStore(state);
  let calls = 0;
  store.subscribe(() => {
    calls += 1;
  });
  await nextFrame();
  store.reset(state);
  await nextFrame();
  assert.equal(calls, 1);
});
