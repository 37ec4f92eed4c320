import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { baseURL } from './playwright.config';
import { createClinicOwner, ok } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { hydrated } from './support/public-page';

/*
 * Issue 26: the public pages are rendered on the server. Their content is in the HTML (for a visitor
 * without JavaScript and for search engines), and the browser takes that HTML over without errors,
 * without fetching again the data it came with and without moving anything.
 */

/** Console errors and warnings, uncaught errors and API requests of a page from its first byte. */
function watch(page: Page) {
  const problems: string[] = [];
  const apiRequests: string[] = [];
  page.on('console', (message) => {
    // The session check of a signed-out visitor answers 401 (the browser logs every failed request).
    if (/status of 401/.test(message.text()) && message.location().url.endsWith('/api/me')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(url.pathname + url.search);
  });
  return { problems, apiRequests };
}

/** The layout shifts of the page so far (Cumulative Layout Shift, without those right after input). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

/** Hydrated, and so the header's theme menu, which only the browser shows, is there. */
const hydratedWithThemeMenu = async (page: Page) => {
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Cambiar tema', includeHidden: true })).toBeAttached();
};

test.describe('server-rendered public pages', () => {
  test('arrive with their content, and the browser takes them over without errors, refetching or shifts', async ({
    page,
    request,
  }) => {
    const directory = await (await request.get('/clinicas?ciudad=Sevilla')).text();
    const [, profilePath] = /href="(\/clinicas\/[0-9a-f-]{36})"/.exec(directory) ?? [];
    expect(profilePath).toBeTruthy();

    const pages: { path: string; html: RegExp[]; embedded: string[]; heading: string }[] = [
      {
        path: '/',
        // The lower half too (the plans), which the browser keeps as the server wrote it.
        html: [
          /Encuentra la mejor clínica dental para tu sonrisa/,
          /Clínica Dental Giralda/,
          /href="\/clinicas\//,
          /Plan Profesional/,
        ],
        embedded: ['/api/directorio/inicio'],
        heading: 'Encuentra la mejor clínica dental para tu sonrisa',
      },
      {
        path: '/clinicas?ciudad=Sevilla',
        html: [/Clínicas dentales en Sevilla/, /Clínica Dental Giralda/, /clínicas? encontradas?/],
        embedded: ['/api/directorio/clinicas', '/api/directorio/especialidades', '/api/directorio/ciudades'],
        heading: 'Clínicas dentales en Sevilla',
      },
      {
        path: profilePath,
        html: [/Clínica Dental Giralda/, /Implantes dentales/, /Manuel Romero/, /Lunes a viernes/, /Horario/],
        embedded: [profilePath.replace('/clinicas/', '/api/directorio/clinicas/')],
        heading: 'Clínica Dental Giralda',
      },
      {
        path: '/software-info',
        html: [/Software para clínicas dentales|software/i],
        embedded: [],
        heading: '',
      },
    ];

    for (const { path, html, embedded, heading } of pages) {
      const served = await request.get(path);
      expect(served.status(), path).toBe(200);
      const body = await served.text();
      expect(body, path).toContain('<div id="root" data-ssr="">');
      for (const pattern of html) expect(body, `${path}: ${pattern}`).toMatch(pattern);

      const { problems, apiRequests } = watch(page);
      await page.goto(path);
      await hydratedWithThemeMenu(page);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems, `${path}: console`).toEqual([]);
      // The data came with the page: the browser does not ask for it again.
      for (const key of embedded) {
        expect(
          apiRequests.filter((r) => r.startsWith(key) && !r.startsWith(`${key}/`)),
          `${path} fetched ${key}`,
        ).toEqual([]);
      }
      expect(await layoutShift(page), `${path}: layout shift`).toBeLessThan(0.01);
      // Its scripts were asked for once the page had been painted, not before.
      const timing = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.js'))
          .map((e) => e.startTime),
      }));
      expect(timing.scripts.length, path).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts), `${path}: first script`).toBeGreaterThanOrEqual(timing.painted);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      page.removeAllListeners('request');
    }
    await expectNoAxeViolations(page);
  });

  test("load their own entry, never the staff app's nor the theme menu's until it is opened, and a new search changes the page in place", async ({
    page,
    request,
  }) => {
    // The staff app's entry, as /auth (a page the browser renders) loads it.
    const [, staffEntry] =
      /<script type="module" crossorigin src="([^"]+)">/.exec(await (await request.get('/auth')).text()) ?? [];
    expect(staffEntry).toMatch(/^\/assets\/index-.+\.js$/);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/clinicas');
    await hydratedWithThemeMenu(page);
    expect(scripts.some((s) => /^\/assets\/public-.+\.js$/.test(s))).toBe(true);
    expect(scripts).not.toContain(staffEntry);
    // The theme menu's library comes when the visitor opens it, and the first click opens it.
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => s.startsWith('/assets/theme-toggle-'))).toEqual([]);
    await page.getByRole('banner').getByRole('button', { name: 'Cambiar tema' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Sistema' })).toBeVisible();
    expect(scripts.filter((s) => s.startsWith('/assets/theme-toggle-'))).toHaveLength(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Cambiar tema' })).toBeFocused();

    // Choosing a specialty from the keyboard: the results change without a page load, the focus stays.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const specialty = page.getByLabel('Especialidad', { exact: true });
    await specialty.focus();
    await specialty.selectOption('ortodoncia');
    await expect(page).toHaveURL(/\/clinicas\?especialidad=ortodoncia$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Clínicas de ortodoncia' })).toBeVisible();
    await expect(specialty).toBeFocused();
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    // Back shows the previous search again, still without a page load.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Clínicas dentales' })).toBeVisible();
    await expect(specialty).toHaveValue('');
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(scripts).not.toContain(staffEntry);
  });

  test('an unknown clinic is a 404 whose HTML already says so', async ({ request }) => {
    const res = await request.get('/clinicas/00000000-0000-4000-8000-000000000000');
    expect(res.status()).toBe(404);
    const body = await res.text();
    expect(body).toContain('<meta name="robots" content="noindex" />');
    expect(body).toContain('Clínica no encontrada');
  });

  test('a stored dark theme hydrates without errors and stays', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('ui-theme', 'dark'));
    const { problems } = watch(page);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/clinicas');
    await hydratedWithThemeMenu(page);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Menú' }).click();
    await expect(page.getByRole('button', { name: 'Oscuro' })).toHaveAttribute('aria-pressed', 'true');
    expect(problems).toEqual([]);
  });
});

test('with JavaScript off, a visitor searches the directory, pages it, filters it and reads a profile', async ({
  browser,
}) => {
  test.slow();
  // Thirteen clinics of a city of their own, of specialties no other test counts, named to sort last:
  // two pages of results, and the other tests' counts stay true.
  const city = `Soria${Date.now().toString(36)}`;
  await Promise.all(
    Array.from({ length: 13 }, async (_, i) => {
      const owner = await playwrightRequest.newContext({ baseURL });
      const nombre = `Zona Sin Scripts ${String(i + 1).padStart(2, '0')}`;
      await createClinicOwner(owner, {
        clinica: nombre,
        lugar: { pais: 'España', ciudad: city, direccion: 'Calle Real 1' },
      });
      await ok(
        await owner.put('/api/perfil-publico', {
          data: {
            publicada: true,
            descripcion: `Clínica ${i + 1} de la prueba sin JavaScript.`,
            especialidades: [i % 2 === 0 ? 'odontopediatria' : 'endodoncia'],
            servicios: ['Limpieza dental', 'Brackets'],
            horario: [{ dias: 'Lunes a viernes', horas: '09:00 - 18:00' }],
            email: null,
            sitioWeb: null,
          },
        }),
        'publish',
      );
      // The profile read below takes online bookings: without scripts it says they need JavaScript.
      if (i === 0)
        await ok(
          await owner.put('/api/reservas/ajustes', {
            data: {
              reservaOnline: true,
              antelacionMinutos: 0,
              horizonteDias: 60,
              maxFuturas: 2,
              requiereAprobacion: false,
              revisionMeses: 6,
            },
          }),
          'online booking',
        );
      await owner.dispose();
    }),
  );

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Encuentra la mejor clínica dental para tu sonrisa' }),
  ).toBeVisible();

  // The landing's search box is a plain form: it opens /clinicas?q=… rendered by the server.
  await page.getByRole('searchbox', { name: 'Buscar por clínica, especialidad o ciudad' }).fill(city);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(new RegExp(`/clinicas\\?q=${city}`));
  await expect(page.getByText('13 clínicas encontradas')).toBeVisible();
  await expect(page.getByRole('listitem').getByRole('heading', { name: /^Zona Sin Scripts/ })).toHaveCount(12);

  // Paging is a link.
  await page.getByRole('link', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(page.getByText('Página 2 de 2')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Zona Sin Scripts 13' })).toBeVisible();
  await page.getByRole('link', { name: 'Anterior' }).click();
  await expect(page.getByText('Página 1 de 2')).toBeVisible();

  // The filters are sent with the form.
  await page.getByRole('combobox', { name: 'Especialidad' }).selectOption('odontopediatria');
  await page.getByRole('main').getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/especialidad=odontopediatria/);
  await expect(page.getByText('7 clínicas encontradas')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clínicas de odontopediatría');

  // A profile: every tab's content shows, and the forms say they need JavaScript.
  await page
    .getByRole('link', { name: /Zona Sin Scripts 01/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zona Sin Scripts 01' })).toBeVisible();
  await expect(page.getByText('Limpieza dental')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Solicitar cita' })).toBeVisible();
  await expect(page.getByText(/Para enviar una solicitud necesitas activar JavaScript/)).toBeVisible();
  // The booking says so too: its panel is there, with the button that scripts would enable.
  await expect(page.getByText(/Para reservar cita online necesitas activar JavaScript/)).toBeVisible();
  await expect(page.locator('#reservar')).toContainText('Reserva online');
  await expect(page.getByRole('button', { name: 'Reservar cita' })).toBeDisabled();
  await expect(page.getByRole('row', { name: /Lunes a viernes/ })).toContainText('09:00 - 18:00');
  await context.close();
});

test('the pages the browser renders itself (sign-in, an unknown address) start without errors or warnings', async ({
  page,
}) => {
  // They are not rendered on the server: the router starts once their modules are there, instead of
  // rendering nothing meanwhile (React Router then warns of no HydrateFallback).
  const { problems } = watch(page);
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Bienvenido a Odontia' })).toBeVisible();
  await page.goto('/no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  expect(problems).toEqual([]);
});
