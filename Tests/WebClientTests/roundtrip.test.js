import { applyPatch } from '/web/js/patch.js';
import { test, assert, jsonEqual } from './harness.js';

// Random state pairs with the Swift diff between them (written by PatchCorpusExportTests):
// patch.js must turn each `before` into its `after`.
test('round trip: the Swift diff applied by patch.js gives the new state, on random states', async () => {
  const response = await fetch('/.build/web-fixtures/patch-corpus.json');
  assert.ok(response.ok, 'the corpus is written by PatchCorpusExportTests');
  const cases = await response.json();
  assert.ok(cases.length >= 100, `only ${cases.length} cases`);
  for (const [index, { before, after, ops }] of cases.entries()) {
    const frozen = JSON.stringify(before);
    const patched = applyPatch(before, ops);
    if (!jsonEqual(patched, after)) {
      throw new Error(`case ${index}: got ${JSON.stringify(patched)}, want ${JSON.stringify(after)} (ops ${JSON.stringify(ops)})`);
    }
    assert.equal(JSON.stringify(before), frozen, `case ${index} changed its input`);
  }
});
