// The account dialog, opened from the header: sign in on another device (a one-time code
// shown grouped, as a link and as a QR code drawn here, with its expiry counting down), enter
// a code from another device, sign out, and sign out everywhere (after a confirmation). The
// code lives in state (`account.signIn`, this session only); the dialog's being open does not.
// "Report a problem" asks the server to record this session from now on; the reference to
// quote comes back in state (`account.report`, this session only) and shows until Done.

import { action } from '../actions.js';
import { encodeQR, qrPath } from '../qr.js';
import { h, icon } from './dom.js';
import { t } from '../i18n/index.js';

const SVG = 'http://www.w3.org/2000/svg';
const BORDER = 4;

/** "ABCDEFGH" → "ABCD-EFGH": easier to read out and type. */
export const groupedCode = (code) => (code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code);

/** Seconds left as m:ss. */
const clockText = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The link as a QR code: an SVG of the modules, light border included, that scales crisply. */
function qrSVG(text) {
  const qr = encodeQR(text, { level: 'M' });
  const side = qr.size + 2 * BORDER;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${side} ${side}`);
  svg.setAttribute('class', 'qr');
  svg.setAttribute('role', 'img');
  svg.setAttribute('shape-rendering', 'crispEdges');
  const background = document.createElementNS(SVG, 'rect');
  background.setAttribute('width', side);
  background.setAttribute('height', side);
  background.setAttribute('fill', '#fff');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', qrPath(qr, BORDER));
  path.setAttribute('fill', '#000');
  svg.append(background, path);
  return svg;
}

export function createAccountView({ send, signIn }) {
  const button = document.getElementById('account-button');
  const dialog = document.getElementById('account');
  const who = dialog.querySelector('.account-who');
  const make = dialog.querySelector('.account-make');
  const codePanel = dialog.querySelector('.account-code');
  const codeText = dialog.querySelector('.account-code-text');
  const qrBox = dialog.querySelector('.account-qr');
  const linkField = dialog.querySelector('#account-link');
  const copy = dialog.querySelector('.account-copy');
  const expiry = dialog.querySelector('.account-expiry');
  const enterForm = dialog.querySelector('.account-enter');
  const enterInput = enterForm.querySelector('input');
  const signOut = dialog.querySelector('.account-sign-out');
  const everywhere = dialog.querySelector('.account-everywhere');
  const confirmPanel = dialog.querySelector('.account-confirm');
  const confirmText = dialog.querySelector('.account-confirm-text');
  const confirmYes = dialog.querySelector('.account-confirm-yes');
  const confirmNo = dialog.querySelector('.account-confirm-no');
  const done = dialog.querySelector('.account-done');
  const reportStart = dialog.querySelector('.account-report-start');
  const reportDone = dialog.querySelector('.account-report-done');
  const reportField = dialog.querySelector('#account-report-reference');
  const reportCopy = dialog.querySelector('.account-report-copy');

  button.prepend(icon('devices'));
  copy.prepend(icon('copy'));
  reportCopy.prepend(icon('copy'));

  let shown = null; // the sign-in code on show
  let report = null; // the problem report's reference on show
  let me = null;
  let timer = 0;

  function tick() {
    if (!shown) return;
    const left = Math.max(0, Math.ceil((shown.expiresAt - Date.now()) / 1000));
    expiry.textContent = left > 0 ? t('account.expiresIn', clockText(left)) : t('account.expired');
    codePanel.classList.toggle('is-expired', left === 0);
    make.hidden = left > 0;
    if (left === 0) clearInterval(timer);
  }

  function showCode(signIn) {
    clearInterval(timer);
    const hadFocus = document.activeElement === make;
    shown = signIn;
    codePanel.hidden = signIn === null;
    make.hidden = signIn !== null;
    qrBox.replaceChildren();
    if (!signIn) return;
    codeText.textContent = groupedCode(signIn.code);
    linkField.value = signIn.link;
    const qr = qrSVG(signIn.link);
    qr.setAttribute('aria-label', t('account.qrLabel'));
    qrBox.append(qr);
    tick();
    timer = setInterval(tick, 1000);
    if (hadFocus) copy.focus(); // the button that asked is gone: the link's Copy is next
  }

  function hideConfirm() {
    confirmPanel.hidden = true;
    everywhere.hidden = false;
  }

  function showReport(next) {
    report = next;
    reportDone.hidden = next === null;
    reportStart.hidden = next !== null;
    reportField.value = next?.reference ?? '';
    reportCopy.lastChild.textContent = t('invite.copy');
  }

  function close() {
    if (shown) send(action('account.signInDismissed'));
    if (report) send(action('account.reportDismissed'));
    hideConfirm();
    dialog.close();
  }

  button.addEventListener('click', () => {
    hideConfirm();
    dialog.showModal();
    (shown ? copy : make).focus();
  });
  make.addEventListener('click', () => send(action('account.createSignInCode')));
  /** Copies `field`'s text; `button` says whether it worked. */
  async function copyField(field, button) {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      button.lastChild.textContent = t('invite.copied');
    } catch {
      button.lastChild.textContent = t('invite.copy');
    }
  }
  copy.addEventListener('click', () => copyField(linkField, copy));
  linkField.addEventListener('focus', () => linkField.select());
  reportStart.addEventListener('click', () => send(action('account.reportProblem')));
  reportCopy.addEventListener('click', () => copyField(reportField, reportCopy));
  reportField.addEventListener('focus', () => reportField.select());
  enterForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = enterInput.value.trim().toUpperCase().replace(/[\s-]/g, '');
    if (!/^[A-Z0-9]{8}$/.test(code)) {
      enterInput.setCustomValidity(t('account.enterInvalid'));
      enterInput.reportValidity();
      return;
    }
    enterInput.value = '';
    dialog.close();
    signIn(code);
  });
  enterInput.addEventListener('input', () => enterInput.setCustomValidity(''));
  signOut.addEventListener('click', () => {
    dialog.close();
    send(action('account.signOut'));
  });
  everywhere.addEventListener('click', () => {
    confirmText.textContent = t('account.everywhereText', me?.name ?? '');
    everywhere.hidden = true;
    confirmPanel.hidden = false;
    confirmNo.focus();
  });
  confirmNo.addEventListener('click', () => {
    hideConfirm();
    everywhere.focus();
  });
  confirmYes.addEventListener('click', () => {
    dialog.close();
    send(action('account.signOutEverywhere'));
  });
  done.addEventListener('click', close);
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    close();
  });
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) close(); // the backdrop
  });

  return {
    update(state, previous) {
      if (state.me !== previous?.me || !previous) {
        me = state.me ?? null;
        button.hidden = me === null;
        who.textContent = me ? t('account.who', me.name) : '';
      }
      const signIn = state.account?.signIn ?? null;
      if (signIn !== (previous?.account?.signIn ?? null) || !previous) {
        if (signIn?.code !== shown?.code || signIn?.expiresAt !== shown?.expiresAt) showCode(signIn);
      }
      const nextReport = state.account?.report ?? null;
      if (nextReport?.reference !== report?.reference || !previous) {
        const hadFocus = document.activeElement === reportStart;
        showReport(nextReport);
        if (hadFocus && nextReport) reportCopy.focus(); // the button that asked is gone
      }
    },
    /** Labels in the new language (the code panel's texts are set when shown). */
    relabel() {
      if (shown) tick();
      if (me) who.textContent = t('account.who', me.name);
    },
  };
}
