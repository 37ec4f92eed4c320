import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { EARLY_TAPS_SCRIPT } from '@odontia/shared';
import type { AppEnv } from './context.ts';

export type SpaOptions = {
  distDir: string;
  /** Lets public pages get their own title, description and Open Graph tags from the server. */
  transformHtml?: (html: string, c: Context<AppEnv>) => Promise<string> | string;
};

/** SHA-256 of each inline <script> in index.html, for the CSP's script-src. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`sha256-${createHash('sha256').update(match[1]).digest('base64')}`);
  }
  return hashes;
}

/**
 * Loads a server-rendered page's scripts once its HTML has been painted. On a phone's connection
 * the entry (React, the router, the query library: about 120 KB) otherwise shares the bandwidth with
 * the page's styles and main image before anything shows, although the page needs none of it to be
 * seen; its links and GET forms work without it. Constant text, so the CSP allows it by its hash;
 * what it loads comes from its own data attributes (see `scriptsAfterFirstPaint`).
 */
const AFTER_PAINT_LOADER = `(function (s) {
  var done = false;
  function load() {
    if (done) return;
    done = true;
    JSON.parse(s.dataset.preload || '[]').forEach(function (href) {
      var l = document.createElement('link');
      l.rel = 'modulepreload';
      l.crossOrigin = '';
      l.href = href;
      document.head.appendChild(l);
    });
    var e = document.createElement('script');
    e.type = 'module';
    e.crossOrigin = '';
    e.src = s.dataset.entry;
    document.head.appendChild(e);
  }
  var P = window.PerformanceObserver;
  if (P && P.supportedEntryTypes && P.supportedEntryTypes.indexOf('paint') >= 0) {
    new P(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(load, 0);
    }).observe({ type: 'paint', buffered: true });
    // A tab opened in the background paints when shown; a page that never paints still loads.
    setTimeout(load, 5000);
  } else {
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
  }
})(document.currentScript);`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/**
 * index.html with another entry script (the public pages' own, public-main.tsx) instead of the staff
 * app's, and without the staff entry's `modulepreload`s: the page lists its own.
 */
export function withEntry(html: string, src: string): string {
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, () => `<script type="module" crossorigin src="${src.replace(/[&"]/g, '')}"></script>`);
}

/**
 * index.html with its entry script (and `modulepreloads`, the page's own chunks) loaded by
 * AFTER_PAINT_LOADER after the first paint, for a page whose #root the server has rendered; and,
 * before any other script, EARLY_TAPS_SCRIPT, which holds the taps on its buttons made before the
 * page is hydrated so that the app replays them then (packages/shared/src/early-taps.ts).
 */
export function scriptsAfterFirstPaint(html: string, modulepreloads: string[]): string {
  const loaded = html.replace(ENTRY_SCRIPT, (_tag, src: string) => {
    const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const preload = modulepreloads.length ? ` data-preload="${attribute(JSON.stringify(modulepreloads))}"` : '';
    return `<script data-entry="${attribute(src)}"${preload}>${AFTER_PAINT_LOADER}</script>`;
  });
  return loaded.replace('<script', () => `<script>${EARLY_TAPS_SCRIPT}</script>\n    <script`);
}

/** Every inline script the app's pages may carry: index.html's own, the after-paint loader and the early taps'. */
export function appScriptHashes(indexHtml: string): string[] {
  return [
    ...inlineScriptHashes(indexHtml),
    ...inlineScriptHashes(`<script>${AFTER_PAINT_LOADER}</script>`),
    ...inlineScriptHashes(`<script>${EARLY_TAPS_SCRIPT}</script>`),
  ];
}

export function readIndexHtml(distDir: string): string | null {
  const file = path.join(distDir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** The built single-page app: hashed assets cached for a year, a missing one 404, every other path gets index.html. */
export function createSpaRoutes(options: SpaOptions) {
  const indexHtml = readIndexHtml(options.distDir);
  const app = new Hono<AppEnv>();
  if (indexHtml) {
    // Files are precompressed at build time (scripts/compress-dist.mjs): no compression work per request.
    // Vite puts a content hash in every asset name, so they never change.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    const staticFiles = serveStatic({ root: options.distDir, index: '', precompressed: true });
    // A folder ('/', '/demo') is a page, not a file: serveStatic would try to read the folder itself.
    const isFolder = (urlPath: string) => {
      if (urlPath.endsWith('/')) return true;
      try {
        return statSync(path.join(options.distDir, decodeURIComponent(urlPath))).isDirectory();
      } catch {
        return false;
      }
    };
    app.use('*', (c, next) => (isFolder(c.req.path) ? next() : staticFiles(c, next)));
    // An asset the build no longer has (a page loaded before a new release asks for its old script) is
    // missing, not a page: index.html in its place would fail as a script of type text/html.
    app.get('/assets/*', (c) => c.text('No encontrado', 404));
  }
  app.get('*', async (c) => {
    if (!indexHtml) {
      return c.text('La aplicación web no está compilada: ejecuta "npm run build" o "npm start".', 503);
    }
    const html = options.transformHtml ? await options.transformHtml(indexHtml, c) : indexHtml;
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    // A public page carries its rendered content and data (60-100 KB): gzipped it is a fifth of that
    // on a phone's connection. Level 4 keeps the work per page well under a millisecond.
    if (html.length > 1024 && /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) {
      c.header('Content-Encoding', 'gzip');
      c.header('Content-Type', 'text/html; charset=UTF-8');
      return c.body(gzipSync(html, { level: 4 }));
    }
    return c.html(html);
  });
  return app;
}
