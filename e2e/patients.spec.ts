import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createClinicOwner } from './support/accounts';
import { TEAL_PNG } from './support/onboarding';
import { expectNoAxeViolations } from './support/axe';

async function createPatient(request: APIRequestContext, data: Record<string, unknown>): Promise<{ id: string }> {
  const res = await request.post('/api/pacientes', { data });
  if (!res.ok()) throw new Error(`create patient failed: ${res.status()} ${await res.text()}`);
  return res.json();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('registers a patient with a photo, finds it typed without accents, edits it and deletes it', async ({ page }) => {
  await createClinicOwner(page.request);
  await page.goto('/pacientes');
  await expect(page.getByRole('heading', { name: 'Pacientes', level: 1 })).toBeVisible();
  await expect(page.getByText('Aún no hay pacientes')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Nuevo Paciente' }).click();
  await expect(page).toHaveURL(/\/pacientes\/nuevo$/);
  await expect(page.getByRole('heading', { name: 'Nuevo Paciente' })).toBeVisible();
  await expect(page.getByText('Formato PNG o JPG, máx. 2MB')).toBeVisible();

  // The shared schema's messages, before anything is sent.
  await page.getByRole('button', { name: 'Registrar Paciente' }).click();
  await expect(page.getByText('El nombre es obligatorio')).toBeVisible();
  await expect(page.getByText('Los apellidos son obligatorios')).toBeVisible();
  await page.getByLabel('Teléfono').fill('12ab');
  await page.getByLabel('Email').fill('no-es-email');
  await page.getByRole('button', { name: 'Registrar Paciente' }).click();
  await expect(page.getByText('Introduce un número de teléfono válido')).toBeVisible();
  await expect(page.getByText('Introduce un email válido')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.locator('input[type="file"]').setInputFiles({ ...TEAL_PNG, name: 'foto-jose.png' });
  await expect(page.getByRole('img', { name: 'Vista previa: Foto del paciente' })).toBeVisible();
  await page.getByLabel('Nombres').fill('José María');
  await page.getByLabel('Apellidos').fill('Núñez Peña');
  await page.getByLabel('Fecha de nacimiento').fill('1985-04-12');
  await page.getByLabel('Género').click();
  await page.getByRole('option', { name: 'Masculino' }).click();
  await page.getByLabel('Teléfono').fill('+34 600 111 222');
  await page.getByLabel('Email').fill('jose.nunez@correo.es');
  await page.getByLabel('Notas').fill('Alergia a la penicilina');
  await page.getByRole('button', { name: 'Registrar Paciente' }).click();

  await expect(page.getByText('¡Paciente registrado!')).toBeVisible();
  await expect(page).toHaveURL(/\/pacientes$/);
  const created = row(page, 'José María Núñez Peña');
  await expect(created).toContainText('jose.nunez@correo.es');
  await expect(created).toContainText('Sin visitas');
  await expect(created).toContainText('No programada');
  await expect(created).toContainText('Activo');
  const photo = created.getByRole('img', { name: 'Foto de José María Núñez Peña' });
  await expect(photo).toHaveAttribute('src', /^\/files\/patient_photos\/.+-foto-jose\.png$/);
  // Patient photos are private: the browser's session cookie is what lets it load.
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const photoUrl = (await photo.getAttribute('src'))!;
  expect((await page.request.get(photoUrl)).headers()['cache-control']).toBe('private, no-store');

  // Found without accents; the term and page survive a reload.
  await createPatient(page.request, { nombres: 'Ana', apellidos: 'García' });
  await page.getByRole('searchbox', { name: 'Buscar por nombre, apellidos, email o teléfono' }).fill('nunez pena');
  await expect(page).toHaveURL(/\?q=nunez\+pena$/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Buscar por nombre, apellidos, email o teléfono' })).toHaveValue(
    'nunez pena',
  );
  await expect(row(page, 'José María Núñez Peña')).toBeVisible();
  await expect(row(page, 'Ana García')).toHaveCount(0);

  await page.getByRole('link', { name: 'Editar a José María Núñez Peña' }).click();
  await expect(page.getByRole('heading', { name: 'Editar Paciente' })).toBeVisible();
  await expect(page.getByLabel('Nombres')).toHaveValue('José María');
  await expectNoAxeViolations(page);
  await page.getByLabel('Teléfono').fill('+34 611 222 333');
  await page.getByLabel('Estado').click();
  await page.getByRole('option', { name: 'Inactivo' }).click();
  await page.getByLabel('Última visita').fill('2024-01-15');
  await page.getByRole('button', { name: 'Quitar foto' }).click();
  await expect(page.getByRole('img', { name: 'Vista previa: Foto del paciente' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('¡Cambios guardados!')).toBeVisible();
  await expect(page).toHaveURL(/\/pacientes$/);
  const edited = row(page, 'José María Núñez Peña');
  await expect(edited).toContainText('+34 611 222 333');
  await expect(edited).toContainText('Inactivo');
  await expect(edited).toContainText('15/01/2024');
  await expect(edited.getByRole('img')).toHaveCount(0);

  await page.getByRole('button', { name: 'Eliminar a José María Núñez Peña' }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Eliminar paciente?' });
  await expect(dialog).toContainText('Esta acción no se puede deshacer...');
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Paciente eliminado')).toBeVisible();
  await expect(row(page, 'José María Núñez Peña')).toHaveCount(0);
  await expect(row(page, 'Ana García')).toBeVisible();
});

test('pages by ten with the page in the URL, and goes back a page when its last patient is deleted', async ({
  page,
}) => {
  await createClinicOwner(page.request);
  for (let i = 1; i <= 11; i++) {
    await createPatient(page.request, {
      nombres: `Paciente ${i}`,
      apellidos: `Apellido ${String(i).padStart(2, '0')}`,
    });
  }
  await page.goto('/pacientes');
  await expect(page.getByText('Mostrando 1 - 10 de 11')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11);
  await page.getByRole('button', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/\?pagina=2$/);
  await expect(page.getByText('Mostrando 11 - 11 de 11')).toBeVisible();
  await expect(row(page, 'Paciente 11 Apellido 11')).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Mostrando 1 - 10 de 11')).toBeVisible();
  await page.goForward();
  await expect(page.getByText('Mostrando 11 - 11 de 11')).toBeVisible();

  // A new search starts at page 1.
  await page.getByRole('searchbox', { name: 'Buscar por nombre, apellidos, email o teléfono' }).fill('apellido');
  await expect(page).toHaveURL(/\?q=apellido$/);
  await expect(page.getByText('Mostrando 1 - 10 de 11')).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/\?q=apellido&pagina=2$/);

  await page.getByRole('button', { name: 'Eliminar a Paciente 11 Apellido 11' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Paciente eliminado')).toBeVisible();
  await expect(page).toHaveURL(/\?q=apellido$/);
  await expect(page.getByText('Mostrando 1 - 10 de 10')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Paginación' })).toHaveCount(0);
});

test('the top-bar search opens a patient of the clinic from the keyboard', async ({ page }) => {
  await createClinicOwner(page.request);
  const { id } = await createPatient(page.request, {
    nombres: 'Íñigo',
    apellidos: 'Muñoz Echeverría',
    email: 'inigo@correo.es',
  });
  await createPatient(page.request, { nombres: 'Marta', apellidos: 'Gil' });
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Pacientes' })).toBeVisible();

  const search = page.getByRole('combobox', { name: 'Buscar pacientes' });
  await search.fill('munoz');
  const listbox = page.getByRole('listbox', { name: 'Pacientes encontrados' });
  await expect(listbox.getByRole('option')).toHaveCount(1);
  await expect(listbox.getByRole('option', { name: /Íñigo Muñoz Echeverría/ })).toBeVisible();
  await search.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', /option-0$/);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/pacientes/${id}$`));
  await expect(page.getByLabel('Nombres')).toHaveValue('Íñigo');

  await search.fill('zzzz');
  await expect(listbox).toContainText('No se encontraron pacientes');
  await search.press('Escape');
  await expect(listbox).toBeHidden();
  await search.press('Escape');
  await expect(search).toHaveValue('');
});

test("another clinic's user opening a patient's URL sees 'Paciente no encontrado'", async ({ page, browser }) => {
  await createClinicOwner(page.request, { clinica: 'Clínica Uno' });
  const { id } = await createPatient(page.request, { nombres: 'Privada', apellidos: 'De Uno' });

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await createClinicOwner(otherPage.request, { clinica: 'Clínica Dos' });
    await otherPage.goto(`/pacientes/${id}`);
    await expect(otherPage.getByRole('heading', { name: 'Paciente no encontrado' })).toBeVisible();
    await expect(otherPage.getByText('Privada')).toHaveCount(0);
    // The same answer as for an id that does not exist.
    await otherPage.goto('/pacientes/00000000-0000-4000-8000-000000000000');
    await expect(otherPage.getByRole('heading', { name: 'Paciente no encontrado' })).toBeVisible();
    await otherPage.getByRole('link', { name: 'Volver a la lista' }).click();
    await expect(otherPage).toHaveURL(/\/pacientes$/);
    await expect(otherPage.getByText('Aún no hay pacientes')).toBeVisible();
    // Nor does the top-bar search reach the first clinic.
    await otherPage.getByRole('combobox', { name: 'Buscar pacientes' }).fill('privada');
    await expect(otherPage.getByRole('listbox')).toContainText('No se encontraron pacientes');
  } finally {
    await other.close();
  }
});
