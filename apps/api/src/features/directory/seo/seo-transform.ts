import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../../platform/context.ts';
import { bootDataScript } from './boot-data.ts';
import { firstPaint } from './first-paint.ts';
import { escapeHtml, metaTags, withTitleAndDescription } from './meta-tags.ts';
import { metaForPath } from './page-meta.ts';
import { pagePreloads } from './preloads.ts';

/**
 * Gives the public pages their own <title>, description, canonical URL and Open Graph tags, their
 * scripts and main image preloaded, a first paint and the data of their first render.
 */
export function createSeoTransform(deps: Deps, options: { distDir?: string } = {}) {
  const preloads = pagePreloads(options.distDir);
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
    return withTitleAndDescription(html, meta)
      .replace('<div id="root"></div>', () =>
        meta.page ? `<div id="root">${firstPaint(meta.page)}</div>` : '<div id="root"></div>',
      )
      .replace('</head>', () => `    ${tags}\n  </head>`);
  };
}
