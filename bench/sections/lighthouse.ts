/**
 * Lighthouse performance of the landing, the directory and a clinic profile, mobile (its default:
 * slow 4G and a 4x slower CPU, simulated) and desktop, in the Debian Chromium the e2e tests use.
 * Budgets: >= 98 mobile (issue 26), 100 desktop, and no layout shift.
 */
import lighthouse, { desktopConfig } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startPublicServer } from './public-server.ts';

const BUDGET = { mobile: 98, desktop: 100 } as const;
const LIGHTHOUSE_VERSION = '12.8.2';

type Audits = Record<string, { numericValue?: number } | undefined>;

/** Runs per page and form factor; the median is reported. LIGHTHOUSE_RUNS overrides it. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS) || 3;

type Run = { score: number; fcp: number; lcp: number; tbt: number; cls: number };

async function audit(url: string, form: 'mobile' | 'desktop'): Promise<Run | { error: string }> {
  // A fresh browser per run: a reused headless one sometimes reports that nothing was painted (NO_FCP).
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      form === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result!.lhr;
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code} ${lhr.runtimeError.message}` };
    const audits = lhr.audits as unknown as Audits;
    const metric = (id: string) => audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

async function runLighthouseBench(log: (line: string) => void): Promise<SectionResult> {
  const server = await startPublicServer();
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  try {
    const pages: [string, string][] = [
      ['/', '/'],
      ['/clinicas', '/clinicas'],
      ['perfil', server.profilePath],
    ];
    for (const [name, pathname] of pages) {
      for (const form of ['mobile', 'desktop'] as const) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) {
          const run = await audit(`${server.url}${pathname}`, form);
          if ('error' in run) notes.push(`${name} ${form}: error de Lighthouse ${run.error}`);
          else runs.push(run);
        }
        if (!runs.length) {
          measurements.push({
            group: form,
            name,
            metric: 'rendimiento',
            value: 0,
            unit: '',
            budget: { min: BUDGET[form] },
            note: 'error de Lighthouse',
          });
          continue;
        }
        // The median run by score (Lighthouse's own advice: scores vary between runs, above all on a busy machine).
        runs.sort((a, b) => a.score - b.score);
        const median = runs[Math.floor(runs.length / 2)];
        const note =
          `mediana de ${runs.length} (${runs.map((r) => r.score).join(', ')}): FCP ${(median.fcp / 1000).toFixed(2)} s, ` +
          `LCP ${(median.lcp / 1000).toFixed(2)} s, TBT ${Math.round(median.tbt)} ms`;
        measurements.push({
          group: form,
          name,
          metric: 'rendimiento',
          value: median.score,
          unit: '',
          budget: { min: BUDGET[form] },
          note,
        });
        measurements.push({
          group: form,
          name,
          metric: 'CLS (máximo)',
          value: Math.max(...runs.map((r) => r.cls)),
          unit: '',
          budget: { max: 0 },
        });
        log(`  lighthouse ${name} ${form}: ${runs.map((r) => r.score).join(', ')}`);
      }
    }
  } finally {
    await server.close();
  }
  notes.push(
    `Lighthouse ${LIGHTHOUSE_VERSION}, Chromium ${CHROMIUM_PATH}, ${RUNS} pasadas por página; móvil: 4G lenta y CPU 4x simuladas (su configuración por defecto); escritorio: su configuración de escritorio.`,
  );
  return { title: 'Lighthouse', measurements, notes };
}

export const lighthouseSection: Section = { name: 'lighthouse', run: runLighthouseBench };
