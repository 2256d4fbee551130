import { applyPatch } from '/web/js/patch.js';
import { test, assert } from './harness.js';

const doc = () => ({ list: { rows: [{ id: 1 }, { id: 2 }], search: '' }, favorites: { 25: true }, detail: null });

test('patch: add sets an object member and inserts into an array (at an index and at -)', () => {
  let next = applyPatch(doc(), [{ op: 'add', path: '/favorites/7', value: true }]);
  assert.equal(next.favorites, { 25: true, 7: true });
  next = applyPatch(doc(), [{ op: 'add', path: '/list/rows/1', value: { id: 9 } }, { op: 'add', path: '/list/rows/-', value: { id: 3 } }]);
  assert.equal(next.list.rows, [{ id: 1 }, { id: 9 }, { id: 2 }, { id: 3 }]);
});

test('patch: remove and replace, in objects and arrays', () => {
  const next = applyPatch(doc(), [
    { op: 'remove', path: '/favorites/25' },
    { op: 'replace', path: '/list/search', value: 'pika' },
    { op: 'remove', path: '/list/rows/0' },
    { op: 'replace', path: '/detail', value: { id: 2 } },
  ]);
  assert.equal(next, { list: { rows: [{ id: 2 }], search: 'pika' }, favorites: {}, detail: { id: 2 } });
});

test('patch: the input is not changed, and untouched parts are shared', () => {
  const before = doc();
  const copy = JSON.parse(JSON.stringify(before));
  const next = applyPatch(before, [{ op: 'add', path: '/favorites/7', value: true }]);
  assert.equal(before, copy);
  assert.ok(next !== before && next.favorites !== before.favorites, 'the containers on the path are new');
  assert.same(next.list, before.list, 'an untouched subtree stays the same object');
});

test('patch: pointers unescape ~1 and ~0, and the empty pointer is the root', () => {
  const next = applyPatch({ 'a/b': 1, 'c~d': 2 }, [
    { op: 'replace', path: '/a~1b', value: 10 },
    { op: 'replace', path: '/c~0d', value: 20 },
  ]);
  assert.equal(next, { 'a/b': 10, 'c~d': 20 });
  assert.equal(applyPatch({ a: 1 }, [{ op: 'replace', path: '', value: [1] }]), [1]);
});

test('patch: test passes on an equal value and throws on another', () => {
  assert.equal(applyPatch(doc(), [{ op: 'test', path: '/list/rows/1', value: { id: 2 } }]), doc());
  assert.throws(() => applyPatch(doc(), [{ op: 'test', path: '/list/rows/1', value: { id: 3 } }]), Error);
});

test('patch: bad ops throw and name the problem', () => {
  const cases = [
    [{ op: 'remove', path: '/favorites/1' }, /missing/],
    [{ op: 'replace', path: '/nothing', value: 1 }, /missing/],
    [{ op: 'add', path: '/list/rows/5', value: 1 }, /out of range/],
    [{ op: 'remove', path: '/list/rows/01' }, /Bad array index/],
    [{ op: 'add', path: 'favorites', value: 1 }, /Bad pointer/],
    [{ op: 'add', path: '/list/search/x', value: 1 }, /No container/],
    [{ op: 'move', from: '/a', path: '/b' }, /Unsupported/],
    [{ op: 'remove', path: '' }, /root/],
  ];
  for (const [op, message] of cases) {
    const error = assert.throws(() => applyPatch(doc(), [op]), Error, JSON.stringify(op));
    assert.ok(message.test(error.message), `${JSON.stringify(op)}: "${error.message}" should match ${message}`);
  }
});
