// The only place the client builds actions. Names and fields come from the wire contract
// (action-table.js, generated from the server's ActionTable), so an action the server does not
// know, or a field of the wrong type, fails here, in the browser, not as an error frame.

import { actions, stackElement, keyed } from './action-table.js';

export class ActionError extends Error {}

const typeOf = (value) => {
  if (value === null) return 'null';
  if (Number.isInteger(value)) return 'int';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
};

/** Whether `fields` is exactly this form's fields (optional ones may be left out), well typed. */
function fits(form, fields) {
  const names = Object.keys(fields);
  if (!names.every((name) => Object.hasOwn(form, name))) return false;
  return Object.entries(form).every(([name, declared]) => {
    const optional = declared.endsWith('?');
    if (!Object.hasOwn(fields, name)) return optional;
    const type = typeOf(fields[name]);
    const allowed = declared.replace(/\?$/, '').split('|');
    return allowed.includes(type) || (optional && type === 'null');
  });
}

/** Nests `fields` under the case names of `path`; at the stack element, under `action` with `id`. */
function nest(path, fields, element) {
  let level = fields;
  for (let depth = path.length - 1; depth >= 0; depth -= 1) {
    if (depth === stackElement.length - 1 && stackElement.every((name, i) => path[i] === name)) {
      level = { id: element, action: level };
    }
    level = { [path[depth]]: level };
  }
  return level;
}

/**
 * The action `name` (a dotted path, as in docs/PROTOCOL.md) with `fields`:
 * `action('list.rowTapped', { id: 25 })` is `{"list":{"rowTapped":{"id":25}}}`.
 * Throws ActionError for a name the contract does not have or fields that fit none of its forms.
 */
export function action(name, fields = {}) {
  const forms = actions[name];
  if (!forms) throw new ActionError(`Unknown action "${name}"`);
  if (name.startsWith(`${stackElement.join('.')}.`)) throw new ActionError(`"${name}" needs a screen: use elementAction`);
  if (!forms.some((form) => fits(form, fields))) throw new ActionError(`Action "${name}" does not take ${JSON.stringify(fields)}`);
  return nest(name.split('.'), fields);
}

/**
 * An action of the stacked screen `id`: `elementAction(3, 'detail.typeTapped', { type: 'fire' })` is
 * `{"path":{"element":{"id":3,"action":{"detail":{"typeTapped":{"type":"fire"}}}}}}`.
 */
export function elementAction(id, name, fields = {}) {
  const full = `${stackElement.join('.')}.${name}`;
  const forms = actions[full];
  if (!forms) throw new ActionError(`Unknown action "${full}"`);
  if (!Number.isInteger(id)) throw new ActionError(`A stacked screen's id is an integer, not ${JSON.stringify(id)}`);
  if (!forms.some((form) => fits(form, fields))) throw new ActionError(`Action "${full}" does not take ${JSON.stringify(fields)}`);
  return nest(full.split('.'), fields, id);
}

/** A builder for the actions under `prefix`: `scoped('list')('reachedEnd')`. */
export const scoped = (prefix) => (name, fields) => action(`${prefix}.${name}`, fields);

/** The dotted name of a built action (`list.rowTapped`, `favoriteSet`), or null for one the contract does not have. */
export function nameOf(built) {
  const path = [];
  let level = built;
  while (level && typeof level === 'object' && !Array.isArray(level)) {
    if (path.length === stackElement.length && stackElement.every((name, i) => path[i] === name)) level = level.action;
    const names = Object.keys(level ?? {});
    if (names.length !== 1) return null;
    path.push(names[0]);
    const name = path.join('.');
    if (Object.hasOwn(actions, name)) return name;
    level = level[names[0]];
  }
  return null;
}

/** Whether a built action is a star's intent: sent with a key and replayed until acknowledged. */
export const isKeyed = (built) => keyed.includes(nameOf(built));
