import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readOutbox } from '../apps/api/src/test/outbox.ts';
import { dataDir } from './playwright.config';
import { createClinicOwner, uniqueEmail } from './support/accounts';
import { FAKE_PNG, signUpViaApi, TEAL_PNG } from './support/onboarding';
import { hydrated } from './support/public-page';
import { expectNoAxeViolations } from './support/axe';

/**
 * Axe on the page, or on the staff page's own content (`main`): the shell around it has tests of
 * its own. The pointer is moved off the button just clicked so that its hover colour is not what
 * gets measured.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('/auth', () => {
  test('opens on login, with Recordarme, recovery and home links; ?register=true opens register', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Iniciar sesión' })).toHaveAttribute('aria-selected', 'true');
    const login = page.getByRole('form', { name: 'Iniciar sesión' });
    await expect(login.getByLabel('Correo electrónico')).toBeVisible();
    await expect(login.getByRole('checkbox', { name: 'Recordarme' })).not.toBeChecked();
    await expect(login.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/auth/recuperar-clave',
    );
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);

    await page.goto('/auth?register=true');
    await expect(page.getByRole('tab', { name: 'Registrarse' })).toHaveAttribute('aria-selected', 'true');
    const register = page.getByRole('form', { name: 'Registrarse' });
    await expect(register.getByLabel('Confirmar contraseña')).toBeVisible();
    await expect(register.getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute(
      'href',
      '/terminos-y-condiciones',
    );
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('register shows each validation message of spec 000 §5', async ({ page }) => {
    await page.goto('/auth?register=true');
    const form = page.getByRole('form', { name: 'Registrarse' });
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(form.getByText('El correo electrónico es requerido')).toBeVisible();
    await expect(form.getByText('La contraseña es requerida')).toBeVisible();
    await expect(form.getByText('Debes aceptar los términos y condiciones')).toBeVisible();
    await expect(form.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('checkbox', { name: 'Acepto los términos y condiciones' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await form.getByLabel('Correo electrónico').fill('ana@');
    await form.getByLabel(/^Contraseña/).fill('12345');
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(form.getByText('Por favor, introduce un correo electrónico válido')).toBeVisible();
    await expect(form.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();

    await form.getByLabel(/^Contraseña/).fill('secreto123');
    await form.getByLabel('Confirmar contraseña').fill('secreto124');
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(form.getByText('Las contraseñas no coinciden')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('wrong credentials get the Spanish message, without saying whether the email exists', async ({ page }) => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Iniciar sesión' });
    await form.getByLabel('Correo electrónico').fill(uniqueEmail('nadie'));
    await form.getByLabel('Contraseña').fill('incorrecta');
    await form.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(toast(page, 'Error al iniciar sesión')).toContainText('Correo electrónico o contraseña incorrectos');
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test('a new owner registers, completes profile and clinic (with a logo) and reaches the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('registro');
  await page.goto('/auth?register=true');
  const register = page.getByRole('form', { name: 'Registrarse' });
  await register.getByLabel('Correo electrónico').fill(email);
  await register.getByLabel(/^Contraseña/).fill('secreto123');
  await register.getByLabel('Confirmar contraseña').fill('secreto123');
  await register.getByRole('checkbox', { name: 'Acepto los términos y condiciones' }).check();
  await register.getByRole('button', { name: 'Crear cuenta' }).click();

  // Step 1: profile.
  await expect(toast(page, 'Registro exitoso')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/perfil$/);
  await expect(page.getByRole('heading', { name: 'Completa tu perfil' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Odontia' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Ingresa tu nombre')).toBeVisible();
  await expect(page.getByText('Ingresa tus apellidos')).toBeVisible();
  await expect(page.getByText('Ingresa un número de teléfono', { exact: true })).toBeVisible();
  await page.getByLabel('Número de teléfono').fill('12 34');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Ingresa un número de teléfono válido')).toBeVisible();
  await page.getByLabel('Nombres').fill('Ana');
  await page.getByLabel('Apellidos').fill('Torres Vidal');
  await page.getByLabel('Número de teléfono').fill('600 111 222');
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 2: clinic.
  await expect(toast(page, 'Perfil actualizado')).toContainText('Ahora configuremos tu clínica');
  await expect(page).toHaveURL(/\/onboarding\/clinica$/);
  await expect(page.getByRole('heading', { name: 'Configura tu clínica dental' })).toBeVisible();
  await expect(page.getByText('Esta información será visible para tus pacientes')).toBeVisible();
  await expect(
    page.getByText('Puedes modificar esta información más adelante en la configuración de tu cuenta'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Finalizar configuración' }).click();
  for (const message of [
    'El nombre de la clínica es obligatorio',
    'El teléfono de contacto es obligatorio',
    'El país es obligatorio',
    'La ciudad es obligatoria',
    'La dirección es obligatoria',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('Logo de la clínica').setInputFiles(TEAL_PNG);
  await expect(page.getByRole('img', { name: 'Vista previa: Logo de la clínica' })).toBeVisible();
  await page.getByLabel('Nombre de la clínica').fill('Clínica Dental Torres');
  await page.getByLabel('Teléfono de contacto').fill('910 222 333');
  await page.getByRole('combobox', { name: 'País' }).click();
  await page.getByRole('option', { name: 'España' }).click();
  await page.getByLabel('Ciudad').fill('Valencia');
  await page.getByLabel('Dirección').fill('Calle Colón 10');
  await page.getByRole('button', { name: 'Finalizar configuración' }).click();

  await expect(toast(page, '¡Configuración completada!')).toContainText('Tu clínica ha sido configurada con éxito');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: '¡Bienvenido, Ana!' })).toBeVisible();
  const sidebar = page.locator('[data-slot="sidebar"]').first();
  await expect(sidebar.getByText('Ana Torres Vidal')).toBeVisible();
  await expect(sidebar.getByText(email)).toBeVisible();

  const { clinica } = (await (await page.request.get('/api/clinica')).json()) as {
    clinica: { nombre: string; logoUrl: string };
  };
  expect(clinica.nombre).toBe('Clínica Dental Torres');
  expect(clinica.logoUrl).toMatch(/^\/files\/logos\//);
  expect((await page.request.get(clinica.logoUrl)).status()).toBe(200);

  // Onboarding is over: its pages send the owner to the dashboard.
  await page.goto('/onboarding/clinica');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a logo the server refuses does not stop the clinic from being saved', async ({ page }) => {
  await signUpViaApi(page.request, { step: 'perfil_completado' });
  await page.goto('/onboarding/clinica');
  await page.getByLabel('Logo de la clínica').setInputFiles(FAKE_PNG);
  await page.getByLabel('Nombre de la clínica').fill('Clínica Sin Logo');
  await page.getByLabel('Teléfono de contacto').fill('910222333');
  await page.getByRole('combobox', { name: 'País' }).click();
  await page.getByRole('option', { name: 'España' }).click();
  await page.getByLabel('Ciudad').fill('Sevilla');
  await page.getByLabel('Dirección').fill('Avenida de la Constitución 5');
  await page.getByRole('button', { name: 'Finalizar configuración' }).click();
  await expect(toast(page, 'Error al subir el logo')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const { clinica } = (await (await page.request.get('/api/clinica')).json()) as {
    clinica: { nombre: string; logoUrl: string | null };
  };
  expect(clinica).toMatchObject({ nombre: 'Clínica Sin Logo', logoUrl: null });
});

test.describe('onboarding redirects (spec 000 §4)', () => {
  test('a new account is sent to its step, once; none on /auth', async ({ page }) => {
    await signUpViaApi(page.request);
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/onboarding\/perfil$/);
    // The one redirect of this session is spent: the app lets the person move on.
    await page.getByRole('banner').getByRole('link', { name: 'Odontia' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);
  });

  test('a public page (its own app) sends a new account to its step too, once per session', async ({ page }) => {
    await signUpViaApi(page.request, { step: 'perfil_completado' });
    await page.goto('/clinicas');
    await expect(page).toHaveURL(/\/onboarding\/clinica$/);
    await page.goto('/clinicas');
    await hydrated(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Ir al dashboard' })).toBeVisible();
    await expect(page).toHaveURL(/\/clinicas$/);
  });

  test('an account with its profile done is sent to the clinic step', async ({ page }) => {
    await signUpViaApi(page.request, { step: 'perfil_completado' });
    await page.goto('/onboarding/perfil');
    await expect(page).toHaveURL(/\/onboarding\/clinica$/);
  });

  test('without a session, the onboarding pages send to /auth', async ({ page }) => {
    await page.goto('/onboarding/clinica');
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test('sign-out ends the session; signing in again lands on /dashboard, for the browser session only without Recordarme', async ({
  page,
}) => {
  const { email, password } = await createClinicOwner(page.request);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);

  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Iniciar sesión' });
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Contraseña').fill(password);
  await form.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = (await page.context().cookies()).find((c) => c.name.endsWith('session_token'))!;
  expect(session.expires).toBe(-1);
  expect(session.httpOnly).toBe(true);
  expect(session.sameSite).toBe('Lax');

  // With Recordarme the cookie outlives the browser.
  await page.context().clearCookies();
  await page.goto('/auth');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Contraseña').fill(password);
  await form.getByRole('checkbox', { name: 'Recordarme' }).check();
  await form.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const remembered = (await page.context().cookies()).find((c) => c.name.endsWith('session_token'))!;
  expect(remembered.expires).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);
});

test('password recovery through the emailed link sets a new password that works, once', async ({ page }) => {
  const { email, password } = await createClinicOwner(page.request);
  await page.context().clearCookies();

  await page.goto('/auth');
  await page.getByRole('form', { name: 'Iniciar sesión' }).getByLabel('Correo electrónico').fill(email);
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/auth\/recuperar-clave$/);
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(toast(page, 'Correo enviado')).toBeVisible();
  // Back to /auth after 3 s.
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });

  const mail = (await readOutbox(path.join(dataDir, 'outbox'))).find((m) => m.to.includes(email));
  expect(mail?.subject).toBe('Restablece tu contraseña de Odontia');
  const link = /https?:\/\/\S+\/auth\/reset-password\?token=[^\s"<]+/.exec(mail!.text)![0];

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Elige una nueva contraseña' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/^Nueva contraseña/).fill('nuevaClave456');
  await page.getByLabel('Confirmar contraseña').fill('nuevaClave457');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill('nuevaClave456');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(toast(page, 'Contraseña actualizada')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  const form = page.getByRole('form', { name: 'Iniciar sesión' });
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Contraseña').fill(password);
  await form.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(toast(page, 'Error al iniciar sesión')).toBeVisible();
  await form.getByLabel('Contraseña').fill('nuevaClave456');
  await form.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.goto(link);
  await page.getByLabel(/^Nueva contraseña/).fill('otraClave789');
  await page.getByLabel('Confirmar contraseña').fill('otraClave789');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(toast(page, 'El enlace para restablecer la contraseña no es válido o ha caducado')).toBeVisible();
});

test('the terms open in a new tab from the register form, which keeps what was typed; the page leads to /auth', async ({
  page,
}) => {
  await page.goto('/auth?register=true');
  const form = page.getByRole('form', { name: 'Registrarse' });
  await form.getByLabel('Correo electrónico').fill('lectora@ejemplo.test');
  await form.getByLabel(/^Contraseña/).fill('secreto123');
  const link = form.getByRole('link', { name: 'términos y condiciones' });
  await expect(link).toHaveAccessibleDescription('Se abren en una pestaña nueva');
  const opened = page.waitForEvent('popup');
  await link.click();
  const terms = await opened;
  await expect(terms).toHaveURL(/\/terminos-y-condiciones$/);
  await expect(terms.getByRole('heading', { name: 'Términos y condiciones', level: 1 })).toBeVisible();
  await expect(terms.getByText('Versión 1.0')).toBeVisible();
  await expect(
    terms.getByRole('heading', { name: '4. Datos de pacientes: responsable y encargado del tratamiento' }),
  ).toBeVisible();
  await expectNoAxeViolations(terms);
  await terms.getByRole('link', { name: 'Volver' }).click();
  await expect(terms).toHaveURL(/\/auth$/);
  await terms.close();

  // Back on the form: nothing typed was lost.
  await expect(form.getByLabel('Correo electrónico')).toHaveValue('lectora@ejemplo.test');
  await expect(form.getByLabel(/^Contraseña/)).toHaveValue('secreto123');
  await expect(form.getByRole('checkbox', { name: 'Acepto los términos y condiciones' })).toBeVisible();
});

test("'Mi Perfil' and 'Configuración de la Clínica' save, with the image rules as toasts", async ({ page }) => {
  const { email } = await createClinicOwner(page.request, { nombres: 'Lucía' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Mi Perfil', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);
  await expect(page.getByLabel('Correo electrónico')).toBeDisabled();
  await expect(page.getByLabel('Nombres')).toHaveValue('Lucía');
  await page
    .getByLabel('Foto de perfil')
    .setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(toast(page, 'Formato no válido')).toBeVisible();
  await page.getByLabel('Foto de perfil').setInputFiles({ ...TEAL_PNG, name: 'foto.png' });
  await page.getByLabel('Nombres').fill('Lucía María');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(toast(page, '¡Perfil actualizado!')).toBeVisible();
  const sidebar = page.locator('[data-slot="sidebar"]').first();
  await expect(sidebar.getByText('Lucía María Fernández Ruiz')).toBeVisible();
  await expect(sidebar.locator('img[src^="/files/profile_photos/"]')).toBeVisible();
  await expectNoAxeViolations(page, { include: 'main' });

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Configuración de la Clínica', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Nombre de la clínica')).toHaveValue('Clínica Sonrisa E2E');
  const clinicForm = page.getByRole('form', { name: 'Información de la clínica' });
  await clinicForm.getByLabel('Nombre de la clínica').fill('Clínica Sonrisa Centro');
  await clinicForm.getByLabel('Ciudad').fill('Bilbao');
  await clinicForm.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(toast(page, '¡Información actualizada!')).toBeVisible();
  await expect(sidebar.getByText('Clínica Sonrisa Centro')).toBeVisible();
  await expectNoAxeViolations(page, { include: 'main' });
  await clinicForm.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
