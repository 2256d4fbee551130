// The Favorites view's who and when: each card's "added by Misty · 3 min ago", the order of the
// cards (number, name, date added: state, `destination.favorites.sort`), and the list's
// activity (`lists.activity`, newest first, live) with Undo. Times are relative, computed here
// and refreshed every half minute.

import { h, icon, initials, avatarClass, reconcile, displayNumber } from './dom.js';
import { t, formatAgo } from '../i18n/index.js';

export const SORTS = ['number', 'name', 'added'];

/** "added by Misty · 3 min ago" for a row of `lists.pokemon` (null when the row does not say). */
export function attribution(row, now = Date.now()) {
  if (!Number.isInteger(row.addedAt)) return null;
  const ago = formatAgo(row.addedAt, now);
  return h('p', { class: 'card-added', dataset: { at: row.addedAt, by: row.addedBy?.name ?? '' }, text: addedText(row.addedBy?.name, ago) });
}

const addedText = (name, ago) => (name ? t('fav.addedBy', name, ago) : t('fav.added', ago));

/** The sentence of one activity entry. */
export function eventText(event) {
  const actor = event.actor?.name ?? t('activity.someone');
  const pokemon = event.pokemon ? event.pokemon.name || displayNumber(event.pokemon.id) : '';
  const subject = event.subject?.name ?? t('activity.someone');
  const role = event.role ? t(`fav.${event.role}`) : '';
  const text = t(`activity.${event.kind}`, actor, { pokemon, subject, role, name: event.name ?? '' });
  return event.undoes !== null && event.undoes !== undefined ? `${text} ${t('activity.undone')}` : text;
}

/**
 * The sort control and the activity section. `act(name, fields)` sends a Favorites action
 * (`sortChanged`), `send` any other (`lists.undo`, built by `undoAction`).
 */
export function createActivityView({ act, send, undoAction }) {
  const sortName = 'fav-sort';
  const sort = h(
    'fieldset',
    { class: 'segmented fav-sort' },
    h('legend', { class: 'visually-hidden', text: t('fav.sortBy') }),
    SORTS.map((by) => h('label', { class: 'segment' }, h('input', { type: 'radio', name: sortName, value: by }), h('span', { text: t(`fav.sort.${by}`) }))),
  );
  sort.addEventListener('change', (event) => {
    const by = event.target.closest('input')?.value;
    if (by) act('sortChanged', { by });
  });

  const list = h('ol', { class: 'activity', 'aria-label': t('fav.activity') });
  const empty = h('p', { class: 'fav-hint activity-empty', text: t('fav.activityEmpty') });
  const undo = h('button', { type: 'button', class: 'button button-small button-quiet undo' }, icon('undo'), h('span', { text: t('fav.undo') }));
  undo.addEventListener('click', () => send(undoAction()));
  const section = h(
    'section',
    { class: 'fav-section fav-activity', 'aria-labelledby': 'fav-activity-title' },
    h('div', { class: 'fav-section-head' }, h('h3', { id: 'fav-activity-title', text: t('fav.activity') }), undo),
    list,
    empty,
  );

  const entries = new Map();
  let shown = { activity: null, sort: null };

  function entry(event) {
    return h(
      'li',
      { class: 'activity-item', dataset: { id: event.id, kind: event.kind } },
      h('span', { class: avatarClass(event.actor?.id ?? ''), 'aria-hidden': 'true' }, initials(event.actor?.name ?? '?')),
      h('span', { class: 'activity-text', text: eventText(event) }),
      h('time', { class: 'activity-time', datetime: new Date(event.at).toISOString(), dataset: { at: event.at }, text: formatAgo(event.at) }),
    );
  }

  /** Every relative time on the Favorites view, again (`root`: the view's element). */
  function refreshTimes(root) {
    const now = Date.now();
    for (const el of root.querySelectorAll('.activity-time')) el.textContent = formatAgo(Number(el.dataset.at), now);
    for (const el of root.querySelectorAll('.card-added')) el.textContent = addedText(el.dataset.by, formatAgo(Number(el.dataset.at), now));
  }

  return {
    sort,
    section,
    refreshTimes,
    /** `activity`: `lists.activity`; `sortBy`: `destination.favorites.sort`; `canWrite`: not a viewer. */
    update(activity = [], sortBy = 'number', canWrite = false) {
      if (sortBy !== shown.sort) {
        for (const input of sort.querySelectorAll('input')) input.checked = input.value === sortBy;
      }
      if (activity !== shown.activity) {
        reconcile(list, entries, activity, (e) => e.id, entry, (item, e) => {
          const next = entry(e);
          item.el.replaceWith(next);
          item.el = next;
        });
        list.hidden = activity.length === 0;
        empty.hidden = activity.length > 0;
      }
      undo.hidden = !canWrite;
      // An empty log has no star of mine in it: nothing to undo.
      undo.disabled = activity.length === 0;
      shown = { activity, sort: sortBy };
    },
  };
}
