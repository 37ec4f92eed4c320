import { renderToString } from 'react-dom/server';
import { loadPublicPage, publicApp } from './app/public-app';
import { renderWithBootData } from './features/directory/api/boot-data';

/*
 * The public pages rendered on the server (the API's seo-transform.ts calls `render`): the same
 * components as the browser (app/public-app.tsx), with the data the API embeds in the page, so the
 * browser hydrates the HTML (public-main.tsx) without fetching that data again. Built by
 * `vite build --ssr` into dist-ssr/.
 */

export type RenderResult = { html: string };

/**
 * The markup of #root for `url` (absolute), with `data` as the page's boot data. The page's module
 * loads first (asynchronously, once per process); the render itself is synchronous: a component that
 * would suspend shows its fallback, and client-only parts wait for hydration (useHydrated).
 */
export async function render(url: string, data: Record<string, unknown>): Promise<RenderResult> {
  const { pathname, search } = new URL(url);
  const Page = await loadPublicPage(pathname, { forServer: true });
  if (!Page) throw new Error(`${pathname} no es una página pública`);
  return { html: renderWithBootData(data, () => renderToString(publicApp(Page, { pathname, search }))) };
}
