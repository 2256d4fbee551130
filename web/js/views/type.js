// A type screen pushed on the stack: the type's name and colour, then its Pokémon as cards.

import { h, fill, card, typeName } from './dom.js';

/** `onRow(id)` is called when one of the type's Pokémon is chosen. */
export function createTypeView(onRow) {
  const title = h('h2', { class: 'type-title', tabindex: '-1' });
  const count = h('p', { class: 'type-count' });
  const banner = h('header', { class: 'type-banner' }, title, count);
  const content = h('div', { class: 'type-content', 'aria-live': 'polite' });
  const el = h('article', { class: 'type-screen' }, banner, content);

  content.addEventListener('click', (event) => {
    const id = event.target.closest('.card-open') && event.target.closest('.card')?.dataset.id;
    if (id) onRow(Number(id));
  });

  let shown = null;

  return {
    el,
    title,
    actions: null,
    update(type) {
      const before = shown;
      shown = type;
      if (type.name !== before?.name) {
        title.textContent = `${typeName(type.name)} type`;
        banner.className = `type-banner type-${type.name}`;
      }
      if (type.pokemon === before?.pokemon && type.status === before?.status && type.error === before?.error) return;
      const rows = type.pokemon ?? [];
      count.textContent = type.status === 'loaded' ? `${rows.length} Pokémon` : '';
      if (type.status === 'failed') {
        fill(content, h('p', { class: 'state state-error', role: 'alert', text: type.error || 'Could not load this type.' }));
      } else if (type.status !== 'loaded' && rows.length === 0) {
        fill(content, h('p', { class: 'detail-loading', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'Loading…'));
      } else {
        fill(content, h('ul', { class: 'grid grid-compact' }, rows.map((row) => card(row))));
      }
    },
  };
}
