/**
 * The JavaScript the landing downloads before it can be used, gzipped, against the budget of
 * 130 KB (KiB, as browsers' tools count), and proof that no staff screen's code comes with any
 * public page. Measured in Chromium: every script requested until the page shows its content,
 * sized by the .gz file the server sends (scripts/compress-dist.mjs).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { staticImportClosure, type ViteManifest } from '../../apps/api/src/platform/vite-manifest.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startPublicServer } from './public-server.ts';

const BUDGET_KIB = 130;

type Manifest = ViteManifest;

const PUBLIC_SOURCES = /^src\/(features\/directory\/|app\/not-found|app\/route-error|components\/ui\/sonner)/;

/** Chunks that only staff screens use: reachable from a staff screen, not from the entry or a public page. */
function staffOnlyChunks(manifest: Manifest): Set<string> {
  const closure = (keys: string[]) => staticImportClosure(manifest, keys);
  const dynamic = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry && c.src);
  const publicKeys = dynamic.filter(([, c]) => PUBLIC_SOURCES.test(c.src!)).map(([k]) => k);
  const staffKeys = dynamic.filter(([, c]) => !PUBLIC_SOURCES.test(c.src!)).map(([k]) => k);
  const entry = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const shared = closure([...entry, ...publicKeys]);
  return new Set([...closure(staffKeys)].filter((k) => !shared.has(k)).map((k) => manifest[k].file));
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function runPublicSizeBench(log: (line: string) => void): Promise<SectionResult> {
  const server = await startPublicServer();
  const manifestPath = path.join(server.distDir, '.vite', 'manifest.json');
  const manifest: Manifest | null = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null;
  const staffOnly = manifest ? staffOnlyChunks(manifest) : null;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  try {
    // The heading inside React's <main id="contenido">: the server's static first view has a heading too.
    const rendered = 'main#contenido h1';
    const pages: [string, string, string][] = [
      ['/', '/', rendered],
      ['/clinicas', '/clinicas', rendered],
      ['perfil', server.profilePath, rendered],
      ['/software-info', '/software-info', rendered],
    ];
    for (const [name, pathname, ready] of pages) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
      const page = await context.newPage();
      // Scripts asked for until React has rendered the page's heading count; what the page fetches
      // afterwards (the landing's below-the-fold sections, once loaded and idle) is reported apart.
      // (Browser code as text: this package is typed for Node, without the DOM.)
      await page.addInitScript({
        content: `new MutationObserver((_m, observer) => {
          if (window.__shownAt === undefined && document.querySelector(${JSON.stringify(ready)})) {
            window.__shownAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });`,
      });
      await page.goto(`${server.url}${pathname}`, { waitUntil: 'load' });
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      const timing = (await page.evaluate(`({
        shownAt: window.__shownAt,
        scripts: performance.getEntriesByType('resource')
          .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
          .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
      })`)) as { shownAt: number; scripts: { path: string; start: number }[] };
      await context.close();
      const scripts = new Set(timing.scripts.filter((x) => x.start <= timing.shownAt).map((x) => x.path));
      const deferred = new Set(timing.scripts.filter((x) => x.start > timing.shownAt).map((x) => x.path));

      const gz = (script: string) => {
        const file = path.join(server.distDir, script);
        return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
      };
      const total = [...scripts].reduce((sum, script) => sum + gz(script), 0);
      const later = [...deferred].reduce((sum, script) => sum + gz(script), 0);
      const staffLoaded = [...scripts, ...deferred].filter((script) => staffOnly?.has(script.replace(/^\//, '')));
      measurements.push({
        group: 'Chromium',
        name,
        metric: 'JS gzip',
        value: Math.round((total / 1024) * 10) / 10,
        unit: 'KB',
        budget: name === '/' ? { max: BUDGET_KIB } : undefined,
        note: `${scripts.size} scripts${deferred.size ? `; después, ${kib(later)} en ${deferred.size} (diferidos)` : ''}`,
      });
      measurements.push({
        group: 'Chromium',
        name,
        metric: 'scripts de personal',
        value: staffLoaded.length,
        unit: '',
        budget: { max: 0 },
        note: staffLoaded.join(', '),
      });
      log(`  ${name}: ${kib(total)}`);
    }
    notes.push(
      'Scripts pedidos hasta que la página ha cargado y muestra su contenido, medidos por su .gz (KB = 1024 bytes); los que pide después (diferidos) se muestran aparte.',
    );
    if (!staffOnly) notes.push('Sin .vite/manifest.json: no se pudo comprobar el código de personal.');
  } finally {
    await browser.close();
    await server.close();
  }
  return { title: 'Páginas públicas: JavaScript', measurements, notes };
}

export const publicSizeSection: Section = { name: 'js-publico', run: runPublicSizeBench };
