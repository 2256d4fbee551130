// A small test runner for the web client's modules: `test(name, fn)` registers a test (fn may
// be async), `run()` runs them in order and returns [{name, ok, error}].

const tests = [];

export function test(name, fn) {
  tests.push({ name, fn });
}

export class AssertionError extends Error {}

/** Structural equality of JSON-like values: numbers, strings, booleans, null, arrays, objects. */
export function jsonEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
}

export const assert = {
  ok(value, message = 'expected a true value') {
    if (!value) throw new AssertionError(message);
  },
  equal(actual, expected, message = '') {
    if (!jsonEqual(actual, expected)) {
      throw new AssertionError(`${message ? `${message}: ` : ''}expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
    }
  },
  same(actual, expected, message = 'expected the same object') {
    if (actual !== expected) throw new AssertionError(message);
  },
  throws(fn, type, message = '') {
    try {
      fn();
    } catch (error) {
      if (type && !(error instanceof type)) throw new AssertionError(`${message} threw ${error}, not a ${type.name}`);
      return error;
    }
    throw new AssertionError(`${message ? `${message}: ` : ''}expected a throw`);
  },
};

/** Resolves after the next animation frame has run its callbacks. */
export const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Resolves when `target` next fires `type`. */
export const once = (target, type) => new Promise((resolve) => target.addEventListener(type, resolve, { once: true }));

export async function run() {
  const results = [];
  for (const { name, fn } of tests) {
    try {
      await fn();
      results.push({ name, ok: true });
    } catch (error) {
      results.push({ name, ok: false, error: `${error?.message ?? error}` });
    }
  }
  return results;
}
