import { t } from '../i18n/index.js';

// The connection indicator (connected / reconnecting in Ns… / offline) and the notice banner.

import { action } from '../actions.js';

export function createConnectionView() {
  const el = document.getElementById('connection');
  const label = el.querySelector('.connection-label');
  const announce = el.querySelector('.connection-announce'); // live region: changes of kind only
  const waiting = el.querySelector('.connection-waiting');
  let timer = 0;
  let last = null;
  let waitingCount = 0;

  function show(kind, text) {
    if (el.dataset.kind !== kind) announce.textContent = t(`spoken.${kind}`);
    el.dataset.kind = kind;
    if (label.textContent !== text) label.textContent = text;
  }

  function showWaiting() {
    waiting.hidden = waitingCount === 0;
    waiting.textContent = waitingCount ? t('connection.waiting', waitingCount) : '';
  }

  return {
    /** Star intents sent and not yet acknowledged: "2 changes waiting". */
    setWaiting(count) {
      waitingCount = count;
      showWaiting();
    },
    update(status = last) {
      showWaiting();
      if (!status) return;
      last = status;
      clearInterval(timer);
      if (status.kind === 'connected') return show('connected', t('connection.live'));
      if (status.kind === 'offline') return show('offline', t('connection.offline'));
      if (status.kind === 'connecting') return show('connecting', t('connection.connecting'));
      const tick = () => {
        const seconds = Math.ceil((status.retryAt - Date.now()) / 1000);
        show('reconnecting', seconds > 0 ? t('connection.reconnectingIn', seconds) : t('connection.reconnecting'));
      };
      tick();
      if (status.retryAt) timer = setInterval(tick, 1000);
    },
  };
}

export function createNoticeView({ send }) {
  const el = document.getElementById('notice');
  const text = el.querySelector('.notice-text');
  el.querySelector('.notice-dismiss').addEventListener('click', () => send(action('dismissNotice')));

  return {
    update(state, previous) {
      if (state.notice === previous?.notice) return;
      el.hidden = state.notice === null;
      text.textContent = state.notice ?? '';
    },
  };
}
