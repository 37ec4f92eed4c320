/**
 * The JavaScript each public page downloads before it is interactive, gzipped, against the budget
 * of 100 KB (KiB, as browsers' tools count; issue 26), and proof that no staff screen's code comes
 * with any public page. Measured in Chromium: every script requested until React has taken the page
 * over (the 'odontia:interactive' mark of app/layouts/root-layout.tsx), sized by the .gz file the
 * server sends (scripts/compress-dist.mjs).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { staticImportClosure, type ViteManifest } from '../../apps/api/src/platform/vite-manifest.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startPublicServer } from './public-server.ts';

const BUDGET_KIB = 100;

type Manifest = ViteManifest;

const PUBLIC_SOURCES = /^src\/(features\/directory\/|app\/not-found|app\/route-error|components\/ui\/sonner)/;

/**
 * Chunks that only staff screens use: reachable from a staff screen, not from the entry or a public
 * page. A module a public page loads lazily (its theme menu, its booking dialog) is public too.
 */
function staffOnlyChunks(manifest: Manifest): Set<string> {
  const closure = (keys: string[]) => staticImportClosure(manifest, keys);
  const dynamic = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry && c.src);
  const entry = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const publicKeys = new Set(dynamic.filter(([, c]) => PUBLIC_SOURCES.test(c.src!)).map(([k]) => k));
  // What those pages load lazily themselves; not what the entry does (it loads every route).
  for (let grew = true; grew;) {
    grew = false;
    for (const key of closure([...publicKeys])) {
      if (manifest[key].isEntry) continue;
      for (const lazy of manifest[key].dynamicImports ?? []) {
        if (publicKeys.has(lazy)) continue;
        publicKeys.add(lazy);
        grew = true;
      }
    }
  }
  const staffKeys = dynamic.filter(([k]) => !publicKeys.has(k)).map(([k]) => k);
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
    const pages: [string, string][] = [
      ['/', '/'],
      ['/clinicas', '/clinicas'],
      ['perfil', server.profilePath],
      ['/software-info', '/software-info'],
    ];
    for (const [name, pathname] of pages) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
      const page = await context.newPage();
      // Scripts asked for until React has hydrated (or rendered) the page count; what the page fetches
      // afterwards (the landing's below-the-fold sections, once loaded and idle) is reported apart.
      await page.goto(`${server.url}${pathname}`, { waitUntil: 'load' });
      // A function, not a string: the page's CSP forbids eval.
      await page.waitForFunction(() => performance.getEntriesByName('odontia:interactive').length > 0);
      await page.waitForLoadState('networkidle');
      const timing = (await page.evaluate(`({
        shownAt: performance.getEntriesByName('odontia:interactive')[0].startTime,
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
        budget: { max: BUDGET_KIB },
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
      'Scripts pedidos hasta que React ha tomado la página (hidratada desde el HTML del servidor), medidos por su .gz (KB = 1024 bytes); los que pide después (diferidos) se muestran aparte.',
    );
    if (!staffOnly) notes.push('Sin .vite/manifest.json: no se pudo comprobar el código de personal.');
  } finally {
    await browser.close();
    await server.close();
  }
  return { title: 'Páginas públicas: JavaScript', measurements, notes };
}

export const publicSizeSection: Section = { name: 'js-publico', run: runPublicSizeBench };
