import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadPublicPage, publicApp } from './app/public-app';

/*
 * The entry of the public pages (the API serves it on them, apps/api/src/features/directory/seo/):
 * React and the page, without the staff app's router and query library. Its styles come with the
 * page's HTML (index.html's stylesheet).
 */

const container = document.getElementById('root')!;
const location = { pathname: window.location.pathname, search: window.location.search };

/** After the browser has painted what it has: React's work then never delays the first paint. */
const afterPaint = (fn: () => void) => requestAnimationFrame(() => setTimeout(fn, 0));

loadPublicPage(location.pathname).then(
  (Page) => {
    if (!Page) return;
    // As a transition React yields to the browser every few milliseconds instead of one long task on a slow phone.
    if (container.hasAttribute('data-ssr')) {
      // The server rendered the page: React takes the HTML over as it is.
      afterPaint(() => startTransition(() => void hydrateRoot(container, publicApp(Page, location))));
    } else {
      // The server could not render it (its static first view is there): the browser renders it.
      afterPaint(() => {
        const root = createRoot(container);
        startTransition(() => root.render(publicApp(Page, location)));
      });
    }
  },
  // The server's HTML stays: its links and forms work without scripts.
  (error: unknown) => console.error(error),
);
