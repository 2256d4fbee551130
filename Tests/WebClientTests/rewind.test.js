import { timeline } from '/web/js/rewind.js';
import { test, assert } from './harness.js';

// Four lines of a recording (docs/RECORDING.md): a snapshot, two actions, their patch.
const recording = [
  { type: 'start', version: 1, session: 's1' },
  { type: 'action', n: 1, source: 'store', action: { onAppear: {} } },
  { type: 'snapshot', state: { route: '/', favorites: {} } },
  { type: 'action', n: 2, source: 'browser', frame: { navigate: { route: '/pokemon/25' } } },
  { type: 'shared', favorites: [25] },
  { type: 'action', n: 3, source: 'send', action: { destination: { presented: { detail: { onAppear: {} } } } } },
  { type: 'patch', frame: { type: 'patch', seq: 1, ops: [{ op: 'replace', path: '/route', value: '/pokemon/25' }], ack: 1 } },
  { type: 'patch', frame: { type: 'patch', seq: 2, ops: [{ op: 'add', path: '/favorites/25', value: true }] } },
].map((line) => JSON.stringify(line)).join('\n') + '\n';

test('rewind: a recording becomes the states its browser was sent, each with the actions before it', () => {
  const steps = timeline(recording);
  assert.equal(steps.map((s) => s.state), [
    { route: '/', favorites: {} },
    { route: '/pokemon/25', favorites: {} },
    { route: '/pokemon/25', favorites: { 25: true } },
  ]);
  assert.equal(steps.map((s) => s.actions.map((a) => a.n)), [[1], [2, 3], []]);
  assert.equal(steps[1].actions[0].action, { navigate: { route: '/pokemon/25' } }, 'a browser action is its frame');
  assert.equal(steps.map((s) => s.seq), [null, 1, 2]);
});

test('rewind: patches before any snapshot are skipped (nothing to apply them to)', () => {
  const lines = [{ type: 'patch', frame: { seq: 1, ops: [{ op: 'add', path: '/x', value: 1 }] } }, { type: 'snapshot', state: { x: 0 } }];
  assert.equal(timeline(lines.map((l) => JSON.stringify(l)).join('\n')).map((s) => s.state), [{ x: 0 }]);
});
