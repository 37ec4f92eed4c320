import { describe, expect, it } from 'vitest';
import { sharedModuleOf, sharedValuesImported, staticClosure } from '@/test/static-imports';

/*
 * The public pages have a JavaScript budget (issue 26): zod and the shared schemas load with the forms
 * that validate (the contact form, the booking), never with a page. A page that reads one constant or
 * rule from a module of packages/shared that imports zod downloads the library and every schema
 * (26 KB gzipped, as /clinicas did through the page-number rule).
 */

const PUBLIC_PAGES = [
  'features/directory/pages/landing-page.tsx',
  'features/directory/pages/directory-page.tsx',
  'features/directory/pages/clinic-profile-page.tsx',
  'features/directory/pages/software-info-page.tsx',
];

/** Each value a page takes from '@odontia/shared', with the packages its shared module reaches. */
const sharedPackagesOf = (root: string) =>
  [...sharedValuesImported(staticClosure(root).files)].map((name) => ({
    name,
    packages: [...staticClosure(sharedModuleOf(name)).packages],
  }));

describe('the public pages do not download the validation library', () => {
  it('is reached by the contact form (so this check can fail)', () => {
    const form = sharedPackagesOf('features/directory/components/contact-form.tsx');
    expect(form.find((x) => x.name === 'createAppointmentRequestSchema')?.packages).toContain('zod');
  });

  it.each(PUBLIC_PAGES)('%s takes nothing from a shared module that imports zod', (page) => {
    const withZod = sharedPackagesOf(page).filter((x) => x.packages.includes('zod'));
    expect(withZod.map((x) => x.name)).toEqual([]);
    expect([...staticClosure(page).packages]).not.toContain('zod');
  });
});

describe('the public pages hydrate without the staff app', () => {
  // Their entry and pages (issue 26): React Router and TanStack Query are 47 KB gzipped of a 100 KB budget.
  it.each(['public-main.tsx', ...PUBLIC_PAGES])('%s loads neither the router nor the query library', (file) => {
    const packages = [...staticClosure(file).packages];
    expect(packages).toContain('react');
    expect(packages).not.toContain('react-router');
    expect(packages).not.toContain('@tanstack/react-query');
  });

  it('is checked against what the staff app loads (so this check can fail)', () => {
    const packages = [...staticClosure('main.tsx').packages];
    expect(packages).toContain('react-router');
    expect(packages).toContain('@tanstack/react-query');
  });
});
