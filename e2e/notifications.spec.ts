import { expect, test, type Page } from '@playwright/test';
import { NOTIFICATION_MESSAGES } from '@odontia/shared';
import { createClinicOwner, ok } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { openPublicPage } from './support/public-page';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const bell = (page: Page) => page.getByTestId('notification-bell');
const badge = (page: Page) => bell(page).getByTestId('notification-badge');

/** A mark on the window: still there afterwards means the page was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sinRecargar: true }));
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sinRecargar?: boolean }).__sinRecargar)).toBe(true);
}

/** The dashboard with its live stream open: the server has answered the stream's request. */
async function openDashboard(page: Page) {
  const streamOpen = page.waitForResponse((r) => r.url().endsWith('/api/notificaciones/stream') && r.status() === 200);
  await page.goto('/dashboard');
  await streamOpen;
  await expect(page.getByRole('heading', { level: 1, name: /Bienvenido/ })).toBeVisible();
  await expect(bell(page)).toBeVisible();
  await markPage(page);
}

test('the test button raises the badge and shows the toast without a reload', async ({ page }) => {
  await createClinicOwner(page.request);
  await openDashboard(page);
  const important = page.getByRole('region', { name: 'Notificaciones importantes' });
  await expect(important.getByText('No hay notificaciones pendientes')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notificaciones');
  await expect(badge(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Crear notificación de prueba' }).click();
  await expect(badge(page)).toHaveText('1');
  await expect(bell(page)).toHaveAccessibleName('Notificaciones: 1 sin leer');
  await expect(toast(page, NOTIFICATION_MESSAGES.testTitle)).toContainText(NOTIFICATION_MESSAGES.testMessage);
  // And in 'Notificaciones importantes', with its date.
  await expect(important.getByRole('button', { name: new RegExp(NOTIFICATION_MESSAGES.testTitle) })).toBeVisible();
  await expectNotReloaded(page);

  await expectNoAxeViolations(page);
});

test("'9+' after ten, and the panel marks them all read", async ({ page }) => {
  await createClinicOwner(page.request);
  await openDashboard(page);
  // Ten made elsewhere (through the API): they arrive through the stream.
  for (let i = 0; i < 10; i += 1) await ok(await page.request.post('/api/notificaciones/prueba'), 'test notification');
  await expect(badge(page)).toHaveText('9+');
  await expect(bell(page)).toHaveAccessibleName('Notificaciones: 10 sin leer');
  await expectNotReloaded(page);

  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notificaciones' });
  await expect(panel).toBeVisible();
  const items = panel.getByRole('list', { name: 'Lista de notificaciones' }).getByRole('button');
  await expect(items).toHaveCount(10);
  // Short es-ES date with hour and minute.
  await expect(items.first().locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expectNoAxeViolations(page, { include: '[role="dialog"]' });

  await panel.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await expect(badge(page)).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Marcar todas como leídas' })).toBeDisabled();
  // Closed with the keyboard, focus back on the bell; after a reload they are still read.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(page)).toBeFocused();
  await expect(bell(page)).toHaveAccessibleName('Notificaciones');
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notificaciones');
  await expect(
    page.getByRole('region', { name: 'Notificaciones importantes' }).getByText('No hay notificaciones pendientes'),
  ).toBeVisible();
});

test('a second browser of the same member sees the notification arrive', async ({ page, browser }) => {
  const { email, password } = await createClinicOwner(page.request);
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await ok(await second.request.post('/api/auth/sign-in/email', { data: { email, password } }), 'sign-in');
    await openDashboard(page);
    await openDashboard(second);

    await page.getByRole('button', { name: 'Crear notificación de prueba' }).click();
    await expect(badge(second)).toHaveText('1');
    await expect(toast(second, NOTIFICATION_MESSAGES.testTitle)).toContainText(NOTIFICATION_MESSAGES.testMessage);
    await expectNotReloaded(second);

    // Reading it in one browser is kept by the server: the other sees it read after a reload.
    await bell(second).click();
    await second
      .getByRole('dialog', { name: 'Notificaciones' })
      .getByRole('button', { name: new RegExp(NOTIFICATION_MESSAGES.testTitle) })
      .click();
    await expect(badge(second)).toHaveCount(0);
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notificaciones');
  } finally {
    await other.close();
  }
});

test("a request sent from a clinic's public profile appears live in the bell of its staff", async ({
  page,
  browser,
}) => {
  await createClinicOwner(page.request, { clinica: 'Clínica Avisos E2E' });
  // A city and a specialty that the directory tests do not count, so their counts stay true.
  await ok(
    await page.request.put('/api/clinica', {
      data: {
        nombre: 'Clínica Avisos E2E',
        telefono: '910 000 000',
        pais: 'España',
        ciudad: 'Soria',
        direccion: 'Calle Mayor 2',
      },
    }),
    'clinic city',
  );
  const publish = await ok(
    await page.request.put('/api/perfil-publico', {
      data: {
        publicada: true,
        descripcion: 'Clínica de prueba',
        especialidades: ['cirugia-oral'],
        servicios: ['Revisión'],
        horario: [],
        email: null,
        sitioWeb: null,
      },
    }),
    'publish profile',
  );
  const { perfil } = (await publish.json()) as { perfil: { id: string } };
  await openDashboard(page);

  const nombre = `Visitante ${Date.now().toString(36)}`;
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await openPublicPage(visitor, `/clinicas/${perfil.id}`);
    await visitor.getByRole('tab', { name: 'Contacto' }).click();
    await visitor.getByRole('textbox', { name: 'Nombre' }).fill(nombre);
    await visitor.getByRole('textbox', { name: 'Email' }).fill('paciente@ejemplo.test');
    await visitor.getByRole('textbox', { name: 'Mensaje' }).fill('¿Tienen cita el jueves?');
    // The server refuses a form sent within 3 s of being shown.
    await visitor.waitForTimeout(3000);
    await visitor.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(visitor.getByRole('status').filter({ hasText: 'Solicitud enviada' })).toBeVisible();
  } finally {
    await visitorContext.close();
  }

  await expect(badge(page)).toHaveText('1');
  await expect(toast(page, 'Nueva solicitud de cita')).toContainText(nombre);
  await expect(page.getByRole('region', { name: 'Notificaciones importantes' }).getByRole('listitem')).toContainText(
    'Prioridad alta',
  );
  await expectNotReloaded(page);
  await bell(page).click();
  const item = page
    .getByRole('dialog', { name: 'Notificaciones' })
    .getByRole('list', { name: 'Lista de notificaciones' })
    .getByRole('button');
  await expect(item).toHaveCount(1);
  // Its link opens the requests screen, and reading it clears the badge.
  await item.click();
  await expect(page).toHaveURL(/\/solicitudes$/);
  await expect(badge(page)).toHaveCount(0);
});

test("the dashboard shows the community news, and 'Leer más' opens one in a dialog", async ({ page }) => {
  await createClinicOwner(page.request);
  await openDashboard(page);
  const news = page.getByRole('region', { name: 'Noticias de la comunidad' });
  const first = news.getByRole('listitem').first();
  const titulo = (await first.getByRole('heading').textContent())!;
  const readMore = first.getByRole('button', { name: 'Leer más' });
  await readMore.click();
  const dialog = page.getByRole('dialog', { name: titulo });
  await expect(dialog).toBeVisible();
  // Focus moves into the dialog, and Escape gives it back to the button that opened it.
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(readMore).toBeFocused();
});
