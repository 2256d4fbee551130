// `/?rewind=SESSION` (a server with --debug): a session's recording (docs/RECORDING.md) shown by
// the same views, read-only. The recording's snapshot and patches are the states its browser
// was sent; a slider moves between them, and "Follow" keeps fetching the recording so a live
// session is shown as it acts. Stands where the socket stands in main.js: what the views send
// goes nowhere.

import { applyPatch } from './patch.js';

/** The states a recording's lines say the browser had: one step per snapshot or patch, with
 * the actions reduced since the step before. */
export function timeline(text) {
  const steps = [];
  let state = null;
  let actions = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line);
    if (entry.type === 'action') {
      actions.push({ n: entry.n, source: entry.source, action: entry.frame ?? entry.action });
    } else if (entry.type === 'snapshot') {
      state = entry.state;
      steps.push({ state, actions, seq: null });
      actions = [];
    } else if (entry.type === 'patch' && state) {
      state = applyPatch(state, entry.frame.ops);
      steps.push({ state, actions, seq: entry.frame.seq });
      actions = [];
    }
  }
  return steps;
}

/** A short name of an action: its dotted path (`list.rowTapped`). */
function actionName(action) {
  const path = [];
  let node = action;
  while (node && typeof node === 'object' && !Array.isArray(node)) {
    const keys = Object.keys(node);
    if (keys.length !== 1) break;
    path.push(keys[0]);
    node = node[keys[0]];
  }
  return path.join('.');
}

export function createRewind({ session, onState, onStatus }) {
  const bar = document.createElement('div');
  bar.id = 'rewind';
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', 'Rewind');
  bar.style.cssText = 'position:fixed;left:0;right:0;bottom:0;z-index:1000;padding:.5rem 1rem;'
    + 'background:#222;color:#fff;font:14px system-ui;display:flex;gap:1rem;align-items:center';
  bar.innerHTML = '<strong>Rewind</strong><input id="rewind-slider" type="range" min="0" max="0" value="0">'
    + '<span id="rewind-step"></span><label><input id="rewind-follow" type="checkbox"> Follow</label>';
  document.body.append(bar);
  const slider = bar.querySelector('#rewind-slider');
  slider.style.flex = '1';
  const label = bar.querySelector('#rewind-step');
  const follow = bar.querySelector('#rewind-follow');
  let steps = [];
  let timer = 0;

  function show(index) {
    const step = steps[index];
    if (!step) return;
    slider.value = String(index);
    const names = step.actions.map((a) => `${a.n} ${actionName(a.action)}`);
    label.textContent = `${index + 1}/${steps.length}${names.length ? ': ' + names.join(', ') : ''}`;
    bar.dataset.step = String(index);
    onState(step.state);
  }

  async function load() {
    const answer = await fetch(`/debug/sessions/${encodeURIComponent(session)}/recording`, { cache: 'no-store' });
    if (!answer.ok) {
      label.textContent = `no recording (${answer.status})`;
      return;
    }
    // Following, or at the last step: the new last step; else the step being looked at.
    const atEnd = follow.checked || !bar.dataset.step || Number(slider.value) >= steps.length - 1;
    steps = timeline(await answer.text());
    slider.max = String(Math.max(0, steps.length - 1));
    bar.dataset.steps = String(steps.length);
    show(atEnd ? steps.length - 1 : Number(slider.value));
  }

  slider.addEventListener('input', () => show(Number(slider.value)));
  follow.addEventListener('change', () => {
    clearInterval(timer);
    if (!follow.checked) return;
    load();
    timer = setInterval(load, 1000);
  });
  onStatus({ kind: 'offline' });
  load();
  // For tests and the console: the steps and a way to show one.
  window.pokedexRewind = { get steps() { return steps; }, show, reload: load };

  return { send() {}, signIn() {}, position: null };
}
