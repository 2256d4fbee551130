// The connection indicator (connected / reconnecting in Ns… / offline) and the notice banner.

import { action } from '../actions.js';

export function createConnectionView() {
  const el = document.getElementById('connection');
  const label = el.querySelector('.connection-label');
  const announce = el.querySelector('.connection-announce'); // live region: changes of kind only
  const spoken = { connected: 'Connected', offline: 'Offline', connecting: 'Connecting', reconnecting: 'Connection lost, reconnecting' };
  let timer = 0;

  function show(kind, text) {
    if (el.dataset.kind !== kind) announce.textContent = spoken[kind];
    el.dataset.kind = kind;
    if (label.textContent !== text) label.textContent = text;
  }

  return {
    update(status) {
      clearInterval(timer);
      if (status.kind === 'connected') return show('connected', 'Live');
      if (status.kind === 'offline') return show('offline', 'Offline');
      if (status.kind === 'connecting') return show('connecting', 'Connecting…');
      const tick = () => {
        const seconds = Math.ceil((status.retryAt - Date.now()) / 1000);
        show('reconnecting', seconds > 0 ? `Reconnecting in ${seconds}s…` : 'Reconnecting…');
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
