import { expect, test, type Page } from '@playwright/test';
import { createClinicOwner, ok } from './support/accounts';
import { signUpViaApi } from './support/onboarding';
import { expectNoAxeViolations } from './support/axe';

/** The day (YYYY-MM-DD) it is in `zone`, `days` from now. */
const dayIn = (zone: string, days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + days * 86_400_000));
/** 'jueves, 26 de noviembre' of a YYYY-MM-DD day, as the dashboard heads its days. */
const dayName = (iso: string) =>
  new Intl.DateTimeFormat('es-ES', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(`${iso}T12:00:00Z`),
  );

async function dentistAndPatient(page: Page) {
  await ok(
    await page.request.post('/api/dentistas', {
      data: { nombres: 'Andrés', apellidos: 'Mejía Ruiz', especialidad: 'ortodoncia' },
    }),
    'dentist',
  );
  const dentistas = (await (await page.request.get('/api/dentistas')).json()) as { id: string }[];
  await ok(
    await page.request.post('/api/pacientes', { data: { nombres: 'Camila', apellidos: 'Restrepo Díaz' } }),
    'patient',
  );
  return dentistas[0]!.id;
}

test('a clinic created in Colombia runs on Bogotá time, with weeks from Sunday', async ({ page }) => {
  test.slow();
  // The browser is in Madrid (playwright.config.ts): what the screens show is the clinic's clock.
  await signUpViaApi(page.request, { step: 'perfil_completado' });
  await page.goto('/onboarding/clinica');
  await page.getByLabel('Nombre de la clínica').fill('Clínica Andina E2E');
  await page.getByLabel('Teléfono de contacto').fill('601 555 0100');
  await page.getByRole('combobox', { name: 'País' }).click();
  await expect(page.getByRole('option')).toHaveText(['España', 'Colombia']);
  await page.getByRole('option', { name: 'Colombia' }).click();
  await expect(page.getByText(/^Zona horaria: Colombia\. Hora actual en esta zona: \d{2}:\d{2}\.$/)).toBeVisible();
  await page.getByLabel('Ciudad').fill('Bogotá');
  await page.getByLabel('Dirección').fill('Carrera 7 # 72-41');
  await expectNoAxeViolations(page, { include: 'main' });
  await page.getByRole('button', { name: 'Finalizar configuración' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const { clinica } = (await (await page.request.get('/api/clinica')).json()) as {
    clinica: { pais: string; zonaHoraria: string };
  };
  expect(clinica).toMatchObject({ pais: 'CO', zonaHoraria: 'America/Bogota' });

  // Booked at 07:00 on Bogotá's today: stored at 12:00 UTC, shown at 07:00 to a browser in Madrid.
  const dentistaId = await dentistAndPatient(page);
  const today = dayIn('America/Bogota');
  const pacientes = (await (await page.request.get('/api/pacientes')).json()) as { pacientes: { id: string }[] };
  await ok(
    await page.request.post('/api/citas', {
      data: {
        pacienteId: pacientes.pacientes[0]!.id,
        dentistaId,
        fecha: today,
        horaInicio: '07:00',
        horaFin: '07:30',
        titulo: 'Control de ortodoncia',
      },
    }),
    'appointment',
  );

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Agenda del día' });
  const todays = card.getByRole('region', { name: `Hoy · ${dayName(today)}` });
  await expect(
    todays.getByRole('link', { name: /07:00.*Camila Restrepo Díaz.*30 min.*Andrés Mejía Ruiz/ }),
  ).toBeVisible();

  await page.goto('/citas?vista=calendario');
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('columnheader').first()).toHaveText('Dom');
  await expect(grid.getByRole('columnheader').last()).toHaveText('Sáb');
  await grid
    .getByRole('button', { name: new RegExp(`^Ver el día [^,]+, ${Number(today.slice(8))} de [^,]+, 1 cita$`) })
    .click();
  await expect(page.getByRole('link', { name: /07:00 – 07:30, Camila Restrepo Díaz/ })).toBeVisible();

  await page.goto('/settings');
  await expect(page.getByRole('combobox', { name: 'País' })).toHaveText('Colombia');
  await expect(page.getByText(/^Zona horaria: Colombia\./)).toBeVisible();
});

test('the front desk works day by day: Día steps, a free slot books and comes back to its day, a Sunday night warns', async ({
  page,
}) => {
  test.slow();
  await createClinicOwner(page.request, { clinica: 'Clínica Recepción E2E' });
  const dentistaId = await dentistAndPatient(page);
  const madrid = dayIn('Europe/Madrid', 7);

  await page.goto(`/citas?vista=calendario&modo=dia&fecha=${madrid}`);
  // A Spanish clinic's weeks start on Monday; the day view steps one day each way.
  await page.getByRole('button', { name: 'Día siguiente' }).click();
  const next = dayIn('Europe/Madrid', 8);
  await expect(page).toHaveURL(new RegExp(`fecha=${next}`));
  await page.getByRole('button', { name: 'Día anterior' }).click();
  await expect(page).toHaveURL(new RegExp(`fecha=${madrid}`));

  const chair = page.getByRole('region', { name: 'Citas de Andrés Mejía Ruiz' });
  await chair.getByRole('link', { name: 'Nueva cita con Andrés Mejía Ruiz a las 12:00' }).click();
  await expect(page).toHaveURL(`/citas/nueva?fecha=${madrid}&hora=12:00&dentista=${dentistaId}`);
  const picker = page.getByRole('combobox', { name: 'Paciente', exact: true });
  await picker.fill('Camila');
  await page.getByRole('option', { name: /Camila Restrepo Díaz/ }).click();
  await page.getByLabel('Tratamiento').fill('Revisión');
  await page.getByRole('button', { name: 'Crear Cita' }).click();
  await expect(page.getByText('Cita creada')).toBeVisible();
  // Back on that day's grid, not on the Lista.
  await expect(page).toHaveURL(`/citas?vista=calendario&modo=dia&fecha=${madrid}`);
  await expect(chair.getByRole('link', { name: /12:00 – 12:30, Camila Restrepo Díaz, Revisión/ })).toBeVisible();

  // A Sunday at 23:00 is outside the agenda's hours: a warning, and it still books.
  const sunday = Array.from({ length: 7 }, (_, i) => dayIn('Europe/Madrid', 14 + i)).find(
    (iso) => new Date(`${iso}T12:00:00Z`).getUTCDay() === 0,
  )!;
  await page.goto(`/citas/nueva?fecha=${sunday}&hora=23:00&dentista=${dentistaId}`);
  await expect(page.getByRole('status').filter({ hasText: 'fuera del horario' })).toHaveText(
    'La cita queda fuera del horario habitual de la agenda (de 08:00 a 20:00). Puedes guardarla igualmente.',
  );
  await expectNoAxeViolations(page, { include: 'main' });
  await picker.fill('Camila');
  await page.getByRole('option', { name: /Camila Restrepo Díaz/ }).click();
  await page.getByLabel('Tratamiento').fill('Urgencia');
  await page.getByRole('button', { name: 'Crear Cita' }).click();
  await expect(page.getByText('Cita creada')).toBeVisible();
  await expect(page).toHaveURL(/\/citas$/);
});
