import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

test('an unknown path shows the Spanish not-found page with a way home', async ({ page }) => {
  await page.goto('/esta-ruta/no-existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page.getByText('Lo sentimos, la página que estás buscando no existe o ha sido movida.')).toBeVisible();
  const home = page.getByRole('link', { name: 'Volver al Inicio' });
  await expect(home).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);
});

test('a protected path without a session lands on /auth, replacing history', async ({ page }) => {
  await page.goto('/esta-ruta/no-existe');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goBack();
  // /dashboard was replaced, so back goes to the page before it.
  await expect(page).toHaveURL(/\/esta-ruta\/no-existe$/);
});

test('the theme choice survives a reload without a flash of the other theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/esta-ruta/no-existe');
  await expect(page.locator('html')).toHaveClass(/light/);
  await page.evaluate(() => localStorage.setItem('ui-theme', 'dark'));
  await page.reload();
  // The class is set by the inline script before the app renders.
  const classAtFirstPaint = await page.evaluate(() => document.documentElement.className);
  expect(classAtFirstPaint).toContain('dark');
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('deep links are served by the app and API errors keep their shape', async ({ request }) => {
  const res = await request.get('/api/no-existe');
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Ruta de la API no encontrada' } });
  const page = await request.get('/pacientes/123');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});
