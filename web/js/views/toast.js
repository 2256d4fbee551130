// Brief messages (a refused action, a locked star): one at a time, a few seconds each. The toast
// is a manual popover so it shows above a modal sheet or dialog (the top layer), where a
// z-index could not reach.

const DURATION = 4000;

export function createToast() {
  const el = document.getElementById('toast');
  const text = el.querySelector('.toast-text');
  const popover = typeof el.showPopover === 'function';
  let timer = 0;
  if (!popover) el.hidden = true;

  function hide() {
    clearTimeout(timer);
    el.classList.remove('is-shown');
    if (popover && el.matches(':popover-open')) el.hidePopover();
    else el.hidden = true;
  }

  el.querySelector('.toast-close').addEventListener('click', hide);

  return {
    show(message) {
      clearTimeout(timer);
      text.textContent = '';
      if (popover) {
        // Re-showing moves it above anything opened since.
        if (el.matches(':popover-open')) el.hidePopover();
        el.showPopover();
      } else {
        el.hidden = false;
      }
      el.classList.add('is-shown');
      // Written once visible, so the live region announces it.
      requestAnimationFrame(() => {
        text.textContent = message;
      });
      timer = setTimeout(hide, DURATION);
    },
  };
}
