import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../../platform/context.ts';
import type { PageRenderer } from '../../../platform/page-renderer.ts';
import { bootDataScript } from './boot-data.ts';
import { firstPaint } from './first-paint.ts';
import { escapeHtml, metaTags, withTitleAndDescription } from './meta-tags.ts';
import { metaForPath } from './page-meta.ts';
import { pagePreloads, type PublicPage } from './preloads.ts';

/**
 * Gives the public pages their own <title>, description, canonical URL and Open Graph tags, their
 * scripts and main image preloaded, the data of their first render, and that render itself in #root
 * (server rendering); without a renderer, or when it fails, a static first paint that the browser's
 * rendering replaces.
 */
export function createSeoTransform(deps: Deps, options: { distDir?: string; renderPage?: PageRenderer | null } = {}) {
  const preloads = pagePreloads(options.distDir);
  const { renderPage } = options;

  /** #root with the page rendered on the server (marked for hydration), or with the first paint. */
  const root = async (page: PublicPage, data: Record<string, unknown>, c: Context<AppEnv>) => {
    if (renderPage) {
      try {
        const result = await renderPage(c.req.url, data);
        if ('html' in result) return `<div id="root" data-ssr="">${result.html}</div>`;
      } catch (error) {
        // The visitor still gets the page, rendered by the browser as before.
        deps.logger.error({ err: error, path: c.req.path }, 'no se pudo renderizar la página en el servidor');
      }
    }
    return `<div id="root">${firstPaint(page)}</div>`;
  };

  return async (html: string, c: Context<AppEnv>): Promise<string> => {
    if (c.req.method !== 'GET') return html;
    const meta = await metaForPath(c, deps);
    if (!meta) return html;
    const tags = [
      ...metaTags(meta, deps.config.appUrl),
      ...(meta.page
        ? preloads[meta.page].map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`)
        : []),
      meta.preloadImage
        ? `<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" fetchpriority="high" />`
        : '',
      meta.data ? bootDataScript(meta.data) : '',
    ]
      .filter(Boolean)
      .join('\n    ');
    const rootHtml = meta.page ? await root(meta.page, meta.data ?? {}, c) : '<div id="root"></div>';
    return withTitleAndDescription(html, meta)
      .replace('<div id="root"></div>', () => rootHtml)
      .replace('</head>', () => `    ${tags}\n  </head>`);
  };
}
