// The header's identity: who I am (with an inline rename form) and the Favorites button with
// the active list's star count. Both stay hidden on a server without identities (no `me`).

import { action } from '../actions.js';
import { icon, initials, avatarClass } from './dom.js';
import { t, formatNumber } from '../i18n/index.js';

const MAX_NAME = 40;

export function createIdentityView({ send }) {
  const favorites = document.getElementById('favorites-button');
  const count = favorites.querySelector('.favorites-count');
  const me = document.getElementById('me');
  const chip = me.querySelector('.me-chip');
  const avatar = me.querySelector('.me-avatar');
  const name = me.querySelector('.me-name');
  const form = me.querySelector('.me-form');
  const input = form.querySelector('input');
  const cancel = form.querySelector('.me-cancel');

  favorites.prepend(icon('star'));
  chip.append(icon('pencil'));

  let shownMe = null;
  let shownCount = null;

  favorites.addEventListener('click', () => send(action('favoritesTapped')));

  function openForm() {
    input.value = shownMe?.name ?? '';
    input.setCustomValidity('');
    chip.hidden = true;
    form.hidden = false;
    input.focus();
    input.select();
  }

  function closeForm(refocus) {
    if (form.hidden) return;
    form.hidden = true;
    chip.hidden = false;
    if (refocus) chip.focus();
  }

  chip.addEventListener('click', openForm);
  cancel.addEventListener('click', () => closeForm(true));
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    closeForm(true);
  });
  input.addEventListener('input', () => input.setCustomValidity(''));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const next = input.value.trim().replace(/\s+/g, ' ');
    if ([...next].length < 1 || [...next].length > MAX_NAME) {
      input.setCustomValidity(t('me.invalid', MAX_NAME));
      input.reportValidity();
      return;
    }
    if (next !== shownMe?.name) {
      send(action('rename', { name: next }));
      name.textContent = next; // shown until the state answers (an error puts it back)
    }
    closeForm(true);
  });
  // Leaving the form (a click elsewhere, Tab past Cancel) keeps the old name.
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget) && event.relatedTarget !== null) closeForm(false);
  });

  return {
    update(state, previous) {
      if (state.me !== previous?.me || !previous) {
        const next = state.me ?? null;
        shownMe = next;
        me.hidden = next === null;
        if (next) {
          name.textContent = next.name;
          avatar.textContent = initials(next.name);
          avatar.className = `me-avatar ${avatarClass(next.id)}`;
          chip.setAttribute('aria-label', t('me.label', next.name));
          chip.title = t('me.rename');
        }
      }
      const stars = state.lists ? Object.keys(state.favorites ?? {}).length : null;
      if (stars !== shownCount || !previous) {
        shownCount = stars;
        favorites.hidden = stars === null;
        count.textContent = formatNumber(stars ?? 0);
        favorites.setAttribute('aria-label', t('favorites.label', stars ?? 0));
      }
    },
    /** A refused rename: show the name the state has. */
    refused() {
      if (shownMe) name.textContent = shownMe.name;
    },
  };
}
