import { action, elementAction, scoped, ActionError } from '/web/js/actions.js';
import { actions } from '/web/js/action-table.js';
import { test, assert } from './harness.js';

test('actions: names and fields become the nested action', () => {
  assert.equal(action('favoriteSet', { list: 'L', id: 25, on: true }), { favoriteSet: { list: 'L', id: 25, on: true } });
  assert.equal(action('dismissNotice'), { dismissNotice: {} });
  assert.equal(action('destination.presented.favorites.inviteTapped', { role: 'viewer' }), {
    destination: { presented: { favorites: { inviteTapped: { role: 'viewer' } } } },
  });
  assert.equal(scoped('destination.presented.detail')('typeTapped', { type: 'grass' }), {
    destination: { presented: { detail: { typeTapped: { type: 'grass' } } } },
  });
});

test('actions: a stacked screen\'s action carries its id and nests under action', () => {
  assert.equal(elementAction(3, 'detail.typeTapped', { type: 'fire' }), { path: { element: { id: 3, action: { detail: { typeTapped: { type: 'fire' } } } } } });
  assert.equal(elementAction(0, 'type.rowTapped', { id: 2 }), { path: { element: { id: 0, action: { type: { rowTapped: { id: 2 } } } } } });
  assert.throws(() => elementAction('3', 'detail.typeTapped', { type: 'fire' }), ActionError, 'a string id');
  assert.throws(() => action('path.element.detail.typeTapped', { type: 'fire' }), ActionError, 'without a screen');
});

test('actions: a path with several forms takes either (list.binding)', () => {
  assert.equal(action('list.binding', { search: 'pika' }), { list: { binding: { search: 'pika' } } });
  assert.equal(action('list.binding', { type: null }), { list: { binding: { type: null } } });
  assert.throws(() => action('list.binding', { search: 'a', type: 'grass' }), ActionError, 'two forms at once');
});

test('actions: what the contract does not have is refused in the browser', () => {
  assert.throws(() => action('list.rowTaped', { id: 1 }), ActionError, 'a misspelt name');
  assert.throws(() => action('undone', { pokemonID: 1 }), ActionError, "the Store's own action");
  assert.throws(() => action('favoriteSet', { list: 'L', id: 25 }), ActionError, 'a missing field');
  assert.throws(() => action('favoriteSet', { id: 25, on: true }), ActionError, 'a star without its list');
  assert.throws(() => action('favoriteSet', { list: 'L', id: '25', on: true }), ActionError, 'a string for an integer');
  assert.throws(() => action('favoriteSet', { list: 'L', id: 2.5, on: true }), ActionError, 'a fraction for an integer');
  assert.throws(() => action('favoriteSet', { list: 'L', id: 25, on: 'yes' }), ActionError, 'a string for a boolean');
  assert.throws(() => action('favoriteSet', { list: 'L', id: 25, on: true, extra: 1 }), ActionError, 'an undeclared field');
  assert.throws(() => action('list.favoriteSet', { id: 25, on: true }), ActionError, 'the per-screen stars are gone');
  assert.throws(() => elementAction(1, 'detail.favoriteSet', { on: true }), ActionError, 'the detail star without an id is gone');
  assert.throws(() => action('list.favoriteTapped', { id: 25 }), ActionError, 'the toggle is gone');
  assert.throws(() => action('rename', { name: null }), ActionError, 'null for a string');
});

test('actions: every example builds as the server\'s table builds it', async () => {
  const response = await fetch('/.build/web-fixtures/action-examples.json');
  assert.ok(response.ok, 'the examples are written by WireContractTests');
  const examples = await response.json();
  assert.equal(examples.length > 0 && new Set(examples.map((e) => e.name)).size, Object.keys(actions).length, 'one name per table name');
  for (const { name, fields, element, json } of examples) {
    const prefix = 'path.element.';
    const built = name.startsWith(prefix) ? elementAction(element, name.slice(prefix.length), fields) : action(name, fields);
    assert.equal(built, json, name);
  }
});
