// The interface's language: message catalogs (en.js, es.js; no build step), the language of
// a new session (the one picked before, else the browser's), and Intl formatting.

import en from './en.js';
import es from './es.js';

const CATALOGS = { en, es };
export const LOCALES = Object.keys(CATALOGS);
const PICKED_KEY = 'pokedex.locale';

let locale = 'en';
let messages = en;

/** The language a new session asks for: the one picked in the header, else the first of the browser's the Pokédex speaks. */
export function preferredLocale() {
  try {
    const picked = localStorage.getItem(PICKED_KEY);
    if (picked in CATALOGS) return picked;
  } catch {}
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = String(tag).split(/[-_]/)[0].toLowerCase();
    if (primary in CATALOGS) return primary;
  }
  return 'en';
}

/** Remembers the language the user picked, for the next new session. */
export function rememberPicked(next) {
  try {
    localStorage.setItem(PICKED_KEY, next);
  } catch {}
}

export const currentLocale = () => locale;

/** Switches the interface to `next` (falling back to English); true when it changed. */
export function setLocale(next) {
  const chosen = next in CATALOGS ? next : 'en';
  if (chosen === locale) return false;
  locale = chosen;
  messages = CATALOGS[chosen];
  return true;
}

/** The message `key` in the current language, with `args` for messages that take values. */
export function t(key, ...args) {
  const message = messages[key] ?? en[key] ?? key;
  return typeof message === 'function' ? message(...args) : message;
}

export const typeName = (type) => messages.types[type] ?? en.types[type] ?? type;
export const statName = (stat) => messages.stats[stat] ?? en.stats[stat] ?? stat;

const formatters = new Map();
function formatter(options) {
  const key = `${locale}:${JSON.stringify(options)}`;
  if (!formatters.has(key)) formatters.set(key, new Intl.NumberFormat(locale, options));
  return formatters.get(key);
}

export const formatNumber = (n) => formatter({}).format(n);
/** 7 decimetres → "0.7 m" */
export const formatHeight = (dm) => formatter({ style: 'unit', unit: 'meter', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(dm / 10);
/** 69 hectograms → "6.9 kg" */
export const formatWeight = (hg) => formatter({ style: 'unit', unit: 'kilogram', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(hg / 10);

/** How long ago `ms` (milliseconds since the epoch) was, in words: "just now", "3 min ago". */
export function formatAgo(ms, now = Date.now()) {
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  if (seconds < 45) return t('time.justNow');
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return t('time.minutesAgo', minutes);
  const hours = Math.round(minutes / 60);
  if (hours < 24) return t('time.hoursAgo', hours);
  return t('time.daysAgo', Math.round(hours / 24));
}

/** Translates the static page: `data-i18n="key"` sets the text, `data-i18n-ATTR="key"` an attribute. */
export function translatePage(root = document) {
  document.documentElement.lang = locale;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const attr of ['placeholder', 'aria-label', 'content', 'title']) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`)));
  }
}
