import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

const start = () => {
  const root = createRoot(container);
  // As a transition the first render yields to the browser every few milliseconds instead of
  // blocking a slow phone's main thread for its whole length.
  startTransition(() => root.render(app()));
};

// The page's route modules first: the router then starts with them, instead of rendering nothing
// (and warning of no HydrateFallback) while they load. If they cannot load, its error page says so.
// (The public pages the server renders have their own entry, public-main.tsx.)
loadMatchedRoutes(window.location.pathname).then(start, start);
