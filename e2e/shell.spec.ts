import { expect, test } from '@playwright/test';
import { createClinicOwner } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

test.describe('staff shell', () => {
  test('shows the user, lists only built screens, and keeps the sidebar state across reloads', async ({ page }) => {
    // Three reloads and an axe pass: past the default minute on a loaded CI machine.
    test.slow();
    const { email } = await createClinicOwner(page.request, { nombres: 'Lucía', apellidos: 'Fernández Ruiz' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: '¡Bienvenido, Lucía!' })).toBeVisible();

    const sidebar = page.locator('[data-slot="sidebar"]').first();
    await expect(sidebar.getByText('Lucía Fernández Ruiz')).toBeVisible();
    await expect(sidebar.getByText(email)).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // No dead links: every link in the sidebar opens a screen, never the not-found page.
    const hrefs = await sidebar.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of hrefs) {
      await page.goto(href!);
      await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toHaveCount(0);
    }
    await page.goto('/dashboard');

    // Ctrl+B collapses it; the state is remembered in a cookie and survives a reload.
    const wrapper = page.locator('[data-slot="sidebar-wrapper"]');
    const state = () => page.locator('[data-slot="sidebar"][data-state]').first().getAttribute('data-state');
    expect(await state()).toBe('expanded');
    await page.keyboard.press('Control+b');
    await expect.poll(state).toBe('collapsed');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'sidebar_state')?.value).toBe('false');
    await page.reload();
    await expect(wrapper).toBeVisible();
    await expect.poll(state).toBe('collapsed');
    await page.keyboard.press('Control+b');
    await expect.poll(state).toBe('expanded');

    await expectNoAxeViolations(page);
  });

  test('signing out asks first, ends the session on the server and goes home', async ({ page }) => {
    await createClinicOwner(page.request);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: '¿Cerrar sesión?' })).toBeVisible();
    // Cancel keeps the session.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);

    const cookieBefore = (await page.context().cookies()).filter((c) => c.name.includes('session_token'));
    expect(cookieBefore.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/$/);

    // The old cookie no longer opens a session on the server.
    const replay = await page.request.get('/api/me', {
      headers: { cookie: cookieBefore.map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(replay.status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('below 768 px the sidebar opens as a sheet', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await createClinicOwner(page.request);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Mostrar u ocultar la barra lateral' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menú de navegación' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('link', { name: 'Mi Perfil' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });
});
