import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * recharts is loaded only with the reports screen (issue 25): no module that the entry, the public
 * pages or the dashboard import statically reaches it. Lazy routes (`import()`) are where chunks split,
 * so only static imports are followed. bench js-publico checks the built chunks themselves.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STATIC_IMPORT = /(?:^|[\n;])\s*(?:import|export)(?!\s+type\b)(?:[\s\w{},*]*?\sfrom)?\s*['"]([^'"]+)['"]/g;

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.') && !specifier.startsWith('@/')) return null;
  const base = specifier.startsWith('@/')
    ? path.join(src, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every file and package the `roots` import statically (type-only imports left out). */
function staticClosure(...roots: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = roots.map((root) => path.join(src, root));
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = resolve(file, specifier);
      if (target) queue.push(target);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@/')) packages.add(specifier);
    }
  }
  return { files, packages };
}

const rel = (file: string) => path.relative(src, file);

describe('recharts stays in the reports screen', () => {
  it('is imported by the reports page (so this check can fail)', () => {
    const page = staticClosure('features/reports/pages/reports-page.tsx');
    expect(page.packages.has('recharts')).toBe(true);
    // The walk follows the app's imports: from the entry it reaches the router and the session.
    expect([...staticClosure('main.tsx').files].map(rel)).toEqual(
      expect.arrayContaining(['app/router.tsx', 'lib/session.tsx']),
    );
  });

  it('is not reached from the entry, the router, the public pages or the dashboard card', () => {
    for (const root of [
      'main.tsx',
      'app/router.tsx',
      'features/directory/pages/landing-page.tsx',
      'features/directory/pages/directory-page.tsx',
      'features/directory/pages/clinic-profile-page.tsx',
      'features/directory/pages/software-info-page.tsx',
      'features/dashboard/pages/dashboard-page.tsx',
      'features/reports/components/today-figures-card.tsx',
    ]) {
      const closure = staticClosure(root);
      expect(
        [...closure.packages].filter((p) => p.startsWith('recharts')),
        root,
      ).toEqual([]);
      expect([...closure.files].map(rel), root).not.toContain('features/reports/components/report-chart.tsx');
    }
  });
});
