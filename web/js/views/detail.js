// One detail screen (presented or stacked): hero with sprite, name, number, genus and type
// buttons; facts; abilities; base stats as bars. `act` wraps the detail's own actions for
// where it lives; the sheet puts the star in its bar, next to back and close.

import { h, fill, displayName, displayNumber, typeName, starButton, setPressed, setLocked, isLocked, intendedOn } from './dom.js';
import { t, statName, formatHeight, formatWeight, formatNumber } from '../i18n/index.js';

const MAX_STAT = 255;

function statTier(base) {
  if (base < 50) return 'low';
  if (base < 80) return 'mid';
  if (base < 110) return 'good';
  return 'high';
}

function statRow({ name, base }) {
  const bar = h('span', { class: `stat-bar stat-${statTier(base)}` });
  bar.style.width = `${Math.min(100, (base / MAX_STAT) * 100)}%`;
  return h(
    'div',
    { class: 'stat', role: 'listitem' },
    h('span', { class: 'stat-name', text: statName(name) }),
    h('span', { class: 'stat-value', text: formatNumber(base) }),
    h('span', { class: 'stat-track', 'aria-hidden': 'true' }, bar),
  );
}

function fact(label, value) {
  return h('div', { class: 'fact' }, h('dt', { text: label }), h('dd', { text: value }));
}

function loadedBody(info) {
  const total = info.stats.reduce((sum, s) => sum + s.base, 0);
  return [
    h(
      'dl',
      { class: 'facts' },
      fact(t('detail.height'), formatHeight(info.height)),
      fact(t('detail.weight'), formatWeight(info.weight)),
      info.baseExperience === null || info.baseExperience === undefined ? null : fact(t('detail.baseExp'), formatNumber(info.baseExperience)),
    ),
    h(
      'section',
      { class: 'panel' },
      h('h3', { text: t('detail.abilities') }),
      h(
        'ul',
        { class: 'abilities' },
        info.abilities.map((a) =>
          h('li', { class: a.hidden ? 'ability is-hidden' : 'ability' }, a.name, a.hidden ? h('span', { class: 'tag', text: t('detail.hidden') }) : null),
        ),
      ),
    ),
    h(
      'section',
      { class: 'panel' },
      h('h3', { text: t('detail.stats') }),
      h('div', { class: 'stats', role: 'list' }, info.stats.map(statRow)),
      h('p', { class: 'stat-total' }, h('span', { text: t('detail.total') }), h('strong', { text: formatNumber(total) })),
    ),
  ];
}

function loadingBody() {
  return h('div', { class: 'detail-loading', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('detail.loading'));
}

function failedBody(error) {
  return h(
    'div',
    { class: 'state state-error', role: 'alert' },
    h('p', { text: error || t('detail.failed') }),
    h('button', { type: 'button', class: 'button retry', text: t('retry') }),
  );
}

/**
 * A detail screen; `act(name, fields)` sends one of the detail's actions (`typeTapped`),
 * `setStar(id, on)` the star's intent for the Pokémon shown, `onLocked()` explains a locked star.
 */
export function createDetailView(act, setStar, onLocked) {
  const sprite = h('img', { class: 'hero-sprite', alt: '', width: 192, height: 192 });
  const number = h('p', { class: 'hero-number' });
  const title = h('h2', { class: 'hero-name', tabindex: '-1' });
  const genus = h('p', { class: 'hero-genus' });
  const types = h('div', { class: 'badges hero-types', role: 'group', 'aria-label': t('detail.types') });
  const star = starButton('', false);
  const hero = h('header', { class: 'hero' }, h('div', { class: 'hero-art' }, sprite), h('div', { class: 'hero-text' }, number, title, genus, types));
  const body = h('div', { class: 'detail-body', 'aria-live': 'polite' });
  const el = h('article', { class: 'detail' }, hero, body);

  // The intent names the Pokémon it was made for: replayed later it stars that one, whatever
  // is on screen by then.
  star.addEventListener('click', () => {
    if (isLocked(star)) onLocked();
    else if (shown) setStar(shown.pokemon.id, intendedOn(star));
  });
  types.addEventListener('click', (event) => {
    const type = event.target.closest('[data-type]')?.dataset.type;
    if (type) act('typeTapped', { type });
  });
  body.addEventListener('click', (event) => {
    if (event.target.closest('.retry')) act('retryTapped');
  });

  let shown = null;
  let starred = null;
  let locked = false;

  return {
    el,
    title,
    /** Buttons for the sheet's bar. */
    actions: star,
    update(detail, favourite, readOnly = false) {
      const before = shown;
      shown = detail;
      if (detail.pokemon !== before?.pokemon) {
        const p = detail.pokemon;
        const name = displayName(p);
        sprite.src = p.sprite;
        number.textContent = displayNumber(p.id);
        title.textContent = name;
        star.setAttribute('aria-label', t('star.label', name));
        hero.className = `hero type-${p.types[0] ?? 'normal'}`;
        fill(
          types,
          p.types.map((type) =>
            h('button', { type: 'button', class: `badge badge-button type-${type}`, dataset: { type }, 'aria-label': t('detail.typeButton', typeName(type)) }, typeName(type)),
          ),
        );
      }
      if (favourite !== starred) {
        starred = favourite;
        setPressed(star, favourite);
      }
      if (readOnly !== locked) {
        locked = readOnly;
        setLocked(star, readOnly);
      }
      if (detail.info !== before?.info || detail.status !== before?.status || detail.error !== before?.error) {
        genus.textContent = detail.info?.genus ?? '';
        if (detail.status === 'failed') fill(body, failedBody(detail.error));
        else if (detail.info) fill(body, loadedBody(detail.info));
        else fill(body, loadingBody());
      }
    },
  };
}
