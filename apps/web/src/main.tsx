import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter, loadMatchedRoutes } from './app/router';
import './index.css';

const container = document.getElementById('root')!;

const app = () => (
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>
);

const render = () => {
  const start = () => {
    const root = createRoot(container);
    // As a transition the first render yields to the browser every few milliseconds instead of
    // blocking a slow phone's main thread for its whole length.
    startTransition(() => root.render(app()));
  };
  // The page's route modules first: the router then starts with them, instead of rendering nothing
  // (and warning of no HydrateFallback) while they load. If they cannot load, its error page says so.
  loadMatchedRoutes(window.location.pathname).then(start, start);
};

/** After the browser has painted what it has: React's work then never delays the first paint. */
const afterPaint = (fn: () => void) => requestAnimationFrame(() => setTimeout(fn, 0));

if (container.hasAttribute('data-ssr')) {
  // A public page the server rendered (the API's seo-transform.ts): its routes' modules load, then
  // React takes over the HTML as it is, as a transition (it yields to the browser instead of one long
  // task on a slow phone). If the modules cannot load, the page is rendered again in the browser.
  loadMatchedRoutes(window.location.pathname).then(
    () => afterPaint(() => startTransition(() => void hydrateRoot(container, app()))),
    () => render(),
  );
} else if (container.firstElementChild) {
  // The server's static first view (when it could not render the page): let the browser paint it
  // before React replaces it, instead of running first and painting everything at once.
  afterPaint(render);
} else {
  render();
}
