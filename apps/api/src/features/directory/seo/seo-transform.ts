import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../../platform/context.ts';
import type { PageRenderer } from '../../../platform/page-renderer.ts';
import { scriptsAfterFirstPaint, withEntry } from '../../../platform/spa.ts';
import { bootDataScript } from './boot-data.ts';
import { firstPaint } from './first-paint.ts';
import { escapeHtml, metaTags, withTitleAndDescription, type PageMeta } from './meta-tags.ts';
import { PageCache, type MadePage } from './page-cache.ts';
import { metaForPath, pagePath, publicPageOf } from './page-meta.ts';
import { publicScripts, type PublicPage } from './preloads.ts';

/**
 * Gives the public pages their own <title>, description, canonical URL and Open Graph tags, their
 * scripts and main image preloaded, the data of their first render, and that render itself in #root
 * (server rendering), whose scripts load after it has been painted; without a renderer, or when it
 * fails, a static first paint that the browser's rendering replaces. A made page is reused until what it shows changes (PageCache).
 */
export function createSeoTransform(
  deps: Deps,
  options: { distDir?: string; renderPage?: PageRenderer | null; cache?: PageCache } = {},
) {
  const { entry, preloads } = publicScripts(options.distDir);
  const { renderPage } = options;
  const cache = options.cache ?? new PageCache();

  /** #root with the page rendered on the server (marked for hydration), or null when it could not be. */
  const rendered = async (data: Record<string, unknown>, c: Context<AppEnv>) => {
    if (!renderPage) return null;
    try {
      const result = await renderPage(c.req.url, data);
      if ('html' in result) return `<div id="root" data-ssr="">${result.html}</div>`;
    } catch (error) {
      // The visitor still gets the page, rendered by the browser as before.
      deps.logger.error({ err: error, path: c.req.path }, 'no se pudo renderizar la página en el servidor');
    }
    return null;
  };

  const make = async (page: PublicPage, meta: PageMeta, c: Context<AppEnv>): Promise<MadePage & { reuse: boolean }> => {
    const root = await rendered(meta.data ?? {}, c);
    const headTags = [
      ...metaTags(meta, deps.config.appUrl),
      // A rendered page asks for its chunks with its entry, after the first paint.
      ...(root ? [] : preloads[page]).map(
        (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`,
      ),
      meta.preloadImage
        ? `<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" fetchpriority="high" />`
        : '',
    ]
      .filter(Boolean)
      .join('\n    ');
    return {
      meta,
      root: root ?? `<div id="root">${firstPaint(page)}</div>`,
      headTags,
      bootData: meta.data && !meta.fresh ? bootDataScript(meta.data) : null,
      rendered: root !== null,
      // A page the renderer could not make is made again next time.
      reuse: root !== null || !renderPage,
    };
  };

  return async (html: string, c: Context<AppEnv>): Promise<string> => {
    const page = publicPageOf(pagePath(c.req.path));
    if (c.req.method !== 'GET' || !page) return html;
    const { pathname, search } = new URL(c.req.url);
    const key = pathname + search;
    const version = await cache.version(deps.db);
    let made = cache.get(key, version);
    if (!made) {
      const meta = await metaForPath(c, deps);
      if (!meta) return html;
      const { reuse, ...fresh } = await make(page, meta, c);
      if (reuse) cache.set(key, version, fresh);
      made = fresh;
    }
    const { meta } = made;
    if (meta.status) c.status(meta.status);
    const bootData =
      made.bootData ?? (meta.data ? bootDataScript(meta.fresh ? { ...meta.data, ...meta.fresh() } : meta.data) : '');
    const tags = bootData ? `${made.headTags}\n    ${bootData}` : made.headTags;
    // The public pages' own entry, without the staff app (its JavaScript budget).
    const template = entry ? withEntry(html, entry) : html;
    return withTitleAndDescription(made.rendered ? scriptsAfterFirstPaint(template, preloads[page]) : template, meta)
      .replace('<div id="root"></div>', () => made.root)
      .replace('</head>', () => `    ${tags}\n  </head>`);
  };
}
