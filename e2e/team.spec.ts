import path from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { readOutbox } from '../apps/api/src/test/outbox.ts';
import { baseURL, dataDir } from './playwright.config';
import { createClinicOwner, uniqueEmail } from './support/accounts';
import { sidebar } from './support/shell';
import { expectNoAxeViolations } from './support/axe';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The link of the newest invitation mailed to `email`. */
async function invitationLink(email: string): Promise<string> {
  const mail = (await readOutbox(path.join(dataDir, 'outbox'))).find((m) => m.to.includes(email));
  expect(mail, `an invitation mailed to ${email}`).toBeTruthy();
  const link = /https?:\/\/\S+\/auth\?register=true&(?:amp;)?invitacion=[^\s"<&]+/.exec(mail!.text)?.[0];
  expect(link, 'the registration link in the invitation').toBeTruthy();
  return link!.replace('&amp;', '&');
}

test('an owner invites a member, who registers from the email and lands in the clinic with the role’s screens', async ({
  page,
  browser,
}) => {
  // One story across two browsers: the owner's and the invited member's.
  test.slow();
  await createClinicOwner(page.request, { clinica: 'Clínica Equipo E2E' });
  const email = uniqueEmail('invitada');

  // The owner invites from 'Gestión de Usuarios'.
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'Usuarios' }).click();
  await expect(page).toHaveURL(/\/usuarios$/);
  await expect(page.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
  await expect(row(page, 'Lucía')).toContainText('Registrado');
  await expect(page.getByText('Mostrando 1 - 1 de 1')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Paginación' })).toHaveCount(0);
  await expectNoAxeViolations(page, { include: 'main', popupsClosed: true });

  await page.getByRole('link', { name: 'Nuevo Usuario' }).click();
  await expect(page.getByRole('heading', { name: 'Invitar Usuario' })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByText('El nombre es obligatorio')).toBeVisible();
  await expect(page.getByText('El email es obligatorio')).toBeVisible();
  await page.getByLabel('Email').fill('no-es-email');
  await page.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByText('Introduce un email válido')).toBeVisible();
  // Spec 001 §6: Asistente by default.
  await expect(page.getByLabel('Rol')).toHaveText('Asistente');
  await expectNoAxeViolations(page, { include: 'main', popupsClosed: true });

  await page.getByLabel('Nombres').fill('Marta Invitada');
  await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
  await page.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(toast(page, 'Invitación enviada')).toBeVisible();
  await expect(page).toHaveURL(/\/usuarios$/);
  await expect(row(page, email)).toContainText('Pendiente');

  // A second invitation for the same email is refused.
  await page.getByRole('link', { name: 'Nuevo Usuario' }).click();
  await page.getByLabel('Nombres').fill('Marta otra vez');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(toast(page, 'Invitación ya existe')).toContainText('Ya existe una invitación para este email');

  // The invited person opens the email's link in a browser of their own.
  const link = await invitationLink(email);
  const invitedContext = await browser.newContext();
  const invited = await invitedContext.newPage();
  await invited.goto(link);
  await expect(invited.getByRole('tab', { name: 'Registrarse' })).toHaveAttribute('aria-selected', 'true');
  await expect(invited.getByRole('note', { name: 'Invitación' })).toContainText('Clínica Equipo E2E');
  const register = invited.getByRole('form', { name: 'Registrarse' });
  await expect(register.getByLabel('Correo electrónico')).toHaveValue(email);
  await expect(register.getByLabel('Correo electrónico')).toHaveAttribute('readonly', '');
  await register.getByLabel(/^Contraseña/).fill('secreto123');
  await register.getByLabel('Confirmar contraseña').fill('secreto123');
  await register.getByRole('checkbox', { name: 'Acepto los términos y condiciones' }).check();
  await register.getByRole('button', { name: 'Crear cuenta' }).click();

  // The profile step, then straight to the inviting clinic's dashboard (no clinic step).
  await expect(invited).toHaveURL(/\/onboarding\/perfil$/);
  await invited.getByLabel('Nombres').fill('Marta');
  await invited.getByLabel('Apellidos').fill('Gil Soto');
  await invited.getByLabel('Número de teléfono').fill('611 222 333');
  await invited.getByRole('button', { name: 'Continuar' }).click();
  await expect(invited).toHaveURL(/\/dashboard$/);
  await expect(sidebar(invited).getByText('Clínica Equipo E2E')).toBeVisible();
  // Asistente: patients, no Administración.
  await expect(sidebar(invited).getByRole('link', { name: 'Pacientes' })).toBeVisible();
  await expect(sidebar(invited).getByText('Administración')).toHaveCount(0);
  await expect(sidebar(invited).getByRole('link', { name: 'Usuarios' })).toHaveCount(0);

  // The link is single-use.
  const again = await browser.newContext();
  const reuse = await again.newPage();
  await reuse.goto(link);
  await expect(reuse.getByText('Invitación no válida')).toBeVisible();
  await again.close();

  // The owner sees the member Registrado.
  await page.getByRole('link', { name: 'Volver a la lista' }).click();
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(row(page, 'Marta').filter({ hasNotText: 'Invitación' })).toContainText('Registrado');

  // A custom role with fewer permissions: Usuarios only, no patients.
  await sidebar(page).getByRole('link', { name: 'Roles' }).click();
  await expect(page.getByRole('heading', { name: 'Gestión de Roles' })).toBeVisible();
  await expect(row(page, 'Administrador')).toContainText('Predeterminado');
  await page.getByRole('link', { name: 'Nuevo Rol' }).click();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Coordinación');
  await page.getByLabel('Descripción').fill('Consulta el equipo');
  const usuarios = page.getByRole('group', { name: 'Usuarios' });
  await usuarios.getByRole('checkbox', { name: 'usuarios.ver' }).click();
  await expect(usuarios.getByRole('checkbox', { name: /Seleccionar todos/ })).toHaveAttribute('aria-checked', 'mixed');
  await expectNoAxeViolations(page, { include: 'main', popupsClosed: true });
  await page.getByRole('button', { name: 'Crear rol' }).click();
  await expect(toast(page, 'Rol creado')).toBeVisible();
  await expect(row(page, 'Coordinación')).toContainText('Personalizado');

  await sidebar(page).getByRole('link', { name: 'Usuarios' }).click();
  await row(page, 'Marta')
    .filter({ hasNotText: 'Invitación' })
    .getByRole('link', { name: /Editar a/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Editar Usuario' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Rol').click();
  await page.getByRole('option', { name: 'Coordinación' }).click();
  await expectNoAxeViolations(page, { include: 'main', popupsClosed: true });
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(toast(page, 'Usuario actualizado')).toBeVisible();

  // The member's next page load follows the new role: Usuarios shown, Pacientes and Roles gone and refused.
  await invited.goto('/dashboard');
  await expect(sidebar(invited).getByRole('link', { name: 'Usuarios' })).toBeVisible();
  await expect(sidebar(invited).getByRole('link', { name: 'Roles' })).toHaveCount(0);
  await expect(sidebar(invited).getByRole('link', { name: 'Pacientes' })).toHaveCount(0);
  await invited.goto('/roles');
  await expect(invited.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  await invited.goto('/pacientes');
  await expect(invited.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  expect((await invited.request.get('/api/roles')).status()).toBe(403);
  expect((await invited.request.get('/api/pacientes')).status()).toBe(403);
  // Usuarios is open, read-only: no 'Nuevo Usuario'.
  await invited.goto('/usuarios');
  await expect(invited.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
  await expect(invited.getByRole('link', { name: 'Nuevo Usuario' })).toHaveCount(0);

  // Removed while her screen is open: her next request is refused, and the app leaves the clinic's data.
  await page.goto('/usuarios');
  await row(page, 'Marta')
    .filter({ hasNotText: 'Invitación' })
    .getByRole('link', { name: /Editar a/ })
    .click();
  await page.getByRole('button', { name: 'Eliminar usuario' }).click();
  await page.getByRole('alertdialog', { name: '¿Estás seguro?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, 'Usuario eliminado')).toBeVisible();
  await invited.getByRole('button', { name: 'Actualizar' }).click();
  await expect(invited).toHaveURL(/\/auth$/);
  await expect(invited.getByRole('heading', { name: 'Gestión de Usuarios' })).toHaveCount(0);
  await invitedContext.close();
});

test('the permissions list, the locked Administrador role, and deleting an invitation, a role and a member', async ({
  page,
}) => {
  test.slow();
  await createClinicOwner(page.request, { clinica: 'Clínica Borrados E2E' });
  const { roles, predeterminadoInvitacion } = await (await page.request.get('/api/roles/opciones')).json();
  // A member who joined through an invitation (sign-up through the API with the mailed token).
  const memberEmail = uniqueEmail('miembro');
  expect(
    (
      await page.request.post('/api/invitaciones', {
        data: { nombres: 'Rosa Miembro', email: memberEmail, rolId: predeterminadoInvitacion },
      })
    ).status(),
  ).toBe(201);
  const token = new URL(await invitationLink(memberEmail)).searchParams.get('invitacion');
  const memberRequest = await playwrightRequest.newContext({ baseURL });
  expect(
    (
      await memberRequest.post('/api/auth/sign-up/email', {
        data: { email: memberEmail, password: 'secreto123', acceptTerms: true, invitacion: token },
      })
    ).ok(),
  ).toBe(true);
  await memberRequest.dispose();
  const invitedEmail = uniqueEmail('borrar');
  expect(
    (
      await page.request.post('/api/invitaciones', {
        data: { nombres: 'Pedro Borrable', email: invitedEmail, rolId: predeterminadoInvitacion },
      })
    ).status(),
  ).toBe(201);
  expect(
    (await page.request.post('/api/roles', { data: { nombre: 'Temporal', descripcion: '', permisos: [] } })).status(),
  ).toBe(201);

  // 'Permisos del Sistema': read-only, grouped by módulo, pages of 10, searchable.
  await page.goto('/permisos');
  await expect(page.getByRole('heading', { name: 'Permisos del Sistema' })).toBeVisible();
  await expect(page.getByText(/^Mostrando 1 - 10 de \d+$/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Paginación' })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expectNoAxeViolations(page, { include: 'main', popupsClosed: true });
  await page.getByRole('searchbox', { name: 'Buscar por nombre, descripción o módulo' }).fill('odontograma');
  await expect(page.getByText('Mostrando 1 - 2 de 2')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Odontograma' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Paginación' })).toHaveCount(0);

  // Administrador: every permission, read as a list (it never changes), not a greyed form.
  const admin = roles.find((r: { nombre: string }) => r.nombre === 'Administrador');
  await page.goto(`/roles/${admin.id}`);
  await expect(page.getByRole('note')).toContainText('El rol Administrador tiene siempre todos los permisos');
  await expect(page.getByRole('heading', { name: 'Rol', level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Usuarios' }).getByText('usuarios.ver', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toHaveCount(0);

  // A custom role is deleted after ¿Estás seguro?; predeterminado roles offer no delete.
  await page.goto('/roles');
  await expect(page.getByRole('button', { name: 'Eliminar el rol Administrador' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Eliminar el rol Temporal' }).click();
  const confirmRole = page.getByRole('alertdialog', { name: '¿Estás seguro?' });
  await expect(confirmRole.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await confirmRole.getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, 'Rol eliminado')).toBeVisible();
  await expect(row(page, 'Temporal')).toHaveCount(0);

  // An invitation row can only be deleted.
  await page.goto('/usuarios');
  const invitationRow = row(page, invitedEmail);
  await expect(invitationRow).toContainText('Pendiente');
  await expect(invitationRow.getByRole('link')).toHaveCount(0);
  await invitationRow.getByRole('button', { name: `Eliminar la invitación a ${invitedEmail}` }).click();
  await page.getByRole('alertdialog', { name: '¿Estás seguro?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, 'Invitación eliminada')).toBeVisible();
  await expect(row(page, invitedEmail)).toHaveCount(0);

  // An unknown user: 'Usuario no encontrado' and back to the list.
  await page.goto('/usuarios/00000000-0000-4000-8000-000000000000');
  await expect(toast(page, 'Usuario no encontrado')).toBeVisible();
  await expect(page).toHaveURL(/\/usuarios$/);

  // A member is deleted from their edit screen, after ¿Estás seguro?.
  await row(page, memberEmail)
    .filter({ hasNotText: 'Invitación' })
    .getByRole('link', { name: 'Editar a Rosa Miembro' })
    .click();
  await expect(page.getByRole('heading', { name: 'Editar Usuario' })).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar usuario' }).click();
  await page.getByRole('alertdialog', { name: '¿Estás seguro?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast(page, 'Usuario eliminado')).toBeVisible();
  await expect(page).toHaveURL(/\/usuarios$/);
  await expect(row(page, memberEmail).filter({ hasNotText: 'Invitación' })).toHaveCount(0);

  // The owner's own row: no delete, and the edit screen locks rol and activo.
  await expect(row(page, 'Lucía').getByRole('button', { name: /Eliminar/ })).toHaveCount(0);
  await row(page, 'Lucía')
    .getByRole('link', { name: /Editar a/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Editar Usuario' })).toBeVisible();
  await expect(page.getByLabel('Rol')).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Activo' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Eliminar usuario' })).toHaveCount(0);
  await expectNoAxeViolations(page, { include: 'main', popupsClosed: true });
});

test('a member who may see the roles but not manage them reads a role, without a greyed form', async ({
  page,
  browser,
}) => {
  await createClinicOwner(page.request, { clinica: 'Clínica Lectura Roles E2E' });
  const { modulos } = (await (await page.request.get('/api/permisos/catalogo')).json()) as {
    modulos: { permisos: { id: string; nombre: string }[] }[];
  };
  const ids = (names: string[]) =>
    modulos
      .flatMap((m) => m.permisos)
      .filter((p) => names.includes(p.nombre))
      .map((p) => p.id);
  const created = await page.request.post('/api/roles', {
    data: {
      nombre: 'Consulta de roles',
      descripcion: 'Ve los roles y la agenda',
      permisos: ids(['roles.ver', 'citas.ver']),
    },
  });
  expect(created.status()).toBe(201);
  const { roles } = await (await page.request.get('/api/roles/opciones')).json();
  const role = roles.find((r: { nombre: string }) => r.nombre === 'Consulta de roles');
  const email = uniqueEmail('lectora');
  expect(
    (
      await page.request.post('/api/invitaciones', { data: { nombres: 'Irene Lectora', email, rolId: role.id } })
    ).status(),
  ).toBe(201);
  const token = new URL(await invitationLink(email)).searchParams.get('invitacion');

  const readerContext = await browser.newContext();
  try {
    const reader = await readerContext.newPage();
    expect(
      (
        await reader.request.post('/api/auth/sign-up/email', {
          data: { email, password: 'secreto123', acceptTerms: true, invitacion: token },
        })
      ).ok(),
    ).toBe(true);
    expect(
      (
        await reader.request.put('/api/perfil', {
          data: { nombres: 'Irene', apellidos: 'Lectora', telefono: '600 555 444' },
        })
      ).ok(),
    ).toBe(true);
    await reader.goto('/roles');
    await expect(reader.getByRole('link', { name: 'Nuevo Rol' })).toHaveCount(0);
    await row(reader, 'Consulta de roles').getByRole('link', { name: 'Ver el rol Consulta de roles' }).click();
    // Exact: the list's 'Gestión de Roles' would match 'Rol' too, and its row holds the same description.
    await expect(reader.getByRole('heading', { name: 'Rol', level: 1, exact: true })).toBeVisible();
    await expect(reader.getByText('Ve los roles y la agenda')).toBeVisible();
    const permisos = reader.getByRole('region', { name: 'Permisos' });
    await expect(permisos.getByRole('region', { name: 'Roles' })).toContainText('roles.ver');
    await expect(permisos.getByRole('region', { name: 'Citas' })).toContainText('citas.ver');
    await expect(permisos.getByRole('region', { name: 'Pacientes' })).toContainText('Ningún permiso de este módulo');
    await expect(reader.getByRole('checkbox')).toHaveCount(0);
    await expect(reader.getByRole('textbox')).toHaveCount(0);
    await expect(reader.getByRole('button', { name: /Cancelar|Guardar/ })).toHaveCount(0);
    await expectNoAxeViolations(reader);
  } finally {
    await readerContext.close();
  }
});
