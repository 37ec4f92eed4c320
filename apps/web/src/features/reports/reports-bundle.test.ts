import { describe, expect, it } from 'vitest';
import { rel, staticClosure } from '@/test/static-imports';

/*
 * recharts is loaded only with the reports screen (issue 25): no module that the entry, the public
 * pages or the dashboard import statically reaches it.
 */

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
