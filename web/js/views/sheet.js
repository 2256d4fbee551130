// The modal sheet: the presented screen (a detail or the Favorites) with the drill-down stack
// above it, one screen per entry keyed by its stable id. Only the top screen is visible; lower
// ones keep their DOM. Owns Escape, backdrop clicks and focus (into the sheet on open and
// push, back on close).

import { h, icon, displayName, typeName, starsLocked } from './dom.js';
import { t } from '../i18n/index.js';
import { createDetailView } from './detail.js';
import { createTypeView } from './type.js';
import { createFavoritesView } from './favorites.js';
import { action, elementAction, scoped } from '../actions.js';

const ROOT = 'presented';

const presented = (kind) => scoped(`destination.presented.${kind}`);

function screenTitle(entry) {
  if (entry.kind === 'favorites') return t('favorites');
  return entry.kind === 'type' ? typeName(entry.data.name) : displayName(entry.data.pokemon);
}

/**
 * `setStar(id, on)` sends a star's intent from any screen; `onClosed(pokemonId)` lets the list
 * focus the card of the detail that was closed; `onLocked()` is told when a read-only star is tapped.
 */
export function createSheet({ send, setStar, onClosed, onLocked }) {
  const dialog = document.getElementById('sheet');
  const screens = new Map(); // key → {kind, id, el, view, back}
  let entries = [];
  let returnFocus = null;
  let topKey = null;
  let lastPokemonId = null;

  // The detail has its own close button action; the Favorites view is dismissed.
  const close = () => {
    if (entries[0]?.kind === 'favorites') send(action('destination.dismiss'));
    else send(presented('detail')('closeTapped'));
  };

  function goBack() {
    const top = entries[entries.length - 1];
    if (top.root) close();
    else send(action('path.popFrom', { id: top.id }));
  }

  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    goBack();
  });
  dialog.addEventListener('cancel', (event) => event.preventDefault());
  dialog.addEventListener('close', () => {
    if (entries.length) dialog.showModal(); // closed by the browser, not by state: stay open
  });
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) close(); // the backdrop
  });

  function createScreen(entry) {
    const { kind, id } = entry;
    let view;
    if (kind === 'type') view = createTypeView((name, fields) => send(elementAction(id, `type.${name}`, fields)), setStar, onLocked);
    else if (kind === 'favorites') view = createFavoritesView({ act: (name, fields) => send(presented('favorites')(name, fields)), send, setStar, onLocked });
    else if (entry.root) view = createDetailView((name, fields) => send(presented('detail')(name, fields)), setStar, onLocked);
    else view = createDetailView((name, fields) => send(elementAction(id, `detail.${name}`, fields)), setStar, onLocked);
    const back = h('button', { type: 'button', class: 'bar-button back' }, icon('back'), h('span'));
    back.addEventListener('click', () => send(action('path.popFrom', { id })));
    const closeButton = h('button', { type: 'button', class: 'bar-button close', 'aria-label': t('sheet.close') }, icon('close'));
    closeButton.addEventListener('click', close);
    const bar = h('div', { class: 'screen-bar' }, entry.root ? null : back, h('span', { class: 'spacer' }), view.actions, closeButton);
    const el = h('section', { class: `screen screen-${kind}` }, bar, view.el);
    return { kind, id, el, view, back };
  }

  function reconcile(state) {
    const destination = state.destination ?? null;
    const kind = destination?.favorites && state.lists ? 'favorites' : destination?.detail ? 'detail' : null;
    // The root's key names its kind: a detail replaced by the Favorites is a new screen.
    entries = kind === null ? [] : [{ key: `${ROOT}-${kind}`, kind, root: true, data: kind === 'favorites' ? state : destination.detail }];
    if (kind !== null) {
      for (const e of state.stack ?? []) {
        const kind = 'type' in e ? 'type' : 'detail';
        entries.push({ key: `${kind}-${e.id}`, kind, id: e.id, data: e[kind] });
      }
    }
    const keys = new Set(entries.map((e) => e.key));
    for (const [key, screen] of screens) {
      if (!keys.has(key)) {
        screen.el.remove();
        screens.delete(key);
      }
    }
    entries.forEach((entry, index) => {
      let screen = screens.get(entry.key);
      if (!screen) {
        screen = createScreen(entry);
        screens.set(entry.key, screen);
      }
      if (entry.kind === 'favorites') screen.view.update(entry.data);
      else if (entry.kind === 'type') screen.view.update(entry.data, state.favorites, starsLocked(state));
      else screen.view.update(entry.data, Boolean(state.favorites[entry.data.pokemon.id]), starsLocked(state));
      if (index > 0) {
        const below = screenTitle(entries[index - 1]);
        screen.back.lastElementChild.textContent = below;
        screen.back.setAttribute('aria-label', t('sheet.back', below));
      }
      screen.el.hidden = index !== entries.length - 1;
      if (dialog.children[index] !== screen.el) dialog.insertBefore(screen.el, dialog.children[index] ?? null);
    });
  }

  function moveFocus() {
    const top = entries[entries.length - 1] ?? null;
    const key = top?.key ?? null;
    if (key === topKey) return;
    const wasOpen = topKey !== null;
    topKey = key;
    if (top && !wasOpen) {
      returnFocus = document.activeElement;
      dialog.showModal();
    }
    if (top) {
      dialog.setAttribute('aria-label', screenTitle(top));
      screens.get(key).view.title.focus();
    } else {
      dialog.close();
      if (returnFocus?.isConnected && returnFocus !== document.body) returnFocus.focus();
      else onClosed(lastPokemonId);
      returnFocus = null;
    }
  }

  return {
    /** The language changed: every screen is built again in it (focus stays on the top title). */
    relabel(state) {
      for (const screen of screens.values()) screen.el.remove();
      screens.clear();
      reconcile(state);
      const top = entries[entries.length - 1];
      if (top) {
        dialog.setAttribute('aria-label', screenTitle(top));
        if (dialog.open) screens.get(top.key).view.title.focus();
      }
    },
    update(state, previous) {
      if (
        previous &&
        state.destination === previous.destination &&
        state.stack === previous.stack &&
        state.favorites === previous.favorites &&
        state.lists === previous.lists &&
        state.me === previous.me
      ) {
        return;
      }
      reconcile(state);
      if (state.destination?.detail) lastPokemonId = state.destination.detail.pokemon.id;
      moveFocus();
    },
  };
}
