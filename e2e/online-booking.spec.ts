import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { readOutbox, type OutboxMessage } from '../apps/api/src/test/outbox.ts';
import { createClinicOwner, ok, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { dataDir } from './playwright.config';
import { hydrated, openPublicPage } from './support/public-page';

/** A published clinic that takes online bookings: one dentist working every day 09:00-13:00, a 30-minute service. */
async function bookingClinic(request: APIRequestContext) {
  // A city of its own: the directory's tests count the clinics of theirs.
  await createClinicOwner(request, {
    clinica: 'Clínica Reserva Online E2E',
    lugar: { pais: 'España', ciudad: 'Zamora', direccion: 'Calle Santa Clara 5' },
  });
  const { perfil } = (await (
    await ok(
      await request.put('/api/perfil-publico', {
        data: {
          publicada: true,
          descripcion: 'Clínica de prueba de reservas',
          especialidades: ['odontologia-general'],
          servicios: ['Limpieza'],
          horario: [{ dias: 'Todos los días', horas: '09:00 - 13:00' }],
          email: `reservas.${Date.now().toString(36)}@clinica-e2e.test`,
          sitioWeb: null,
        },
      }),
      'public profile',
    )
  ).json()) as { perfil: { id: string } };
  const dentist = (await (
    await ok(
      await request.post('/api/dentistas', {
        data: { nombres: 'Elena', apellidos: 'Ruiz Mora', especialidad: 'ortodoncia' },
      }),
      'dentist',
    )
  ).json()) as { id: string };
  await ok(
    await request.put(`/api/dentistas/${dentist.id}/horario`, {
      data: {
        rangos: [1, 2, 3, 4, 5, 6, 7].map((diaSemana) => ({ diaSemana, horaInicio: '09:00', horaFin: '13:00' })),
      },
    }),
    'working hours',
  );
  await ok(
    await request.post('/api/productos', {
      data: {
        nombre: 'Limpieza dental',
        categoria: 'servicio',
        codigo: `LIMP-${Date.now().toString(36)}`,
        precioVenta: 4500,
        duracionMinutos: 30,
        reservableOnline: true,
      },
    }),
    'service',
  );
  await ok(
    await request.put('/api/reservas/ajustes', {
      data: {
        reservaOnline: true,
        antelacionMinutos: 0,
        horizonteDias: 60,
        maxFuturas: 2,
        requiereAprobacion: false,
        revisionMeses: 6,
      },
    }),
    'booking rules',
  );
  return { clinicaId: perfil.id };
}

async function mailTo(email: string, subject: RegExp) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () =>
        (found = (await readOutbox(path.join(dataDir, 'outbox'))).find(
          (m) => m.to.includes(email) && subject.test(m.subject),
        )),
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return found!;
}

test('a visitor books a real free slot on a phone, confirms the email with the code, gets the .ics; the clinic sees it live; a second visitor cannot take it', async ({
  page,
  browser,
}) => {
  test.slow();
  const { clinicaId } = await bookingClinic(page.request);
  await page.goto('/citas');

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const other = await browser.newContext();
  try {
    const phone = await visitor.newPage();
    // From the directory: the clinic's card says that it takes online bookings, and when it is free.
    await openPublicPage(phone, '/clinicas?ciudad=Zamora');
    const card = phone.locator('article').filter({ has: phone.locator(`a[href="/clinicas/${clinicaId}"]`) });
    await expect(card.getByText('Reserva online', { exact: true })).toBeVisible();
    await expect(card.getByText(/^Próximo hueco: (hoy|mañana|\w+, \d+ de \w+) a las \d\d:\d\d$/)).toBeVisible();
    await card.getByRole('heading').getByRole('link').click();
    await phone.waitForURL(`**/clinicas/${clinicaId}`);
    await hydrated(phone);
    await expect(phone.getByText('Reserva online', { exact: true })).toBeVisible();
    await expect(phone.getByText(/Próximo hueco:/)).toBeVisible();
    await phone.getByRole('button', { name: 'Reservar cita' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Reservar cita' });
    await expect(dialog.getByRole('radio', { name: /Limpieza dental/ })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /Cualquiera/ })).toBeChecked();
    // Tomorrow, never today: today's passing hours would take its slots between the two visitors.
    const tomorrow = dialog.getByRole('list', { name: 'Días' }).getByRole('button').nth(1);
    await expect(tomorrow).toHaveAccessibleName(/: \d+ huecos libres$/);
    const dayName = ((await tomorrow.getAttribute('aria-label')) ?? '').replace(/:.*$/, '');
    await tomorrow.click();
    await expect(tomorrow).toHaveAttribute('aria-pressed', 'true');
    const slots = dialog.getByRole('list', { name: `Huecos libres del ${dayName}` });
    const last = slots.getByRole('button').last();
    await expect(last).toHaveText('12:30');
    await expectNoAxeViolations(phone);
    await last.click();
    await expect(dialog.getByText(/Reservado para ti durante/)).toBeVisible({ timeout: 30_000 });

    // Meanwhile a second visitor is not offered that slot.
    const second = await other.newPage();
    await openPublicPage(second, `/clinicas/${clinicaId}`);
    await second.getByRole('button', { name: 'Reservar cita' }).click();
    await second
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(`^${dayName}: \\d+ huecos libres$`) })
      .click();
    const otherSlots = second.getByRole('dialog').getByRole('list', { name: `Huecos libres del ${dayName}` });
    await expect(otherSlots.getByRole('button', { name: '12:00' })).toBeVisible();
    await expect(otherSlots.getByRole('button', { name: '12:30' })).toHaveCount(0);

    const email = uniqueEmail('visitante');
    await dialog.getByLabel('Nombre').fill('Marta');
    await dialog.getByLabel('Apellidos').fill('López Gil');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Teléfono').fill('612 345 678');
    await dialog.getByRole('checkbox', { name: /acepto la/ }).check();
    await dialog.getByRole('checkbox', { name: 'Quiero recibir recordatorios de mis citas' }).check();
    await dialog.getByRole('button', { name: 'Enviar código' }).click();
    const codeMail = await mailTo(email, /es tu código de reserva$/);
    const code = /Tu código es (\d{6})/.exec(codeMail.text)![1]!;
    await dialog.getByLabel('Código de 6 dígitos').fill(code);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(
      dialog.getByText('Cita reservada. Te hemos enviado la confirmación por correo.').first(),
    ).toBeVisible();

    const confirmation = await mailTo(email, /^Tu cita en Clínica Reserva Online E2E$/);
    expect(confirmation.attachments.map((a) => a.filename)).toEqual(['cita.ics']);
    expect(confirmation.text).toMatch(/a las 12:30 con Elena Ruiz Mora/);
  } finally {
    await visitor.close();
    await other.close();
  }

  // The clinic, live: the notification and the new appointment in its agenda.
  await expect(page.getByText('Nueva reserva online').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('row', { name: /Marta López Gil/ })).toContainText('Confirmada');
});
