import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { renderWithBootData } from './features/directory/api/boot-data';
import { createQueryClient } from './lib/query-client';

/*
 * The public pages rendered on the server (the API's seo-transform.ts calls `render`): the same routes
 * and components as the browser, with the data the API embeds in the page, so the browser hydrates
 * the HTML (main.tsx) without fetching that data again. Built by `vite build --ssr` into dist-ssr/.
 */

const handler = createStaticHandler(routes);

export type RenderResult = { html: string } | { redirect: string };

/**
 * The markup of #root for `url` (absolute), with `data` as the page's boot data. The routes' modules
 * load first (asynchronously, once per process); the render itself is synchronous: a component that
 * would suspend shows its fallback, and client-only parts wait for hydration (useHydrated).
 */
export async function render(url: string, data: Record<string, unknown>): Promise<RenderResult> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { redirect: context.headers.get('Location') ?? '/' };
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  try {
    const html = renderWithBootData(data, () =>
      renderToString(
        <StrictMode>
          <Providers queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </StrictMode>,
      ),
    );
    return { html };
  } finally {
    // Its queries would otherwise keep their data, and the process, alive until their gcTime.
    queryClient.clear();
  }
}
