import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import './index.css';

const router = createRouter();
const container = document.getElementById('root')!;

const start = () => {
  const root = createRoot(container);
  // As a transition the first render yields to the browser every few milliseconds instead of
  // blocking a slow phone's main thread for its whole length.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
};

// Public pages arrive with a static first view from the server (the API's directory/seo.ts): let the
// browser paint it before React takes over, instead of running first and painting everything at once.
if (container.firstElementChild) requestAnimationFrame(() => setTimeout(start, 0));
else start();
