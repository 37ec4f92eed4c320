import { expect, test } from '@playwright/test';
import { createClinicOwner, ok } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { dayAhead } from './support/days';

/** The clinic's day (Europe/Madrid, the default zone) `days` from now, as YYYY-MM-DD. */
test("adds an allergy on the patient's page and sees the red badge there, in the day grid and the patient picker, at 768 and 390 px", async ({
  page,
}) => {
  test.slow();
  await createClinicOwner(page.request);
  const dentist = (await (
    await ok(
      await page.request.post('/api/dentistas', {
        data: { nombres: 'Marta', apellidos: 'Gil Soto', especialidad: 'ortodoncia' },
      }),
      'dentist',
    )
  ).json()) as { id: string };
  const patient = (await (
    await ok(
      await page.request.post('/api/pacientes', { data: { nombres: 'Rosa', apellidos: 'Vidal Pons' } }),
      'patient',
    )
  ).json()) as { id: string };
  const fecha = dayAhead(3);
  await ok(
    await page.request.post('/api/citas', {
      data: {
        pacienteId: patient.id,
        dentistaId: dentist.id,
        fecha,
        horaInicio: '10:00',
        horaFin: '10:30',
        titulo: 'Revisión',
      },
    }),
    'appointment',
  );
  const badgeName = 'Alertas médicas: Alergia a penicilina, Anticoagulante';

  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`/pacientes/${patient.id}`);
  await expect(page.getByRole('heading', { name: 'Antecedentes' })).toBeVisible();
  await expect(page.getByText('Sin antecedentes registrados')).toBeVisible();
  const form = page.getByRole('form', { name: 'Añadir antecedente' });
  // An empty allergy is refused with the reason, and nothing is recorded.
  await form.getByRole('button', { name: 'Añadir antecedente' }).click();
  await expect(form.getByText('Escribe a qué es alérgico el paciente')).toBeVisible();
  await form.getByRole('textbox', { name: /Alérgico a/ }).fill('penicilina');
  await form.getByRole('button', { name: 'Añadir antecedente' }).click();
  await expect(page.getByText('Antecedente registrado')).toBeVisible();
  await form.getByRole('radio', { name: 'Medicación actual' }).check();
  await form.getByRole('textbox', { name: /Medicamento/ }).fill('Sintrom');
  await form.getByRole('checkbox', { name: 'Es anticoagulante' }).check();
  await form.getByRole('button', { name: 'Añadir antecedente' }).click();
  await expect(page.getByRole('img', { name: badgeName })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Antecedentes del paciente' }).getByRole('listitem')).toHaveCount(2);
  await expectNoAxeViolations(page);

  // The day grid: the appointment carries the badge, and its link says so.
  await page.goto(`/citas?vista=calendario&modo=dia&fecha=${fecha}`);
  const cell = page.getByRole('link', { name: /10:00 – 10:30, Rosa Vidal Pons/ });
  await expect(cell).toHaveAccessibleName(new RegExp(`${badgeName}$`));
  await expect(cell.getByRole('img', { name: badgeName })).toBeVisible();

  // The patient picker of a new appointment.
  await page.goto('/citas/nueva');
  await page.getByRole('combobox', { name: 'Paciente', exact: true }).fill('Rosa');
  await expect(
    page.getByRole('option', { name: /Rosa Vidal Pons/ }).getByRole('img', { name: badgeName }),
  ).toBeVisible();

  // At 390 px the badge is still there, inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/pacientes/${patient.id}`);
  const badge = page.getByRole('img', { name: badgeName });
  await expect(badge).toBeVisible();
  const box = (await badge.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Retirar alergia: penicilina' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Retirar' }).click();
  await expect(page.getByRole('img', { name: 'Alertas médicas: Anticoagulante' })).toBeVisible();
  await expect(page.getByText(/Retirado el/)).toBeVisible();
});
