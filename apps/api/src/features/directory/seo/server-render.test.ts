import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { EARLY_TAPS_SCRIPT } from '@odontia/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../platform/logger.ts';
import { loadPageRenderer, type PageRenderer } from '../../../platform/page-renderer.ts';
import { createTestApp, tempWebDist, type TestApp } from '../../../test/app.ts';
import { BOOT_DATA_ID } from './boot-data.ts';
import { createSeoTransform } from './seo-transform.ts';

/*
 * Issue 26: the SEO transform puts the page the web app's renderer made into #root, with the same data
 * it embeds for hydration; when the renderer fails, the page is still served with the first paint.
 */

const calls: { url: string; data: Record<string, unknown> }[] = [];
let failWith: Error | null = null;
const renderPage: PageRenderer = async (url, data) => {
  calls.push({ url, data });
  if (failWith) throw failWith;
  return { html: '<main><h1>Renderizada en el servidor</h1></main>' };
};

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await tempWebDist();
  t = await createTestApp(
    {},
    { spa: { distDir, transformHtml: (html, c) => createSeoTransform(c.var.deps, { renderPage })(html, c) } },
  );
});
afterAll(() => t.close());
beforeEach(() => {
  calls.length = 0;
  failWith = null;
});

const ENTRY_TAG = '<script type="module" crossorigin src="/assets/index-prueba.js"></script>';

const bootData = (html: string) => {
  const match = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1]) as Record<string, unknown>) : null;
};

describe('server rendering of the public pages', () => {
  it('puts the rendered page in #root, marked for hydration, from the data embedded beside it', async () => {
    const res = await t.request('/clinicas?ciudad=Madrid&pagina=2');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root" data-ssr=""><main><h1>Renderizada en el servidor</h1></main></div>');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toMatch(/\/clinicas\?ciudad=Madrid&pagina=2$/);
    // The render read exactly what the browser will read.
    expect(calls[0].data).toEqual(bootData(html));
    expect(Object.keys(calls[0].data)).toContain('/api/directorio/clinicas?ciudad=Madrid&pagina=2');
  });

  it('renders an unknown clinic as not found (null data) with a 404', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const res = await t.request(`/clinicas/${id}`);
    expect(res.status).toBe(404);
    expect(calls[0].data).toEqual({ [`/api/directorio/clinicas/${id}`]: null });
    expect(await res.text()).toContain('data-ssr=""');
  });

  it('falls back to the first paint and logs when the renderer fails, never a 500', async () => {
    failWith = new Error('boom');
    const logged = vi.spyOn(t.deps.logger, 'error');
    const res = await t.request('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('data-ssr');
    expect(html).toContain('<div id="root"><div class="flex min-h-svh flex-col bg-background"><header');
    expect(bootData(html)).toHaveProperty('/api/directorio/inicio');
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/' }),
      'no se pudo renderizar la página en el servidor',
    );
    logged.mockRestore();
  });

  it('sends the page gzipped to a browser that accepts it', async () => {
    const res = await t.request('/software-info', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(html).toContain('<div id="root" data-ssr="">');
    const plain = await t.request('/software-info');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
  });

  it('leaves the other pages to the browser', async () => {
    const res = await t.request('/dashboard');
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(0);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain(ENTRY_TAG);
    expect(html).not.toContain(EARLY_TAPS_SCRIPT);
  });

  it("loads a rendered page's scripts after its first paint, through a loader the CSP allows by hash", async () => {
    const res = await t.request('/clinicas');
    const html = await res.text();
    expect(html).not.toContain(ENTRY_TAG);
    expect(html).not.toContain('rel="modulepreload"');
    const loader = /<script data-entry="\/assets\/index-prueba\.js"[^>]*>([\s\S]*?)<\/script>/.exec(html);
    expect(loader).not.toBeNull();
    expect(loader![1]).toContain("getEntriesByName('first-contentful-paint')");
    const hash = createHash('sha256').update(loader![1]).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('holds the taps made before hydration with an inline script before any other, which the CSP allows by hash', async () => {
    for (const path of ['/', '/clinicas', '/software-info']) {
      const res = await t.request(path);
      const html = await res.text();
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      // First: a tap can come as soon as the page is painted, and the page's scripts come after.
      expect(scripts[0]![1], path).toBe('');
      expect(scripts[0]![2], path).toBe(EARLY_TAPS_SCRIPT);
      expect(scripts[0]![2]).toContain("closest('button[type=button],[role=tab]')");
      const hash = createHash('sha256').update(scripts[0]![2]!).digest('base64');
      expect(res.headers.get('content-security-policy'), path).toContain(`'sha256-${hash}'`);
      // By hash only, never 'unsafe-inline'.
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    }
    // Small: it is on every public page, inline (about 450 bytes gzipped).
    expect(EARLY_TAPS_SCRIPT.length).toBeLessThan(1_000);
  });

  it('keeps the entry script as it is on a page the renderer could not make', async () => {
    failWith = new Error('boom');
    const logged = vi.spyOn(t.deps.logger, 'error').mockImplementation(() => undefined);
    const html = await (await t.request('/software-info?x=1')).text();
    expect(html).not.toContain('data-ssr');
    expect(html).toContain(ENTRY_TAG);
    expect(html).not.toContain('data-entry=');
    // The browser renders that page anew: there is nothing to hold taps for.
    expect(html).not.toContain(EARLY_TAPS_SCRIPT);
    logged.mockRestore();
  });
});

describe("the public pages' own entry", () => {
  // As `vite build` writes them: the staff app's entry in index.html, with its chunks preloaded, and the
  // public pages' entry (public-main.tsx) in the manifest.
  const STAFF_PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/app-router.js">';
  let app: TestApp;

  beforeAll(async () => {
    const dir = await tempWebDist();
    const index = path.join(dir, 'index.html');
    await writeFile(index, (await readFile(index, 'utf8')).replace('</script>', `</script>\n    ${STAFF_PRELOAD}`));
    await mkdir(path.join(dir, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-prueba.js', isEntry: true, imports: ['_app-react.js', '_app-router.js'] },
      'src/public-main.tsx': { file: 'assets/public-prueba.js', isEntry: true, imports: ['_app-react.js'] },
      '_app-react.js': { file: 'assets/app-react.js' },
      '_app-router.js': { file: 'assets/app-router.js' },
      'src/features/directory/pages/landing-page.tsx': {
        file: 'assets/landing-page.js',
        isDynamicEntry: true,
        imports: ['_app-react.js', '_card.js'],
      },
      '_card.js': { file: 'assets/card.js' },
    };
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    app = await createTestApp(
      {},
      {
        spa: {
          distDir: dir,
          transformHtml: (html, c) => createSeoTransform(c.var.deps, { renderPage, distDir: dir })(html, c),
        },
      },
    );
  });
  afterAll(() => app.close());

  it("loads a rendered page with it, its chunks and the page's own, and nothing of the staff app", async () => {
    const html = await (await app.request('/')).text();
    expect(html).toContain('data-ssr=""');
    const loader = /<script data-entry="([^"]+)" data-preload="([^"]+)">/.exec(html);
    expect(loader?.[1]).toBe('/assets/public-prueba.js');
    const preloads = JSON.parse(loader![2].replace(/&quot;/g, '"')) as string[];
    expect(preloads.sort()).toEqual(['/assets/app-react.js', '/assets/card.js', '/assets/landing-page.js']);
    expect(html).not.toContain('index-prueba.js');
    expect(html).not.toContain('app-router.js');
  });

  it("loads it on a page the renderer could not make, the page's chunks preloaded", async () => {
    failWith = new Error('boom');
    const logged = vi.spyOn(app.deps.logger, 'error').mockImplementation(() => undefined);
    const html = await (await app.request('/')).text();
    expect(html).not.toContain('data-ssr');
    expect(html).toContain('<script type="module" crossorigin src="/assets/public-prueba.js"></script>');
    for (const chunk of ['app-react', 'landing-page', 'card']) {
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${chunk}.js" />`);
    }
    expect(html).not.toContain('index-prueba.js');
    expect(html).not.toContain('app-router.js');
    logged.mockRestore();
  });

  it("leaves the staff app's pages with theirs", async () => {
    const html = await (await app.request('/dashboard')).text();
    expect(html).toContain(ENTRY_TAG);
    expect(html).toContain(STAFF_PRELOAD);
    expect(html).not.toContain('public-prueba.js');
  });
});

describe('loadPageRenderer', () => {
  const logger = createLogger('silent');

  it('loads the built renderer', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'odontia-ssr-'));
    const file = path.join(dir, 'entry-server.mjs');
    await writeFile(file, 'export async function render(url) { return { html: `<p>${url}</p>` }; }');
    const render = await loadPageRenderer(file, logger);
    expect(await render?.('http://x/clinicas', {})).toEqual({ html: '<p>http://x/clinicas</p>' });
  });

  it('is null, with a log line, when the renderer is not built or not one', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const error = vi.spyOn(logger, 'error');
    expect(await loadPageRenderer(path.join(os.tmpdir(), 'no-existe', 'entry-server.js'), logger)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'odontia-ssr-'));
    const file = path.join(dir, 'entry-server.mjs');
    await writeFile(file, 'export const nothing = 1;');
    expect(await loadPageRenderer(file, logger)).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
  });
});
