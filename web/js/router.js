// location.hash mirrors state.route. Hash changes the user makes (back/forward, a pasted
// link) become {"navigate":{"route":…}}; changes written from state are not echoed back.
// A join link (#/join/CODE) is a route like any other, asked for once: accepting it moves the
// server's route on (to /favorites), and a refused one must not be asked for again.
// A sign-in link (#/signin/CODE) is not a route: it is handed to `onSignIn` (a hello of its
// own, see socket.js) and the address bar goes back to the screen on show.

import { action } from './actions.js';

/** The route in the address bar: the hash without '#', '/' when empty. */
export function currentRoute() {
  return routeOfHash(location.hash);
}

/** The route a URL's hash names. */
function routeOfHash(hash) {
  let route = hash.slice(1);
  try {
    route = decodeURI(route);
  } catch {
    // Keep a malformed escape as typed: the server answers an invalid route with a notice.
  }
  return route === '' ? '/' : route;
}

const isJoin = (route) => route.startsWith('/join/');

/** The code of a sign-in link's route (`/signin/ABCD-EFGH`), or null. */
export function signInCode(route) {
  const match = /^\/signin\/([A-Za-z0-9-]{1,32})$/.exec(route);
  return match ? match[1] : null;
}

const urlOf = (route) => (route === '/' ? location.pathname + location.search : `#${encodeURI(route)}`);

/** Writes `next` to the address bar; returns true if it stepped back in history to do so. */
function writeRoute(next) {
  const here = currentRoute();
  if (next === here) return false;
  const url = urlOf(next);
  if (history.state?.below === next) {
    history.back(); // closing what we opened: step back instead of stacking entries
    return true;
  }
  if (next.startsWith(here === '/' ? '/' : `${here}/`)) {
    history.pushState({ below: here }, '', url); // deeper: a new entry the back button undoes
  } else {
    history.replaceState({ below: history.state?.below ?? null }, '', url);
  }
  return false;
}

export function createRouter({ send, onSignIn = () => {} }) {
  let route = null; // the last route seen in state
  let requested = null; // the last route sent with navigate, until state answers
  let steppingBack = false; // our own history.back() is on its way
  let lastSignIn = null; // the sign-in link last handed on

  function navigate(target) {
    requested = target;
    send(action('navigate', { route: target }));
  }

  function userMoved(event) {
    const target = currentRoute();
    // The URL the change went to: another listener may have rewritten the address bar since.
    const code = signInCode(event?.newURL ? routeOfHash(new URL(event.newURL).hash) : target);
    if (code !== null) {
      if (route !== null) history.replaceState(history.state, '', urlOf(route));
      // Setting the hash fires popstate and hashchange: one sign-in (a code works once anyway).
      if (code !== lastSignIn) onSignIn(code);
      lastSignIn = code;
      return;
    }
    if (steppingBack) {
      // The entry below may have been rewritten since it was pushed: correct it, quietly.
      steppingBack = false;
      if (target !== route) history.replaceState(history.state, '', urlOf(route));
      return;
    }
    if (route !== null && target !== route && target !== requested) navigate(target);
  }

  window.addEventListener('popstate', userMoved);
  window.addEventListener('hashchange', userMoved);

  return {
    /** The server refused a frame: if it was a join link, put the address bar back. */
    refused() {
      if (requested === null || !isJoin(requested) || route === null) return;
      requested = null;
      if (currentRoute() !== route) history.replaceState(history.state, '', urlOf(route));
    },
    /** Follows state.route; `helloRoute` is what this page's first hello asked for. */
    update(state, previous, helloRoute) {
      const next = state.route;
      if (previous === null) {
        route = next;
        // A resumed session kept its own screen: the address bar wins, as for a new session.
        if (next !== helloRoute && state.notice === null && !isJoin(helloRoute)) navigate(helloRoute);
        else steppingBack = writeRoute(next);
        return;
      }
      if (next === route) return;
      route = next;
      // While the user's back/forward steps are still being answered, an intermediate route
      // must not rewrite the address bar (a new notice means the server refused it: do write).
      const stale = requested !== null && !isJoin(requested) && next !== requested && state.notice === previous.notice;
      requested = null;
      if (!stale) steppingBack = writeRoute(next);
    },
  };
}
