// RFC 6902 JSON Patch applied immutably: add, remove, replace (and test, which StateSync's
// PatchOperation also knows). Every container on an op's path is copied, everything else is
// shared, so views can compare slices with ===.

class PatchError extends Error {}

/** Decodes a JSON Pointer (RFC 6901) into its reference tokens. */
function parsePointer(pointer) {
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new PatchError(`Bad pointer "${pointer}"`);
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function arrayIndex(array, token, forInsert) {
  if (forInsert && token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`Bad array index "${token}"`);
  const index = Number(token);
  if (index > array.length || (!forInsert && index === array.length)) {
    throw new PatchError(`Index ${index} out of range`);
  }
  return index;
}

function isContainer(value) {
  return value !== null && typeof value === 'object';
}

/** Returns a copy of `node` with `change` applied at the end of `tokens`. */
function update(node, tokens, depth, change) {
  if (!isContainer(node)) throw new PatchError(`No container at /${tokens.slice(0, depth).join('/')}`);
  const token = tokens[depth];
  const copy = Array.isArray(node) ? node.slice() : { ...node };
  if (depth === tokens.length - 1) {
    change(copy, token);
  } else {
    const key = Array.isArray(copy) ? arrayIndex(copy, token, false) : token;
    if (!Array.isArray(copy) && !Object.hasOwn(copy, key)) throw new PatchError(`Missing "${token}"`);
    copy[key] = update(copy[key], tokens, depth + 1, change);
  }
  return copy;
}

function equal(a, b) {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
}

function valueAt(doc, tokens) {
  return tokens.reduce((node, token) => {
    if (!isContainer(node) || !Object.hasOwn(node, Array.isArray(node) ? arrayIndex(node, token, false) : token)) {
      throw new PatchError(`Missing "${token}"`);
    }
    return node[token];
  }, doc);
}

function applyOp(doc, op) {
  const tokens = parsePointer(op.path);
  if (op.op === 'test') {
    if (!equal(valueAt(doc, tokens), op.value)) throw new PatchError(`Test failed at "${op.path}"`);
    return doc;
  }
  if (tokens.length === 0) {
    if (op.op === 'add' || op.op === 'replace') return op.value;
    throw new PatchError(`Cannot ${op.op} the root`);
  }
  switch (op.op) {
    case 'add':
      return update(doc, tokens, 0, (c, t) => {
        if (Array.isArray(c)) c.splice(arrayIndex(c, t, true), 0, op.value);
        else c[t] = op.value;
      });
    case 'remove':
      return update(doc, tokens, 0, (c, t) => {
        if (Array.isArray(c)) c.splice(arrayIndex(c, t, false), 1);
        else if (Object.hasOwn(c, t)) delete c[t];
        else throw new PatchError(`Cannot remove missing "${t}"`);
      });
    case 'replace':
      return update(doc, tokens, 0, (c, t) => {
        if (Array.isArray(c)) c[arrayIndex(c, t, false)] = op.value;
        else if (Object.hasOwn(c, t)) c[t] = op.value;
        else throw new PatchError(`Cannot replace missing "${t}"`);
      });
    default:
      throw new PatchError(`Unsupported op "${op.op}"`);
  }
}

/** Applies `ops` in order and returns the new document; throws PatchError on a bad op. */
export function applyPatch(doc, ops) {
  return ops.reduce(applyOp, doc);
}
