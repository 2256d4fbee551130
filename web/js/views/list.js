// The list screen: search and type filter, keyed cards (Map id → element), load states and
// infinite scroll with a "Load more" button beside it (keyboards), and an inline Retry when
// the next page failed. Each update compares the previous and next slices and touches only what
// changed: a new page appends its cards, a star toggle flips one aria-pressed. When the active
// favorites list is shared with us as a viewer, the stars are shown but locked.

import { action } from '../actions.js';
import { h, fill, card, setPressed, setLocked, isLocked, intendedOn, starsLocked, typeName } from './dom.js';
import { t, formatNumber } from '../i18n/index.js';

const SKELETON_CARDS = 12;

/**
 * `setStar(id, on)` sends a star's intent (the one `favoriteSet`); `onLocked()` is told when a
 * locked star is tapped (to explain why nothing happens).
 */
export function createListView({ send, setStar, onLocked }) {
  const search = document.getElementById('search');
  const filter = document.getElementById('type-filter');
  const grid = document.getElementById('list');
  const summary = document.getElementById('list-summary');
  const status = document.getElementById('list-status');
  const sentinel = document.getElementById('list-end');

  const cards = new Map(); // id → {el, star, row, favourite}
  let list = null;
  let statusKey = '';
  let askedAfter = null; // the pages array a reachedEnd was sent for
  let locked = false; // the stars are read-only

  document.getElementById('toolbar').addEventListener('submit', (e) => e.preventDefault());
  search.addEventListener('input', () => send(action('list.binding', { search: search.value })));
  filter.addEventListener('change', () => send(action('list.binding', { type: filter.value || null })));
  grid.addEventListener('click', (event) => {
    const id = Number(event.target.closest('.card')?.dataset.id);
    const star = event.target.closest('.star');
    if (star && isLocked(star)) onLocked();
    else if (star) setStar(id, intendedOn(star));
    else if (event.target.closest('.card-open')) send(action('list.rowTapped', { id }));
  });
  status.addEventListener('click', (event) => {
    if (event.target.closest('.retry')) send(action('list.retryTapped'));
    else if (event.target.closest('.load-more')) askForMore();
  });

  function askForMore() {
    if (!list || list.status !== 'loaded' || !list.canLoadMore || list.isLoadingMore || list.moreError) return;
    if (askedAfter === list.pages) return;
    askedAfter = list.pages;
    send(action('list.reachedEnd'));
  }

  const observer = new IntersectionObserver(
    (entries) => {
      if (entries[entries.length - 1].isIntersecting) askForMore();
    },
    { rootMargin: '0px 0px 600px 0px' },
  );

  function renderControls(next, before) {
    if (next.types !== before?.types) {
      fill(filter, h('option', { value: '', text: t('type.all') }), next.types.map((type) => h('option', { value: type, text: typeName(type) })));
    }
    const type = next.type ?? '';
    if (filter.value !== type) filter.value = type;
    if (document.activeElement !== search && search.value !== next.search) search.value = next.search;
  }

  function renderCards(pages, favorites) {
    const seen = new Set();
    let cursor = grid.firstElementChild;
    for (const page of pages) {
      for (const row of page) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        let entry = cards.get(row.id);
        if (entry?.row !== row) {
          const old = entry?.el;
          const favourite = Boolean(favorites[row.id]);
          const el = card(row, favourite);
          entry = { el, star: el.querySelector('.star'), row, favourite };
          if (locked) setLocked(entry.star, true);
          cards.set(row.id, entry);
          if (old === cursor) {
            old.replaceWith(el);
            cursor = el;
          } else {
            old?.remove();
          }
        }
        if (entry.el === cursor) cursor = cursor.nextElementSibling;
        else grid.insertBefore(entry.el, cursor);
      }
    }
    for (const [id, entry] of cards) {
      if (!seen.has(id)) {
        entry.el.remove();
        cards.delete(id);
      }
    }
  }

  function renderStars(favorites) {
    for (const [id, entry] of cards) {
      const favourite = Boolean(favorites[id]);
      if (favourite !== entry.favourite) {
        entry.favourite = favourite;
        setPressed(entry.star, favourite);
      }
    }
  }

  function renderLocks() {
    for (const entry of cards.values()) setLocked(entry.star, locked);
  }

  function emptyMessage(next) {
    const kind = next.type ? typeName(next.type) : '';
    return next.search ? t('list.emptySearch', kind, next.search) : t('list.empty', kind);
  }

  function renderStatus(next) {
    const count = cards.size;
    let key;
    let content;
    if (next.status === 'failed') {
      key = `failed:${next.error}`;
      content = h(
        'div',
        { class: 'state state-error', role: 'alert' },
        h('p', { text: next.error || t('error.generic') }),
        h('button', { type: 'button', class: 'button retry', text: t('retry') }),
      );
    } else if (count === 0 && next.status !== 'loaded') {
      key = 'skeleton';
      const bones = Array.from({ length: SKELETON_CARDS }, () => h('li', { class: 'card skeleton' }));
      content = h('ul', { class: 'grid', 'aria-hidden': 'true' }, bones);
    } else if (count === 0) {
      key = `empty:${next.search}:${next.type}`;
      content = h('p', { class: 'state state-empty', text: emptyMessage(next) });
    } else if (next.isLoadingMore) {
      key = 'more';
      content = h('p', { class: 'state state-more' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('list.loadingMore'));
    } else if (next.moreError) {
      // A failed next page: said where the next rows would be, with its own Retry.
      key = `moreError:${next.moreError}`;
      content = h(
        'div',
        { class: 'state state-error state-more-error', role: 'alert' },
        h('p', { text: `${t('list.moreFailed')} ${next.moreError}` }),
        h('button', { type: 'button', class: 'button retry', text: t('retry') }),
      );
    } else if (next.canLoadMore) {
      key = 'loadMore';
      content = h('button', { type: 'button', class: 'button button-quiet load-more', text: t('list.loadMore') });
    } else {
      key = '';
    }
    if (key === statusKey) return;
    statusKey = key;
    fill(status, content);
  }

  return {
    update(state, previous) {
      const next = state.list;
      const before = previous?.list;
      const favoritesChanged = state.favorites !== previous?.favorites;
      if (!previous) statusKey = null; // a new language: every text again
      const nextLocked = starsLocked(state);
      if (nextLocked !== locked) {
        locked = nextLocked;
        renderLocks();
      }
      if (next === before && !favoritesChanged) return;
      list = next;
      if (next !== before) renderControls(next, before);
      if (next.pages !== before?.pages) renderCards(next.pages, state.favorites);
      if (favoritesChanged) renderStars(state.favorites);
      if (next === before) return;
      const busy = String(next.status === 'loading');
      if (grid.getAttribute('aria-busy') !== busy) grid.setAttribute('aria-busy', busy);
      grid.classList.toggle('is-stale', next.status === 'loading' && cards.size > 0);
      summary.textContent = cards.size ? t('list.summary', formatNumber(cards.size), formatNumber(next.total)) : '';
      renderStatus(next);
      // Re-observing measures the sentinel again now that the list changed.
      observer.unobserve(sentinel);
      observer.observe(sentinel);
    },
    /** The card of `id`, to give focus back to when a sheet closes. */
    focusCard(id) {
      cards.get(id)?.el.querySelector('.card-open').focus();
    },
  };
}
