import path from 'node:path';
import { expect, test } from '@playwright/test';
import { readOutbox, type OutboxMessage } from '../apps/api/src/test/outbox.ts';
import { createClinicOwner, ok, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { dayAhead } from './support/days';
import { dataDir } from './playwright.config';

async function setUp(request: import('@playwright/test').APIRequestContext, clinica: string) {
  await createClinicOwner(request, { clinica });
  const dentist = (await (
    await ok(
      await request.post('/api/dentistas', {
        data: { nombres: 'Elena', apellidos: 'Ruiz Mora', especialidad: 'ortodoncia' },
      }),
      'dentist',
    )
  ).json()) as { id: string };
  const email = uniqueEmail('paciente');
  const patient = (await (
    await ok(
      await request.post('/api/pacientes', {
        data: {
          nombres: 'Carmen',
          apellidos: 'Soler Vidal',
          email,
          telefono: '612 345 678',
          consentimientoRecordatorios: true,
        },
      }),
      'patient',
    )
  ).json()) as { id: string };
  return { dentist, patient, email };
}

/** The email the outbox sends to `email` (its rounds run every 2 s). */
async function mailTo(email: string) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => (found = (await readOutbox(path.join(dataDir, 'outbox'))).find((m) => m.to.includes(email))), {
      timeout: 20_000,
    })
    .toBeTruthy();
  return found!;
}

test('a booking at the desk is emailed with its .ics; the patient confirms from the link and the desk sees it live', async ({
  page,
  browser,
}) => {
  test.slow();
  const { dentist, patient, email } = await setUp(page.request, 'Clínica Mensajes E2E');
  const fecha = dayAhead(3);
  const cita = (await (
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
    )
  ).json()) as { id: string };

  const mail = await mailTo(email);
  expect(mail.subject).toBe('Tu cita en Clínica Mensajes E2E');
  expect(mail.text).toContain('Hola, Carmen:');
  expect(mail.attachments.map((a) => a.filename)).toEqual(['cita.ics']);
  expect(mail.attachments[0]!.content).toContain('BEGIN:VEVENT');
  const link = /https?:\/\/\S+\/cita\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];

  // The appointment's page says what was sent; then the desk keeps the agenda open.
  await page.goto(`/citas/${cita.id}`);
  await expect(page.getByText('Mensajes al paciente')).toBeVisible();
  await expect(page.getByText('Enviado', { exact: true })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.goto('/citas');
  const row = page.getByRole('row', { name: /Carmen Soler Vidal/ });
  await expect(row).toContainText('Pendiente');

  // At home, on a phone, without an account.
  const home = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const patientPage = await home.newPage();
    await patientPage.goto(link);
    await expect(patientPage.getByRole('heading', { name: 'Tu cita en Clínica Mensajes E2E' })).toBeVisible();
    await expect(patientPage.getByText('Elena Ruiz Mora')).toBeVisible();
    await expect(patientPage.getByRole('link', { name: /Ver en el mapa/ })).toHaveAttribute(
      'href',
      /google\.com\/maps/,
    );
    await expectNoAxeViolations(patientPage);
    await patientPage.getByRole('button', { name: 'Confirmar asistencia' }).click();
    await expect(patientPage.getByText('Gracias. Hemos avisado a la clínica de que asistirás.').first()).toBeVisible();
    await expect(patientPage.getByRole('button', { name: 'Confirmar asistencia' })).toHaveCount(0);
  } finally {
    await home.close();
  }

  // Live at the desk: the notification, and the appointment's state without a reload.
  await expect(page.getByText('Cita confirmada por el paciente').first()).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('Confirmada por el paciente');
});

test("the desk sends tomorrow's WhatsApp reminder: wa.me with the patient's phone and link, recorded with who sent it", async ({
  page,
}) => {
  test.slow();
  const { dentist, patient } = await setUp(page.request, 'Clínica WhatsApp E2E');
  await ok(
    await page.request.post('/api/citas', {
      data: {
        pacienteId: patient.id,
        dentistaId: dentist.id,
        fecha: dayAhead(1),
        horaInicio: '11:00',
        horaFin: '11:30',
        titulo: 'Limpieza',
      },
    }),
    'appointment',
  );
  // The link is checked, not opened: the new tab's request is caught and aborted.
  const opened: string[] = [];
  await page.context().route('https://wa.me/**', async (route) => {
    opened.push(route.request().url());
    await route.abort();
  });
  await page.goto('/recordatorios');
  await expect(page.getByRole('heading', { name: 'Recordatorios de mañana' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Enviar por WhatsApp a Carmen Soler Vidal' }).click();
  await expect.poll(() => opened.length).toBe(1);
  const url = new URL(opened[0]!);
  expect(url.origin + url.pathname).toBe('https://wa.me/34612345678');
  const text = url.searchParams.get('text')!;
  expect(text).toContain('Hola, Carmen.');
  expect(text).toMatch(/\/cita\/[A-Za-z0-9_-]{43}/);
  await expect(page.getByText(/Enviado por Lucía/)).toBeVisible();
});
