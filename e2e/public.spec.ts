import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { dataDir } from './playwright.config';
import { createClinicOwner } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { TEAL_PNG } from './support/onboarding';
import { hydrated, openPublicPage } from './support/public-page';

test.describe('landing', () => {
  test('shows the spec texts and links, with only links that lead somewhere', async ({ page }) => {
    await openPublicPage(page, '/');
    await expect(page).toHaveTitle('Odontia · Encuentra la mejor clínica dental para tu sonrisa');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Encuentra la mejor clínica dental para tu sonrisa' }),
    ).toBeVisible();

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Odontia' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/auth');
    await expect(header.getByRole('link', { name: 'Registrarse' })).toHaveAttribute('href', '/auth?register=true');

    for (const [label, href] of [
      ['Ortodoncia', '/clinicas?especialidad=ortodoncia'],
      ['Implantes', '/clinicas?especialidad=implantologia'],
      ['Estética dental', '/clinicas?especialidad=estetica-dental'],
      ['Madrid', '/clinicas?ciudad=Madrid'],
      ['Barcelona', '/clinicas?ciudad=Barcelona'],
    ]) {
      await expect(page.getByRole('link', { name: label, exact: true }).first()).toHaveAttribute('href', href);
    }

    const especialidades = page.getByRole('region', { name: 'Especialidades' });
    await expect(especialidades.getByRole('link')).toHaveCount(8);
    await expect(especialidades.getByRole('link', { name: /Cirugía oral/ })).toHaveAttribute(
      'href',
      '/clinicas?especialidad=cirugia-oral',
    );

    const destacadas = page.getByRole('region', { name: 'Clínicas destacadas', exact: true });
    await expect(destacadas.getByRole('link', { name: 'Ver todas las clínicas' })).toHaveAttribute('href', '/clinicas');
    await expect(destacadas.getByRole('listitem').first()).toBeVisible();

    const directorio = page.getByRole('region', { name: 'Directorio de clínicas' });
    await expect(directorio.getByRole('article')).toHaveCount(10);
    await expect(directorio.getByRole('link', { name: /^Ver detalles de / }).first()).toHaveAttribute(
      'href',
      /^\/clinicas\/[0-9a-f-]{36}$/,
    );
    await expect(directorio.getByText('+1 más').first()).toBeVisible();

    const planes = page.getByRole('region', { name: 'Planes' });
    await expect(planes.getByText('POPULAR')).toBeVisible();
    for (const [plan, price] of [
      ['Plan Básico', '49'],
      ['Plan Profesional', '99'],
      ['Plan Premium', '149'],
    ]) {
      const card = planes.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan }) });
      await expect(card).toContainText(`${price}EUR/mes`);
    }

    const banner = page.getByRole('region', { name: '¿Tienes una clínica dental?' });
    for (const beneficio of [
      'Visibilidad online',
      'Gestión de citas online',
      'Historiales clínicos digitales',
      'Comunicación con pacientes',
    ]) {
      await expect(banner.getByText(beneficio)).toBeVisible();
    }
    await expect(banner.getByRole('link', { name: 'Registrar mi clínica' })).toHaveAttribute(
      'href',
      '/auth?register=true',
    );
    await expect(banner.getByRole('link', { name: 'Conocer el software' })).toHaveAttribute('href', '/software-info');

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
      'href',
      '/terminos-y-condiciones',
    );
    for (const href of await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\//);
    }
    await expectNoAxeViolations(page);
  });

  test('the search box opens the directory with the search', async ({ page }) => {
    await openPublicPage(page, '/');
    await page.getByRole('searchbox', { name: 'Buscar por clínica, especialidad o ciudad' }).fill('Sevilla');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/\/clinicas\?q=Sevilla$/);
    await expect(page.getByText('2 clínicas encontradas')).toBeVisible();
  });

  test('has no horizontal scroll at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openPublicPage(page, '/');
    await expect(
      page.getByRole('region', { name: 'Directorio de clínicas' }).getByRole('article').first(),
    ).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  });

  test('at 390 px the header folds into a menu that works by keyboard and offers the three themes', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await openPublicPage(page, '/');
    const header = page.getByRole('banner');
    const menuButton = header.getByRole('button', { name: 'Menú' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(header.getByRole('link', { name: 'Clínicas', exact: true })).toBeHidden();
    // Opened from the keyboard; Escape closes it and gives focus back to its button.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(header.getByRole('link', { name: 'Clínicas', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    // The theme, 'Sistema' included, and the way in are there too.
    await menuButton.click();
    const themes = header.getByRole('group', { name: 'Tema' });
    await themes.getByRole('button', { name: 'Oscuro' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await themes.getByRole('button', { name: 'Sistema' }).click();
    await expect(themes.getByRole('button', { name: 'Sistema' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('system');
    await expect(header.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    // A followed link closes it.
    await header.getByRole('link', { name: 'Clínicas', exact: true }).click();
    await expect(page).toHaveURL(/\/clinicas$/);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expectNoAxeViolations(page);
  });

  test("the desktop header's theme menu offers 'Sistema'", async ({ page }) => {
    await openPublicPage(page, '/');
    await page.getByRole('banner').getByRole('button', { name: 'Cambiar tema' }).click();
    await page.getByRole('menuitemradio', { name: 'Sistema' }).click();
    expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('system');
  });

  test('the featured carousel moves with the keyboard', async ({ page }) => {
    await openPublicPage(page, '/');
    const track = page.getByRole('region', { name: /^Clínicas destacadas: usa las flechas/ });
    await track.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);
  });
});

test.describe('directory', () => {
  test("clicking 'Madrid' shows only Madrid clinics", async ({ page }) => {
    await openPublicPage(page, '/');
    await page.getByRole('link', { name: 'Madrid', exact: true }).first().click();
    await expect(page).toHaveURL(/\/clinicas\?ciudad=Madrid$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Clínicas dentales en Madrid' })).toBeVisible();
    await expect(page.getByText('3 clínicas encontradas')).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.getByRole('heading')).toHaveText([
      'Centro Odontológico Retiro',
      'Clínica Dental Sonrisa Madrid',
      'Dental Chamberí Kids',
    ]);
    for (const text of await cards.allTextContents()) expect(text).toContain('Madrid');
    await expect(page.getByRole('combobox', { name: 'Ciudad' })).toHaveValue('Madrid');
  });

  test('a specialty link filters, filters combine and stay in the URL, and the empty state leads back', async ({
    page,
  }) => {
    await openPublicPage(page, '/');
    await page
      .getByRole('region', { name: 'Especialidades' })
      .getByRole('link', { name: /Ortodoncia/ })
      .click();
    await expect(page).toHaveURL(/\/clinicas\?especialidad=ortodoncia$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Clínicas de ortodoncia' })).toBeVisible();
    // A page load (rendered by the server): the filters below need the page hydrated.
    await hydrated(page);
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(4);
    for (const text of await cards.allTextContents()) expect(text).toContain('Ortodoncia');

    await page.getByRole('combobox', { name: 'Ciudad' }).selectOption('Valencia');
    await expect(page).toHaveURL(/\/clinicas\?especialidad=ortodoncia&ciudad=Valencia$/);
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('Ruzafa Estética Dental');

    await page.getByRole('combobox', { name: 'Especialidad' }).selectOption('cirugia-oral');
    await expect(page.getByRole('heading', { name: 'No se encontraron clínicas' })).toBeVisible();
    await page.getByRole('link', { name: 'Ver todas las clínicas' }).click();
    await expect(page).toHaveURL(/\/clinicas$/);
    // Other tests may have published a clinic of their own meanwhile.
    await expect(page.getByText(/^\d+ clínicas encontradas$/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('clinic profile', () => {
  test('shows the clinic with its tabs, contact buttons and links', async ({ page }) => {
    await openPublicPage(page, '/clinicas?ciudad=Sevilla');
    await page.getByRole('link', { name: 'Clínica Dental Giralda', exact: true }).click();
    await expect(page).toHaveURL(/\/clinicas\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle('Clínica Dental Giralda · Clínica dental en Sevilla · Odontia');
    await expect(page.getByRole('heading', { level: 1, name: 'Clínica Dental Giralda' })).toBeVisible();
    await expect(page.getByText('Destacada')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', 'tel:954123456');
    await expect(page.getByRole('link', { name: 'Enviar email' })).toHaveAttribute(
      'href',
      'mailto:info@giralda.example',
    );
    await expect(page.getByRole('link', { name: /Ver en el mapa/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Avenida/,
    );
    await expect(page.getByRole('row', { name: /Lunes a viernes/ })).toContainText('09:00 - 20:00');

    await expect(page.getByRole('tabpanel')).toContainText('Implantes dentales');
    await page.getByRole('tab', { name: 'Profesionales' }).click();
    // The clinic's dentists, with the specialty's Spanish name.
    await expect(page.getByRole('tabpanel')).toContainText('Manuel Romero');
    await expect(page.getByRole('tabpanel')).toContainText('Implantología');
    await page.getByRole('tab', { name: 'Contacto' }).click();
    await expect(page.getByRole('textbox', { name: 'Nombre' })).toBeVisible();

    await expect(
      page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Clínicas' }),
    ).toHaveAttribute('href', '/clinicas');
    await expect(
      page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Inicio' }),
    ).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
  });

  test("an unknown clinic shows 'Clínica no encontrada' with a way back", async ({ page }) => {
    await openPublicPage(page, '/clinicas/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Clínica no encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Volver al directorio' }).click();
    await expect(page).toHaveURL(/\/clinicas$/);
  });
});

test('a visitor request reaches the clinic: its Solicitudes list and its mailbox', async ({ page, browser }) => {
  // The clinic's owner publishes its profile (through the API, as a signed-in user).
  await createClinicOwner(page.request, { clinica: 'Clínica Solicitudes E2E' });
  // A city of its own, so the other tests' counts of the demo clinics stay true.
  const moved = await page.request.put('/api/clinica', {
    data: {
      nombre: 'Clínica Solicitudes E2E',
      telefono: '910 000 000',
      pais: 'España',
      ciudad: 'Teruel',
      direccion: 'Calle Mayor 1',
    },
  });
  expect(moved.ok()).toBe(true);
  const publicEmail = `citas.${Date.now().toString(36)}@clinica-e2e.test`;
  const publish = await page.request.put('/api/perfil-publico', {
    data: {
      publicada: true,
      descripcion: 'Clínica de prueba',
      especialidades: ['periodoncia'],
      servicios: ['Limpieza'],
      horario: [],
      email: publicEmail,
      sitioWeb: null,
    },
  });
  expect(publish.ok()).toBe(true);
  const { perfil } = (await publish.json()) as { perfil: { id: string } };

  // A visitor, in a browser of their own, asks for an appointment.
  const visitor = await (await browser.newContext()).newPage();
  await openPublicPage(visitor, `/clinicas/${perfil.id}`);
  await visitor.getByRole('tab', { name: 'Contacto' }).click();
  // Both sides check the form; here the browser's check answers first.
  const nombre = `Visitante ${Date.now().toString(36)}`;
  await visitor.getByRole('textbox', { name: 'Nombre' }).fill(nombre);
  await visitor.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(visitor.getByText('El email es obligatorio')).toBeVisible();
  await expect(visitor.getByText('El mensaje es obligatorio')).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Email' }).fill('paciente@ejemplo.test');
  await visitor.getByRole('textbox', { name: 'Teléfono' }).fill('600 111 222');
  await visitor.getByRole('textbox', { name: 'Mensaje' }).fill('Quisiera una revisión el martes por la tarde.');
  // The server refuses a form sent within 3 s of being shown (a script's pace, not a person's).
  await visitor.waitForTimeout(3000);
  await visitor.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'Solicitud enviada' })).toBeVisible();
  await visitor.context().close();

  // The clinic's staff see it, and mark it as attended.
  await page.goto('/solicitudes');
  await expect(page.getByRole('heading', { name: 'Solicitudes de cita' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: nombre });
  await expect(row).toContainText('paciente@ejemplo.test');
  await expect(row).toContainText('Quisiera una revisión el martes por la tarde.');
  await expect(row).toContainText('Nueva');
  await row.getByRole('button', { name: /Marcar como atendida/ }).click();
  await expect(row).toContainText('Atendida');

  // And the clinic got an email at its public address.
  const outbox = path.join(dataDir, 'outbox');
  await expect
    .poll(async () => {
      const files = (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml'));
      const mails = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
      return mails.some((m) => m.includes(`To: ${publicEmail}`) && m.includes(nombre));
    })
    .toBe(true);
});

test("the owner fills 'Perfil público' in /settings, images included, and the directory shows it", async ({ page }) => {
  await createClinicOwner(page.request, { clinica: 'Clínica Perfil E2E' });
  // A city of its own, so the other tests' counts of the demo clinics stay true.
  const moved = await page.request.put('/api/clinica', {
    data: {
      nombre: 'Clínica Perfil E2E',
      telefono: '910 000 000',
      pais: 'España',
      ciudad: 'Soria',
      direccion: 'Calle Mayor 1',
    },
  });
  expect(moved.ok()).toBe(true);
  // 'Profesionales' are the clinic's active dentists: no list of their own on the form.
  for (const nombres of ['Elena', 'Baja']) {
    const created = await page.request.post('/api/dentistas', {
      data: { nombres, apellidos: 'Prueba', especialidad: 'estetica-dental' },
    });
    expect(created.ok()).toBe(true);
    if (nombres !== 'Baja') continue;
    const { id } = (await created.json()) as { id: string };
    const deactivated = await page.request.put(`/api/dentistas/${id}`, {
      data: { nombres, apellidos: 'Prueba', especialidad: 'estetica-dental', activo: false },
    });
    expect(deactivated.ok()).toBe(true);
  }
  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

  await page.goto('/settings');
  const section = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: 'Perfil público' }) });
  await expect(section.getByRole('switch', { name: 'Publicar en el directorio' })).toBeVisible();

  // The clinic's image is stored at once; a file that is not an image never leaves the browser.
  await section
    .getByLabel('Subir imagen')
    .setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(toast('Formato no válido')).toBeVisible();
  await section.getByLabel('Subir imagen').setInputFiles({ ...TEAL_PNG, name: 'clinica.png' });
  await expect(toast('¡Imagen actualizada!')).toBeVisible();
  await expect(section.getByLabel('Cambiar imagen')).toBeAttached();

  await section.getByRole('switch', { name: 'Publicar en el directorio' }).click();
  await section.getByLabel('Descripción').fill('Odontología de prueba para toda la familia.');
  await section.getByRole('checkbox', { name: 'Ortodoncia' }).check();
  await section.getByRole('textbox', { name: 'Servicios' }).fill('Blanqueamiento LED');
  await section.getByRole('textbox', { name: 'Servicios' }).press('Enter');
  await expect(section.getByRole('list', { name: 'Servicios añadidos' })).toContainText('Blanqueamiento LED');
  await section.getByRole('button', { name: 'Añadir fila' }).click();
  await section.getByLabel('Días (fila 1)').fill('Lunes a jueves');
  await section.getByLabel('Horas (fila 1)').fill('10:00 - 19:00');
  await section.getByLabel('Email de contacto').fill('hola@perfil-e2e.test');
  await expect(section.getByRole('link', { name: 'Gestionar dentistas' })).toHaveAttribute('href', '/dentistas');
  await expect(section.getByRole('button', { name: 'Añadir profesional' })).toHaveCount(0);
  await section.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(toast('¡Cambios guardados!')).toBeVisible();

  await section.getByRole('link', { name: 'Ver mi perfil público' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clínica Perfil E2E' })).toBeVisible();
  await expect(page.getByText('Odontología de prueba para toda la familia.')).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('Blanqueamiento LED');
  await expect(page.getByRole('row', { name: /Lunes a jueves/ })).toContainText('10:00 - 19:00');
  await page.getByRole('tab', { name: 'Profesionales' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Elena Prueba');
  await expect(page.getByRole('tabpanel')).toContainText('Estética dental');
  await expect(page.getByRole('tabpanel')).not.toContainText('Baja Prueba');
});
