// The client's copy of the server state. Snapshots replace it, patches produce a new
// immutable copy; subscribers are called once per animation frame with (next, previous).

import { applyPatch } from './patch.js';

export function createStore(initial = null) {
  let state = initial;
  let rendered = null;
  let frame = 0;
  const subscribers = [];

  function flush() {
    frame = 0;
    const previous = rendered;
    rendered = state;
    if (state !== previous) for (const fn of subscribers) fn(state, previous);
  }

  function schedule() {
    if (!frame) frame = requestAnimationFrame(flush);
  }

  return {
    get state() {
      return state;
    },
    reset(next) {
      state = next;
      schedule();
    },
    /** Applies ops; throws PatchError (leaving the state untouched) if they do not apply. */
    patch(ops) {
      state = applyPatch(state, ops);
      schedule();
    },
    subscribe(fn) {
      subscribers.push(fn);
      if (state) schedule();
    },
  };
}
