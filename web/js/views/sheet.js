// The modal sheet: the presented detail with the drill-down stack above it, one screen per
// entry keyed by its stable id. Only the top screen is visible; lower ones keep their DOM.
// Owns Escape, backdrop clicks and focus (into the sheet on open and push, back on close).

import { h, icon, displayName, typeName } from './dom.js';
import { createDetailView } from './detail.js';
import { createTypeView } from './type.js';

const ROOT = 'presented';

const presented = (action) => ({ destination: { presented: { detail: action } } });
const element = (id, action) => ({ path: { element: { id, action } } });

function screenTitle(entry) {
  return entry.kind === 'type' ? typeName(entry.data.name) : displayName(entry.data.pokemon.name);
}

/** `onClosed(pokemonId)` lets the list focus the card of the detail that was closed. */
export function createSheet({ send, onClosed }) {
  const dialog = document.getElementById('sheet');
  const screens = new Map(); // key → {kind, id, el, view, back}
  let entries = [];
  let returnFocus = null;
  let topKey = null;
  let lastPokemonId = null;

  const close = () => send(presented({ closeTapped: {} }));

  function goBack() {
    const top = entries[entries.length - 1];
    if (top.key === ROOT) close();
    else send({ path: { popFrom: { id: top.id } } });
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
    if (kind === 'type') view = createTypeView((row) => send(element(id, { type: { rowTapped: { id: row } } })));
    else if (entry.key === ROOT) view = createDetailView((action) => send(presented(action)));
    else view = createDetailView((action) => send(element(id, { detail: action })));
    const back = h('button', { type: 'button', class: 'bar-button back' }, icon('back'), h('span'));
    back.addEventListener('click', () => send({ path: { popFrom: { id } } }));
    const closeButton = h('button', { type: 'button', class: 'bar-button close', 'aria-label': 'Close' }, icon('close'));
    closeButton.addEventListener('click', close);
    const bar = h('div', { class: 'screen-bar' }, entry.key === ROOT ? null : back, h('span', { class: 'spacer' }), view.actions, closeButton);
    const el = h('section', { class: `screen screen-${kind}` }, bar, view.el);
    return { kind, id, el, view, back };
  }

  function reconcile(state) {
    const detail = state.destination?.detail ?? null;
    entries = detail === null ? [] : [{ key: ROOT, kind: 'detail', data: detail }];
    if (detail !== null) {
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
      if (entry.kind === 'type') screen.view.update(entry.data);
      else screen.view.update(entry.data, Boolean(state.favorites[entry.data.pokemon.id]));
      if (index > 0) {
        const below = screenTitle(entries[index - 1]);
        screen.back.lastElementChild.textContent = below;
        screen.back.setAttribute('aria-label', `Back to ${below}`);
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
    update(state, previous) {
      if (
        previous &&
        state.destination === previous.destination &&
        state.stack === previous.stack &&
        state.favorites === previous.favorites
      ) {
        return;
      }
      reconcile(state);
      if (state.destination?.detail) lastPokemonId = state.destination.detail.pokemon.id;
      moveFocus();
    },
  };
}
