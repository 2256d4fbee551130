// Named lists in the Favorites view: "New list", and for the active list's owner "Rename"
// and "Delete". Each opens a small inline form (a phone keeps its keyboard and its place);
// deleting asks the server, which answers with a confirmation alert in state.

import { h, icon, listDisplayName } from './dom.js';
import { action } from '../actions.js';
import { t } from '../i18n/index.js';

const MAX_NAME = 60;

export function createListManager({ send }) {
  const newButton = h('button', { type: 'button', class: 'button button-small button-quiet list-new' }, icon('plus'), h('span', { text: t('lists.new') }));
  const renameButton = h('button', { type: 'button', class: 'button button-small button-quiet list-rename' }, icon('pencil'), h('span', { text: t('lists.rename') }));
  const deleteButton = h('button', { type: 'button', class: 'button button-small button-danger-outline list-delete' }, icon('trash'), h('span', { text: t('lists.delete') }));
  const tools = h('div', { class: 'list-tools' }, newButton, renameButton, deleteButton);

  const input = h('input', { type: 'text', class: 'list-name-input', maxlength: String(MAX_NAME), autocomplete: 'off', enterkeyhint: 'done' });
  const submit = h('button', { type: 'submit', class: 'button button-small list-save' });
  const cancel = h('button', { type: 'button', class: 'button button-small button-quiet list-cancel', text: t('lists.cancel') });
  const hint = h('p', { class: 'list-form-hint', role: 'status' });
  const form = h('form', { class: 'list-form', hidden: true, novalidate: true }, h('label', { class: 'visually-hidden', for: 'list-name-input' }), input, submit, cancel, hint);
  input.id = 'list-name-input';
  const label = form.querySelector('label');

  const el = h('div', { class: 'list-manager' }, tools, form);
  let mode = null; // 'create' | 'rename' | null
  let active = null;

  function open(next) {
    mode = next;
    const renaming = next === 'rename';
    label.textContent = renaming ? t('lists.renameLabel') : t('lists.newName');
    input.placeholder = renaming ? '' : t('lists.newPlaceholder');
    input.value = renaming ? listDisplayName(active) : '';
    submit.textContent = renaming ? t('lists.save') : t('lists.create');
    hint.textContent = '';
    form.hidden = false;
    tools.hidden = true;
    input.focus();
    input.select();
  }

  function close() {
    mode = null;
    form.hidden = true;
    tools.hidden = false;
  }

  newButton.addEventListener('click', () => open('create'));
  renameButton.addEventListener('click', () => open('rename'));
  deleteButton.addEventListener('click', () => active && send(action('lists.delete', { id: active.id })));
  cancel.addEventListener('click', () => {
    const back = mode === 'rename' ? renameButton : newButton;
    close();
    back.focus();
  });
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation(); // the sheet stays open: only the form closes
    cancel.click();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (name.length < 1 || name.length > MAX_NAME) {
      hint.textContent = t('lists.invalid', MAX_NAME);
      input.focus();
      return;
    }
    if (mode === 'rename' && active) {
      if (name !== listDisplayName(active)) send(action('lists.rename', { id: active.id, name }));
    } else {
      send(action('lists.create', { name }));
    }
    close();
  });

  return {
    el,
    /** `lists` is the state's `lists`: the active list decides what an owner may do. */
    update(lists) {
      active = lists.all.find((l) => l.id === lists.active) ?? null;
      const isOwner = active?.role === 'owner';
      renameButton.hidden = !isOwner;
      deleteButton.hidden = !isOwner;
      if (mode === 'rename' && !isOwner) close();
    },
  };
}
