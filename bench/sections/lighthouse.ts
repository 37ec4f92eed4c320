/**
 * Lighthouse performance of the landing, the directory and a clinic profile, mobile (its default:
 * slow 4G and a 4x slower CPU, simulated) and desktop, in the Debian Chromium the e2e tests use.
 * Budgets: >= 95 mobile, 100 desktop, and no layout shift.
 */
import lighthouse, { desktopConfig } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import type { Measurement, Section, SectionResult } from './section.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startPublicServer } from './public-server.ts';

const BUDGET = { mobile: 95, desktop: 100 } as const;
const LIGHTHOUSE_VERSION = '12.8.2';

type Audits = Record<string, { numericValue?: number } | undefined>;

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
        // A fresh browser per run: a reused headless one sometimes reports that nothing was painted (NO_FCP).
        const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
        const result = await lighthouse(
          `${server.url}${pathname}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
          form === 'desktop' ? desktopConfig : undefined,
        ).finally(() => chrome.kill());
        const lhr = result!.lhr;
        if (lhr.runtimeError) {
          notes.push(`${name} ${form}: error de Lighthouse ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          measurements.push({ group: form, name, metric: 'rendimiento', value: 0, unit: '', budget: { min: BUDGET[form] }, note: 'error de Lighthouse' });
          continue;
        }
        const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
        const audits = lhr.audits as unknown as Audits;
        const metric = (id: string) => audits[id]?.numericValue ?? NaN;
        const cls = metric('cumulative-layout-shift');
        const note =
          `FCP ${(metric('first-contentful-paint') / 1000).toFixed(2)} s, LCP ${(metric('largest-contentful-paint') / 1000).toFixed(2)} s, ` +
          `TBT ${Math.round(metric('total-blocking-time'))} ms`;
        measurements.push({ group: form, name, metric: 'rendimiento', value: score, unit: '', budget: { min: BUDGET[form] }, note });
        measurements.push({ group: form, name, metric: 'CLS', value: cls, unit: '', budget: { max: 0 } });
        log(`  lighthouse ${name} ${form}: ${score}`);
      }
    }
  } finally {
    await server.close();
  }
  notes.push(`Lighthouse ${LIGHTHOUSE_VERSION}, Chromium ${CHROMIUM_PATH}; móvil: 4G lenta y CPU 4x simuladas (su configuración por defecto); escritorio: su configuración de escritorio.`);
  return { title: 'Lighthouse', measurements, notes };
}

export const lighthouseSection: Section = { name: 'lighthouse', run: runLighthouseBench };
