import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Logger } from './logger.ts';

/**
 * The web app's server renderer (apps/web/src/entry-server.tsx, built into apps/web/dist-ssr/): the
 * markup of #root for an absolute URL, given the boot data the page's first render reads.
 */
export type PageRenderer = (
  url: string,
  data: Record<string, unknown>,
) => Promise<{ html: string } | { redirect: string }>;

/**
 * Loads the renderer once at start-up; null when it is not built or cannot load, and the public
 * pages then keep the browser's rendering (with the server's first paint).
 */
export async function loadPageRenderer(file: string, logger: Logger): Promise<PageRenderer | null> {
  if (!existsSync(file)) {
    logger.warn({ file }, 'las páginas públicas se renderizan en el navegador: falta el renderizador del servidor');
    return null;
  }
  try {
    const module = (await import(pathToFileURL(file).href)) as { render?: PageRenderer };
    if (typeof module.render !== 'function') throw new Error(`${file} no exporta render()`);
    return module.render;
  } catch (error) {
    logger.error({ err: error, file }, 'no se pudo cargar el renderizador del servidor');
    return null;
  }
}
