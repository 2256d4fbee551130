// The two small modal dialogs that live in state: the invite link (destination.favorites.invite)
// and the confirmation (alert). They open and close only when the state says so; Escape, the
// buttons and a browser-forced close become actions. Focus returns to where it was.

import { icon, listDisplayName } from './dom.js';
import { action } from '../actions.js';
import { t } from '../i18n/index.js';


/** Shared behaviour of a state-driven modal: `onCancel()` answers Escape and forced closes. */
function stateModal(dialog, onCancel) {
  let open = false;
  let returnFocus = null;

  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  });
  dialog.addEventListener('cancel', (event) => event.preventDefault());
  dialog.addEventListener('close', () => {
    if (open) {
      dialog.showModal(); // closed by the browser, not by state: stay until the state says so
      onCancel();
    }
  });

  return {
    get open() {
      return open;
    },
    show(focus) {
      if (open) return;
      open = true;
      returnFocus = document.activeElement;
      dialog.showModal();
      focus?.focus();
    },
    hide(fallbackFocus) {
      if (!open) return;
      open = false;
      dialog.close();
      const target = returnFocus?.isConnected && returnFocus !== document.body ? returnFocus : fallbackFocus?.();
      returnFocus = null;
      target?.focus();
    },
  };
}

/** The visible top screen's heading, where focus goes when the control that opened a dialog is gone. */
const sheetTitle = () => document.querySelector('#sheet[open] .screen:not([hidden]) [tabindex="-1"]');

export function createInviteDialog({ send }) {
  const dialog = document.getElementById('invite');
  const text = document.getElementById('invite-text');
  const field = document.getElementById('invite-link');
  const copy = dialog.querySelector('.copy-button');
  const status = dialog.querySelector('.copy-status');
  const done = dialog.querySelector('.invite-done');
  dialog.querySelector('.dialog-icon').append(icon('link'));
  copy.prepend(icon('copy'));
  const copyLabel = copy.lastChild;

  let asked = false; // inviteDismissed sent, waiting for the state
  const dismiss = () => {
    if (asked) return;
    asked = true;
    send(action('destination.presented.favorites.inviteDismissed'));
  };
  const modal = stateModal(dialog, dismiss);
  let shown = null;
  let listName = '';

  done.addEventListener('click', dismiss);
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dismiss(); // the backdrop
  });
  field.addEventListener('focus', () => field.select());

  function copied(ok) {
    status.textContent = ok ? t('invite.copiedStatus') : t('invite.selected');
    copyLabel.textContent = ok ? t('invite.copied') : t('invite.copy');
    copy.classList.toggle('is-done', ok);
  }

  copy.addEventListener('click', async () => {
    const link = field.value;
    try {
      if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      copied(true);
    } catch {
      // No async clipboard (plain http, permissions): select the text for the user.
      field.focus();
      field.select();
      field.setSelectionRange(0, link.length);
      let ok = false;
      try {
        ok = document.execCommand('copy');
      } catch {
        ok = false;
      }
      copied(ok);
    }
  });

  return {
    update(state, previous) {
      const invite = state.destination?.favorites?.invite ?? null;
      const active = state.lists?.all?.find((l) => l.id === state.lists.active);
      const name = active ? listDisplayName(active) : 'this list';
      if (invite === shown && name === listName) return;
      const before = shown;
      shown = invite;
      listName = name;
      if (!invite) {
        asked = false;
        modal.hide(() => document.querySelector('#sheet .invite-create') ?? sheetTitle());
        return;
      }
      text.textContent = t('invite.text', name, t(`invite.role.${invite.role}`));
      if (invite.link !== before?.link) {
        field.value = invite.link;
        status.textContent = '';
        copyLabel.textContent = t('invite.copy');
        copy.classList.remove('is-done');
      }
      modal.show(copy);
    },
    /** Something was refused: a dismissal may be asked again. */
    refused() {
      asked = false;
    },
  };
}

export function createAlertDialog({ send }) {
  const dialog = document.getElementById('alert');
  const title = document.getElementById('alert-title');
  const message = document.getElementById('alert-message');
  const cancel = dialog.querySelector('.alert-cancel');
  const confirm = dialog.querySelector('.alert-confirm');

  let answered = false;
  const answer = (kind) => {
    if (answered) return;
    answered = true;
    cancel.disabled = true;
    confirm.disabled = true;
    send(action(`alert.${kind}`));
  };
  const modal = stateModal(dialog, () => answer('cancel'));
  let shown = null;

  cancel.addEventListener('click', () => answer('cancel'));
  confirm.addEventListener('click', () => answer('confirm'));

  return {
    update(state) {
      const alert = state.alert ?? null;
      if (alert === shown) return;
      shown = alert;
      if (!alert) {
        modal.hide(sheetTitle);
        return;
      }
      answered = false;
      cancel.disabled = false;
      confirm.disabled = false;
      title.textContent = alert.title ?? t('alert.sure');
      message.textContent = alert.message ?? '';
      message.hidden = !alert.message;
      confirm.textContent = alert.confirm ?? t('alert.ok');
      // Every confirmation the protocol asks for takes something away: the safe choice has focus.
      modal.show(cancel);
    },
    /** The answer was refused: let the user answer again. */
    refused() {
      if (!shown) return;
      answered = false;
      cancel.disabled = false;
      confirm.disabled = false;
    },
  };
}
