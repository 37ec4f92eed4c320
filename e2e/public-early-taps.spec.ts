import { expect, test, type Browser, type Page } from '@playwright/test';

/*
 * A public page is painted before its scripts come (decision 0025): on a phone its buttons are drawn
 * for a second or two before React answers them. A tap in that time is held by the page's inline
 * script and takes effect once the page is hydrated (packages/shared/src/early-taps.ts), never lost.
 * Here the scripts are held back until the test has tapped, as a slow connection would.
 */

/** A phone 412 px wide that taps with a finger. */
async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });
  return context.newPage();
}

/**
 * Holds every script the page asks for until `release()`. `asked` resolves with the first request:
 * the page has been painted (its loader asks for the scripts after the first paint).
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let onAsked!: () => void;
  const asked = new Promise<void>((resolve) => (onAsked = resolve));
  await page.route(/\/assets\/[^?]+\.js$/, async (route) => {
    onAsked();
    await released;
    await route.continue();
  });
  return { asked, release };
}

/** Console errors and uncaught errors of the page. */
function problemsOf(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The session check of a signed-out visitor answers 401 (the browser logs every failed request).
    if (/status of 401/.test(message.text()) && message.location().url.endsWith('/api/me')) return;
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const isHydrated = (page: Page) => page.evaluate(() => performance.getEntriesByName('odontia:interactive').length > 0);

test.describe('a tap made before the page is hydrated', () => {
  test("opens the phone menu once the page's scripts have come", async ({ browser }) => {
    const page = await phone(browser);
    const problems = problemsOf(page);
    const scripts = await holdScripts(page);
    await page.goto('/clinicas', { waitUntil: 'domcontentloaded' });
    await scripts.asked;

    const menu = page.getByRole('banner').getByRole('button', { name: 'Menú' });
    await menu.tap();
    expect(await isHydrated(page)).toBe(false);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    // The tap was noticed: a bar at the top while the page gets ready.
    await expect(page.locator('.early-tap-bar')).toBeVisible();

    scripts.release();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('.early-tap-bar')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Clínicas', exact: true })).toBeVisible();
    expect(await isHydrated(page)).toBe(true);
    // From now on the menu is React's own: a tap closes it, once.
    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('sends a filter chosen before then as a search that the server renders', async ({ browser }) => {
    const page = await phone(browser);
    const problems = problemsOf(page);
    const scripts = await holdScripts(page);
    await page.goto('/clinicas', { waitUntil: 'domcontentloaded' });
    await scripts.asked;

    await page.getByLabel('Ciudad').selectOption('Sevilla');
    await expect(page).toHaveURL(/\/clinicas\?.*ciudad=Sevilla/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clínicas dentales en Sevilla');
    expect(await isHydrated(page)).toBe(false);

    scripts.release();
    await expect.poll(() => isHydrated(page)).toBe(true);
    await expect(page.getByLabel('Ciudad')).toHaveValue('Sevilla');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test("shows the profile's Contacto panel once the page's scripts have come", async ({ browser, request }) => {
    const directory = await (await request.get('/clinicas?ciudad=Sevilla')).text();
    const [, profilePath] = /href="(\/clinicas\/[0-9a-f-]{36})"/.exec(directory) ?? [];
    expect(profilePath).toBeTruthy();

    const page = await phone(browser);
    const problems = problemsOf(page);
    const scripts = await holdScripts(page);
    await page.goto(profilePath, { waitUntil: 'domcontentloaded' });
    await scripts.asked;

    const contacto = page.getByRole('tab', { name: 'Contacto' });
    await contacto.tap();
    expect(await isHydrated(page)).toBe(false);
    await expect(contacto).toHaveAttribute('aria-selected', 'false');

    scripts.release();
    await expect(contacto).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Servicios' })).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel')).toContainText('Solicitar cita');
    await expect(page.getByRole('textbox', { name: 'Nombre' })).toBeVisible();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
