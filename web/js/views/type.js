// A type screen pushed on the stack: the type's name and colour, then its Pokémon as cards
// with their stars; a failure says so with a Retry.

import { h, fill, card, typeName, setPressed, setLocked, isLocked, intendedOn } from './dom.js';
import { t, formatNumber } from '../i18n/index.js';

/**
 * `act(name, fields)` sends one of the type screen's actions (`rowTapped`), `setStar(id, on)` a
 * card's star intent; `onLocked()` explains a locked star.
 */
export function createTypeView(act, setStar, onLocked) {
  const title = h('h2', { class: 'type-title', tabindex: '-1' });
  const count = h('p', { class: 'type-count' });
  const banner = h('header', { class: 'type-banner' }, title, count);
  const content = h('div', { class: 'type-content', 'aria-live': 'polite' });
  const el = h('article', { class: 'type-screen' }, banner, content);

  content.addEventListener('click', (event) => {
    if (event.target.closest('.retry')) return act('retryTapped');
    const id = Number(event.target.closest('.card')?.dataset.id);
    const star = event.target.closest('.star');
    if (star && isLocked(star)) onLocked();
    else if (star) setStar(id, intendedOn(star));
    else if (event.target.closest('.card-open')) act('rowTapped', { id });
  });

  let shown = null;
  let shownFavorites = null;
  let shownLocked = false;
  const stars = new Map(); // id → star button

  function renderStars(favorites, locked) {
    for (const [id, star] of stars) {
      setPressed(star, Boolean(favorites[id]));
      setLocked(star, locked);
    }
  }

  return {
    el,
    title,
    actions: null,
    update(type, favorites = {}, locked = false) {
      const before = shown;
      shown = type;
      if (type.name !== before?.name) {
        title.textContent = t('type.title', typeName(type.name));
        banner.className = `type-banner type-${type.name}`;
      }
      const rowsChanged = !(type.pokemon === before?.pokemon && type.status === before?.status && type.error === before?.error);
      if (rowsChanged) {
        const rows = type.pokemon ?? [];
        count.textContent = type.status === 'loaded' ? t('type.count', formatNumber(rows.length)) : '';
        stars.clear();
        if (type.status === 'failed') {
          fill(
            content,
            h(
              'div',
              { class: 'state state-error', role: 'alert' },
              h('p', { text: type.error || t('type.failed') }),
              h('button', { type: 'button', class: 'button retry', text: t('retry') }),
            ),
          );
        } else if (type.status !== 'loaded' && rows.length === 0) {
          fill(content, h('p', { class: 'detail-loading', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('loading')));
        } else {
          const cards = rows.map((row) => {
            const el = card(row, Boolean(favorites[row.id]));
            stars.set(row.id, el.querySelector('.star'));
            return el;
          });
          fill(content, h('ul', { class: 'grid grid-compact' }, cards));
        }
      }
      if (rowsChanged || favorites !== shownFavorites || locked !== shownLocked) {
        shownFavorites = favorites;
        shownLocked = locked;
        renderStars(favorites, locked);
      }
    },
  };
}
