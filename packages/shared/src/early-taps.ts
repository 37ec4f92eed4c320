/**
 * Taps made on a server-rendered public page before React has hydrated it (decision 0025: its scripts
 * load after the first paint, so for a second or two on a phone its buttons are drawn but inert).
 *
 * The API puts EARLY_TAPS_SCRIPT inline in the head of such a page, before its other scripts, allowed
 * by the CSP by its hash (apps/api/src/platform/spa.ts). In the capture phase it holds back every
 * click on a JS-only button (`button[type=button]`, a tab): not links nor submit buttons, which work
 * without scripts. The app calls `window[EARLY_TAPS_GLOBAL]()` once hydration has committed
 * (app/layouts/root-layout.tsx): the listener goes and each held button is clicked once. Hydration
 * keeps the server's nodes, so the node tapped is the one React now handles; one it replaced (a page
 * the browser had to render anew) is no longer connected and is skipped.
 *
 * - stopPropagation: React listens on #root as soon as hydrateRoot is called, before it commits; a
 *   click that reached it there would run too, and the replay would run it a second time.
 * - A button tapped several times is clicked once: a visitor taps again because nothing happened,
 *   and replaying both taps of the 'Menú' toggle would leave the menu closed.
 * - A filter (`<select>`) of a search form (`form[role=search]`, a GET form) changed before then sends
 *   the form as it is, as it would without scripts: the server renders the search. Otherwise React
 *   would show the address's value again on hydration and the choice would be lost.
 *
 * Constant text: the CSP hash is computed from these exact characters. Keep it under 1,000 bytes.
 */
export const EARLY_TAPS_GLOBAL = 'odontiaHydrated';

/**
 * The feedback while a tap is held: on a phone's slow 4G with a 4x slower CPU, measured 1.8-2.4 s from
 * a tap just after the first paint to the replay, too long for a tap without an answer. A bar at the
 * top of the page (apps/web/src/index.css), appended to <body> beside #root so that the nodes React
 * hydrates stay exactly the server's, and removed before the replay.
 */
export const EARLY_TAP_BAR_CLASS = 'early-tap-bar';

export const EARLY_TAPS_SCRIPT = `(function (w, d) {
var held = [], bar;
function hold(e) {
  var b = e.target.closest && e.target.closest('button[type=button],[role=tab]');
  if (!b) return;
  e.preventDefault();
  e.stopPropagation();
  if (held.indexOf(b) < 0) held.push(b);
  if (!bar) {
    bar = d.createElement('div');
    bar.className = '${EARLY_TAP_BAR_CLASS}';
    d.body.appendChild(bar);
  }
}
function choose(e) {
  var f = e.target.tagName == 'SELECT' && e.target.closest('form[role=search]');
  if (f) f.submit();
}
w.addEventListener('click', hold, true);
w.addEventListener('change', choose, true);
w.${EARLY_TAPS_GLOBAL} = function () {
  w.removeEventListener('click', hold, true);
  w.removeEventListener('change', choose, true);
  w.${EARLY_TAPS_GLOBAL} = null;
  if (bar) bar.remove();
  held.splice(0).forEach(function (b) {
    if (b.isConnected) b.click();
  });
};
})(window, document);`;
