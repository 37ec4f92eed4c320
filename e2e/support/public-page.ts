import type { Page } from '@playwright/test';

/**
 * A public page, loaded and taken over by its scripts. The server renders these pages and their scripts
 * load after the first paint (decision 0025), so the `load` event comes before React handles the page:
 * a click on a button then is held and replayed at hydration (public-early-taps.spec.ts), nothing else
 * is (arrow keys, typing); links and search forms work before.
 */
export async function openPublicPage(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** The page has been hydrated, or rendered by the browser ('odontia:interactive', app/layouts/root-layout.tsx). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('odontia:interactive').length > 0);
