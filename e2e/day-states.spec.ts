import { expect, test } from '@playwright/test';
import { createClinicOwner, ok } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { dayAhead } from './support/days';

/** Issue 24's states of the day: the desk moves today's appointments in one click from the dashboard. */
test('the desk marks a patient arrived from the dashboard and attended from the Día grid, one click each; the waiting room follows', async ({
  page,
}) => {
  test.slow();
  await createClinicOwner(page.request, { clinica: 'Clínica Recepción del Día E2E' });
  const dentist = (await (
    await ok(
      await page.request.post('/api/dentistas', {
        data: { nombres: 'Elena', apellidos: 'Ruiz Mora', especialidad: 'ortodoncia' },
      }),
      'dentist',
    )
  ).json()) as { id: string };
  const patient = (await (
    await ok(
      await page.request.post('/api/pacientes', { data: { nombres: 'Carmen', apellidos: 'Soler Vidal' } }),
      'patient',
    )
  ).json()) as { id: string };
  const hoy = dayAhead(0);
  await ok(
    await page.request.post('/api/citas', {
      data: {
        pacienteId: patient.id,
        dentistaId: dentist.id,
        fecha: hoy,
        horaInicio: '09:00',
        horaFin: '09:30',
        titulo: 'Revisión',
      },
    }),
    'appointment',
  );

  await page.goto('/dashboard');
  const agenda = page.getByRole('region', { name: 'Agenda del día' });
  await expect(agenda.getByRole('region', { name: 'En sala de espera (0)' })).toBeVisible();
  await agenda.getByRole('button', { name: 'En sala: Carmen Soler Vidal' }).click();
  await expect(page.getByText('Carmen Soler Vidal: En sala')).toBeVisible();
  const waiting = agenda.getByRole('region', { name: 'En sala de espera (1)' });
  await expect(waiting.getByRole('link', { name: 'Carmen Soler Vidal' })).toBeVisible();
  await expectNoAxeViolations(page);

  // In the Día grid the block says so, and its own button marks her attended.
  await page.goto(`/citas?vista=calendario&modo=dia&fecha=${hoy}`);
  await expect(page.getByRole('link', { name: /Carmen Soler Vidal, Revisión, En sala/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Atendida: Carmen Soler Vidal' }).click();
  await expect(page.getByText('Carmen Soler Vidal: Atendida')).toBeVisible();
  await expect(page.getByRole('link', { name: /Carmen Soler Vidal, Revisión, Atendida/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Carmen Soler Vidal/ })).toHaveCount(0);
  const list = await (await ok(await page.request.get('/api/citas'), 'list')).json();
  expect((list as { citas: { estado: string }[] }).citas.map((c) => c.estado)).toEqual(['atendida']);

  // Back on the dashboard the waiting room is empty again and the day shows her attended.
  await page.goto('/dashboard');
  await expect(agenda.getByRole('region', { name: 'En sala de espera (0)' })).toBeVisible();
  await expect(agenda.getByRole('link', { name: /Carmen Soler Vidal.*Atendida/ })).toBeVisible();
});
