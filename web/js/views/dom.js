// Small DOM helpers shared by the views: element builder, icons, names, badges, cards.

const SVG = 'http://www.w3.org/2000/svg';
const ICONS = {
  star: 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8z',
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 5l-7 7 7 7',
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

const capitalise = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/** "mr-mime" → "Mr Mime" */
export const displayName = (name) => name.split('-').map(capitalise).join(' ');

/** 25 → "#025" */
export const displayNumber = (id) => `#${String(id).padStart(3, '0')}`;

export const typeName = capitalise;

function typeBadge(type) {
  return h('span', { class: `badge type-${type}`, text: typeName(type) });
}

export function starButton(name, pressed) {
  return h(
    'button',
    { type: 'button', class: 'star', 'aria-pressed': String(pressed), 'aria-label': `Favourite ${name}` },
    icon('star'),
  );
}

export function setPressed(button, pressed) {
  button.setAttribute('aria-pressed', String(pressed));
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
  const name = displayName(row.name);
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
