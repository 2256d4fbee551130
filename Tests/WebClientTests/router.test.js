import { createRouter, currentRoute, signInCode } from '/web/js/router.js';
import { test, assert, once } from './harness.js';

const page = location.pathname;

/** Puts the address bar at `hash` without an event the routers would hear. */
function setHash(hash) {
  history.replaceState(null, '', hash ? `${page}#${hash}` : page);
}

/** A router whose sent actions are collected; it starts from a state at `route`. */
function routerAt(route, helloRoute = route) {
  const sent = [];
  const router = createRouter({ send: (action) => sent.push(action) });
  setHash(route === '/' ? '' : route);
  router.update({ route, notice: null }, null, helloRoute);
  return { router, sent };
}

test('router: currentRoute is the hash without #, / when empty, decoded when it can be', () => {
  setHash('');
  assert.equal(currentRoute(), '/');
  setHash('/pokemon/25');
  assert.equal(currentRoute(), '/pokemon/25');
  setHash('/join/a%20b');
  assert.equal(currentRoute(), '/join/a b');
  setHash('/join/%E0%A4%A');
  assert.equal(currentRoute(), '/join/%E0%A4%A', 'a malformed escape is kept as typed');
});

test('router: a first state at another route than the hello asked for navigates there', () => {
  const sent = [];
  const router = createRouter({ send: (action) => sent.push(action) });
  setHash('/pokemon/4');
  router.update({ route: '/pokemon/1', notice: null }, null, '/pokemon/4');
  assert.equal(sent, [{ navigate: { route: '/pokemon/4' } }]);
});

test('router: a deeper route pushes a history entry, a sideways one replaces it', () => {
  const { router, sent } = routerAt('/pokemon/1');
  const depth = history.length;
  const first = { route: '/pokemon/1', notice: null };
  const deeper = { route: '/pokemon/1/type/grass', notice: null };
  router.update(deeper, first, '/pokemon/1');
  assert.equal(currentRoute(), '/pokemon/1/type/grass');
  assert.equal(history.length, depth + 1, 'pushed');
  assert.equal(history.state, { below: '/pokemon/1' });
  router.update({ route: '/pokemon/2', notice: null }, deeper, '/pokemon/1');
  assert.equal(currentRoute(), '/pokemon/2');
  assert.equal(history.length, depth + 1, 'replaced');
  assert.equal(sent, [], 'routes from state are not echoed back');
});

test('router: the user changing the hash sends navigate', async () => {
  const { sent } = routerAt('/');
  const changed = once(window, 'hashchange');
  location.hash = '/pokemon/7';
  await changed;
  assert.equal(sent, [{ navigate: { route: '/pokemon/7' } }]);
});

test('router: a refused join link puts the address bar back', async () => {
  const { router, sent } = routerAt('/pokemon/1');
  const changed = once(window, 'hashchange');
  location.hash = '/join/CODE';
  await changed;
  assert.equal(sent, [{ navigate: { route: '/join/CODE' } }]);
  router.refused();
  assert.equal(currentRoute(), '/pokemon/1');
});

test('router: signInCode reads a sign-in link\'s code and nothing else', () => {
  assert.equal(signInCode('/signin/K7PQ-2XWZ'), 'K7PQ-2XWZ');
  assert.equal(signInCode('/signin/k7pq2xwz'), 'k7pq2xwz');
  assert.equal(signInCode('/signin/'), null);
  assert.equal(signInCode('/signin/a/b'), null);
  assert.equal(signInCode('/join/CODE'), null);
  assert.equal(signInCode('/pokemon/25'), null);
});

test('router: a sign-in link pasted into the address bar signs in instead of navigating', async () => {
  const signIns = [];
  const sent = [];
  const router = createRouter({ send: (action) => sent.push(action), onSignIn: (code) => signIns.push(code) });
  setHash('/pokemon/4');
  router.update({ route: '/pokemon/4', notice: null }, null, '/pokemon/4');
  // The hash a pasted link sets, and the events it fires (both: a browser fires popstate and
  // hashchange for it), without the earlier tests' routers navigating on popstate.
  const from = location.href;
  history.replaceState(null, '', `${page}#/signin/ABCD-EFGH`);
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL: from, newURL: location.href }));
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL: from, newURL: `${location.origin}${page}#/signin/ABCD-EFGH` }));
  assert.equal(signIns, ['ABCD-EFGH'], 'one sign-in for the one link');
  assert.equal(sent, [], 'no navigate to a sign-in link');
  assert.equal(currentRoute(), '/pokemon/4', 'the address bar is back on the screen on show');
});
