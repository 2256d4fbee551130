// Small DOM helpers shared by the views: element builder, icons, names, badges, cards.

import { t, typeName } from '../i18n/index.js';

const SVG = 'http://www.w3.org/2000/svg';
const ICONS = {
  star: 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8z',
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 5l-7 7 7 7',
  pencil: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  link: 'M10 14a4.5 4.5 0 006.4 0l3-3a4.5 4.5 0 00-6.4-6.4l-1 1M14 10a4.5 4.5 0 00-6.4 0l-3 3a4.5 4.5 0 006.4 6.4l1-1',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  users: 'M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 20c.5-3.6 3.2-6 6.5-6s6 2.4 6.5 6M16 4.3a3.5 3.5 0 010 6.5M18 14.4c2 .8 3.3 2.9 3.5 5.6',
  leave: 'M14 4h4a2 2 0 012 2v12a2 2 0 01-2 2h-4M10 16l-4-4 4-4M6 12h10',
  undo: 'M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 010 11H11',
  plus: 'M12 5v14M5 12h14',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  crown: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z',
  devices: 'M3 6a1 1 0 011-1h11a1 1 0 011 1v7H3zM1 17h14M18 9h3a1 1 0 011 1v9a1 1 0 01-1 1h-3a1 1 0 01-1-1v-9a1 1 0 011-1z',
};

/** Creates an element: props are attributes, except class, text and dataset. */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'text') el.textContent = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? '' : value);
  }
  el.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

export function icon(name) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', `icon icon-${name}`);
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', ICONS[name]);
  svg.append(path);
  return svg;
}

/** 25 → "#025" */
export const displayNumber = (id) => `#${String(id).padStart(3, '0')}`;

/** The row's name as the server sent it (the data's, in the session's language); a row whose
 * data is not known yet is called by its number. Never derived from an identifier. */
export const displayName = (row) => row.name || t('pokemon.unknown', displayNumber(row.id));

export { typeName };

function typeBadge(type) {
  return h('span', { class: `badge type-${type}`, text: typeName(type) });
}

export function starButton(name, pressed) {
  return h(
    'button',
    { type: 'button', class: 'star', 'aria-pressed': String(pressed), 'aria-label': t('star.label', name) },
    icon('star'),
  );
}

export function setPressed(button, pressed) {
  button.setAttribute('aria-pressed', String(pressed));
}

/** Viewers see the stars but cannot change them: aria-disabled keeps them focusable, with a tooltip. */
export function setLocked(button, locked) {
  if (locked) {
    button.setAttribute('aria-disabled', 'true');
    button.title = t('star.viewOnly');
  } else {
    button.removeAttribute('aria-disabled');
    button.removeAttribute('title');
  }
}

export const isLocked = (button) => button.getAttribute('aria-disabled') === 'true';

/** A star's intent is the other way from what it shows (the shown state is the server's). */
export const intendedOn = (button) => button.getAttribute('aria-pressed') !== 'true';

/** The active favorites list ({id, name, role}) or null (a server without shared lists). */
export function activeList(state) {
  const lists = state.lists;
  return lists?.all?.find((l) => l.id === lists.active) ?? null;
}

/** The name every new user's own list is stored with; shown in the interface's language. */
const PERSONAL_LIST = 'Favorites';

/** A list's name as shown: the stored default in the interface's language, any other as it is. */
export const listDisplayName = (list) => (list?.name === PERSONAL_LIST ? t('lists.personal') : list?.name ?? '');

/** True when the session's stars are read-only: the active list is shared with us as a viewer. */
export const starsLocked = (state) => activeList(state)?.role === 'viewer';

/** "Jolly Sprout 42" → "JS", for an avatar. */
export function initials(name) {
  const words = name.trim().split(/\s+/).filter((w) => /\p{L}/u.test(w));
  const letters = (words.length ? words : [name.trim()]).slice(0, 2).map((w) => [...w][0] ?? '?');
  return letters.join('').toUpperCase() || '?';
}

/** A stable colour class for a user's avatar: one of eight, from their id. */
export function avatarClass(id) {
  let hash = 0;
  for (const ch of String(id)) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `avatar avatar-${hash % 8}`;
}

/**
 * Keyed reconciliation: makes `container`'s children the elements of `items` in order, reusing
 * the element of each key from `entries` (a Map key → {el, item}). `create(item)` returns a new
 * entry's element; `update(entry, item)` refreshes one whose item changed (by identity).
 */
export function reconcile(container, entries, items, key, create, update) {
  const seen = new Set();
  let cursor = container.firstElementChild;
  for (const item of items) {
    const k = key(item);
    seen.add(k);
    let entry = entries.get(k);
    if (!entry) {
      entry = { el: null, item };
      entry.el = create(item, entry);
      entries.set(k, entry);
    } else if (entry.item !== item) {
      const old = entry.el;
      update?.(entry, item);
      entry.item = item;
      if (old === cursor) cursor = entry.el; // replaced in place: the new element is here
    }
    if (entry.el === cursor) cursor = cursor.nextElementSibling;
    else container.insertBefore(entry.el, cursor);
  }
  for (const [k, entry] of entries) {
    if (!seen.has(k)) {
      entry.el.remove();
      entries.delete(k);
    }
  }
}

/** Empties `el` and fills it with `children`. */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/**
 * A Pokémon card (li[data-id]): a .card-open button and, when `favourite` is a boolean, a
 * .star button. Views handle their clicks by delegation.
 */
export function card(row, favourite) {
  const name = displayName(row);
  return h(
    'li',
    { class: `card type-${row.types[0] ?? 'normal'}`, dataset: { id: row.id } },
    h(
      'button',
      { type: 'button', class: 'card-open' },
      h('span', { class: 'card-art' }, h('img', { class: 'sprite', src: row.sprite, alt: '', loading: 'lazy', width: 96, height: 96 })),
      h('span', { class: 'card-number', text: displayNumber(row.id) }),
      h('span', { class: 'card-name', text: name }),
      h('span', { class: 'badges' }, row.types.map(typeBadge)),
    ),
    favourite === undefined ? null : starButton(name, favourite),
  );
}
