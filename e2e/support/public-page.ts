import type { Page } from '@playwright/test';

/**
 * A public page, loaded and taken over by its scripts. The server renders these pages and the browser
 * hydrates them after the first paint, as a transition (decision 0025): until then links and search
 * forms work, but the buttons (the phone menu, the tabs, the booking) do not answer yet, and a click a
 * loaded machine sends that early is lost.
 */
export async function openPublicPage(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** The page has been hydrated, or rendered by the browser ('odontia:interactive', app/layouts/root-layout.tsx). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('odontia:interactive').length > 0);
