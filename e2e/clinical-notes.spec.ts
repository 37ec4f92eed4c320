import { applyStatus, emptyChart } from '@odontia/shared';
import { expect, test } from '@playwright/test';
import { createClinicOwner, ok } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { dayAhead } from './support/days';

/** The clinic's day (Europe/Madrid, the default zone) `days` from now, as YYYY-MM-DD. */
test('writes and signs a clinical note from an appointment, then corrects it with an addendum', async ({ page }) => {
  test.slow();
  await createClinicOwner(page.request);
  const dentist = (await (
    await ok(
      await page.request.post('/api/dentistas', {
        data: { nombres: 'Marta', apellidos: 'Gil Soto', especialidad: 'endodoncia' },
      }),
      'dentist',
    )
  ).json()) as { id: string };
  const patient = (await (
    await ok(
      await page.request.post('/api/pacientes', { data: { nombres: 'Íñigo', apellidos: 'Arrieta Sanz' } }),
      'patient',
    )
  ).json()) as { id: string };
  const fecha = dayAhead(1);
  const cita = (await (
    await ok(
      await page.request.post('/api/citas', {
        data: {
          pacienteId: patient.id,
          dentistaId: dentist.id,
          fecha,
          horaInicio: '10:00',
          horaFin: '10:30',
          titulo: 'Endodoncia del 36',
        },
      }),
      'appointment',
    )
  ).json()) as { id: string };

  // The chart plans a crown on 36, linked to a catalogue service the note will record as done.
  const service = (await (
    await ok(
      await page.request.post('/api/productos', {
        data: { nombre: 'Corona sobre endodoncia', categoria: 'servicio', precioVenta: 400 },
      }),
      'service',
    )
  ).json()) as { id: string };
  const planned = applyStatus(emptyChart(), { tooth: 36, surface: null }, 'crown', {
    etapa: 'planificado',
    servicioId: service.id,
  });
  await ok(
    await page.request.put(`/api/pacientes/${patient.id}/odontograma`, { data: { baseVersion: 0, chart: planned } }),
    'chart',
  );

  // From the appointment, the editor opens with it linked.
  await page.goto(`/citas/${cita.id}`);
  await page.getByRole('link', { name: 'Escribir nota clínica' }).click();
  await expect(page).toHaveURL(new RegExp(`/pacientes/${patient.id}/notas/nueva\\?cita=${cita.id}$`));
  await expect(page.getByRole('heading', { name: 'Nueva nota clínica', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Endodoncia del 36' })).toBeVisible();
  // The appointment is tomorrow; a note tells what was done, so it is dated today.
  await expect(page.getByLabel(/^Fecha/)).toHaveValue(dayAhead(0));

  // A template fills the text; an empty text is refused before anything is sent.
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByText('Escribe el texto de la nota')).toBeVisible();
  await page.getByLabel('Plantilla', { exact: true }).selectOption({ label: 'Endodoncia' });
  await page.getByLabel('Diente').fill('36');
  await page.getByRole('button', { name: 'Usar plantilla' }).click();
  await expect(page.getByLabel(/Texto de la nota/)).toHaveValue(/^Endodoncia del diente 36 de Íñigo Arrieta Sanz/);
  await page.getByLabel('Diagnóstico (CIE-10)').fill('necrosis pulpa');
  await page.getByRole('button', { name: /K04\.1 Necrosis de la pulpa/ }).click();
  await expect(page.getByTestId('diagnostico-elegido')).toHaveText('K04.1 · Necrosis de la pulpa');
  await page.getByLabel('Corona sobre endodoncia').check();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Firmar', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Firmar la nota?' });
  await dialog.getByRole('button', { name: 'Firmar' }).click();

  // The signed note is locked: no editor, its hash shown, an addendum is the way to correct it.
  await expect(page).toHaveURL(/\/notas\/[0-9a-f-]{36}$/);
  const note = page.getByTestId('nota-clinica');
  await expect(note.getByText('Firmada', { exact: true })).toBeVisible();
  await expect(note.getByText(/SHA-256 [0-9a-f]{64}/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar borrador' })).toHaveCount(0);
  await page.getByLabel('Añadir adenda').fill('Se corrige: conductometría de 21 mm en el conducto distal.');
  await page.getByRole('button', { name: 'Firmar adenda' }).click();
  await expect(note.getByRole('region', { name: 'Adendas' }).getByText(/conductometría de 21 mm/)).toBeVisible();
  await expectNoAxeViolations(page);
  const noteUrl = page.url();

  // Signing marked the planned crown done: the chart says which note records it, and links to it.
  await page.goto(`/odontograma?paciente=${patient.id}`);
  await page.getByRole('button', { name: /^Diente 36: Corona/ }).click();
  const recorded = page.getByRole('link', { name: /^Registrado en la nota del \d{2}\/\d{2}\/\d{4}$/ });
  await expect(recorded).toBeVisible();
  await recorded.click();
  await expect(page).toHaveURL(noteUrl);

  // The patient's timeline shows the note with its addendum and the appointment.
  await page.getByRole('link', { name: 'Volver a la historia clínica' }).click();
  await expect(page.getByRole('heading', { name: 'Historia clínica', level: 1 })).toBeVisible();
  const timeline = page.getByRole('list', { name: /Historia clínica/ });
  await expect(timeline.getByText(/conductometría de 21 mm/)).toBeVisible();
  await expect(timeline.getByRole('heading', { name: 'Cita · Endodoncia del 36' })).toBeVisible();
  await page.getByLabel('Tipo').selectOption({ label: 'Citas' });
  await expect(timeline.getByTestId('nota-clinica')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
