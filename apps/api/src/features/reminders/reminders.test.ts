import { createHash } from 'node:crypto';
import {
  APPOINTMENT_MESSAGES,
  DENTIST_COLOR_VALUES,
  formatLongDate,
  REMINDER_MESSAGES,
  todayInZone,
  type AppointmentStatus,
  tomorrowRemindersSchema,
  whatsappReminderSchema,
  type WhatsappReminder,
} from '@odontia/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localInstant } from '../../db/local-day.ts';
import { citas, clinicas, dentistas, enlacesCita, mensajes, pacientes } from '../../db/schema/index.ts';
import {
  addTeamMember,
  BOGOTA,
  createClinicOwner,
  createTestApp,
  errorOf,
  setRolePermissions,
  type TestApp,
} from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const addDays = (fecha: string, days: number) => new Date(Date.parse(fecha) + days * DAY_MS).toISOString().slice(0, 10);

type Clinic = Awaited<ReturnType<typeof clinic>>;

/** A clinic (in Madrid unless `place` says otherwise) with one dentist, and its today and tomorrow. */
async function clinic(place: Parameters<typeof createClinicOwner>[1] = {}) {
  const owner = await createClinicOwner(t, place);
  const [{ zona }] = await t.db
    .select({ zona: clinicas.zonaHoraria })
    .from(clinicas)
    .where(eq(clinicas.id, owner.clinica.id));
  const [{ id: dentistaId }] = await t.db
    .insert(dentistas)
    .values({
      clinicaId: owner.clinica.id,
      nombres: 'Laura',
      apellidos: 'Gómez',
      especialidad: 'ortodoncia',
      color: DENTIST_COLOR_VALUES[0],
    })
    .returning({ id: dentistas.id });
  const today = todayInZone(zona);
  return { owner, clinicaId: owner.clinica.id, zona, dentistaId, today, tomorrow: addDays(today, 1) };
}

async function patient(c: Clinic, nombres: string, telefono: string | null, consent: boolean) {
  const [row] = await t.db
    .insert(pacientes)
    .values({
      clinicaId: c.clinicaId,
      nombres,
      apellidos: 'Pardo',
      telefono,
      consentimientoRecordatorios: consent ? new Date() : null,
      consentimientoRecordatoriosPor: consent ? 'Ana' : null,
    })
    .returning({ id: pacientes.id });
  return row.id;
}

/** An appointment of the clinic's dentist on `fecha` from `desde` to `hasta`, on the clinic's clock. */
async function appointment(
  c: Clinic,
  pacienteId: string,
  fecha: string,
  [desde, hasta]: [string, string],
  estado: AppointmentStatus = 'pendiente',
) {
  const [row] = await t.db
    .insert(citas)
    .values({
      clinicaId: c.clinicaId,
      pacienteId,
      dentistaId: c.dentistaId,
      inicio: localInstant(fecha, desde, c.zona),
      fin: localInstant(fecha, hasta, c.zona),
      titulo: 'Revisión',
      estado,
    })
    .returning({ id: citas.id });
  return row.id;
}

const tomorrowList = async (cookie: string) => {
  const res = await t.request('/api/recordatorios/manana', { cookie });
  expect(res.status).toBe(200);
  // The answer is the shared contract's, field for field.
  return tomorrowRemindersSchema.strict().parse(await res.json());
};
const send = (cookie: string, citaId: string) =>
  t.request(`/api/recordatorios/${citaId}/whatsapp`, { method: 'POST', cookie });

/** What a send writes, counted for the clinic: its messages and its appointment links. */
const written = async (clinicaId: string) => {
  const count = async (table: typeof mensajes | typeof enlacesCita) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.clinicaId, clinicaId))
    )[0].n;
  return { mensajes: await count(mensajes), enlaces: await count(enlacesCita) };
};

/** The reminder's text, as WhatsApp will read it from the link. */
const textOf = (url: string) => {
  const { origin, pathname, searchParams } = new URL(url);
  return { to: `${origin}${pathname}`, text: searchParams.get('text') ?? '' };
};

describe('GET /api/recordatorios/manana', () => {
  it("lists only tomorrow's appointments still to come, of the caller's clinic, in time order", async () => {
    const c = await clinic();
    const marta = await patient(c, 'Marta', '612 345 678', true);
    const luis = await patient(c, 'Luis', '6001', false);
    const sara = await patient(c, 'Sara', null, true);
    const tenAm = await appointment(c, marta, c.tomorrow, ['10:00', '10:30']);
    const nineAm = await appointment(c, luis, c.tomorrow, ['09:00', '09:30'], 'confirmada');
    // The first minute of tomorrow is tomorrow, on the clinic's clock.
    const midnight = await appointment(c, sara, c.tomorrow, ['00:00', '00:30'], 'confirmada_paciente');
    await appointment(c, marta, c.tomorrow, ['11:00', '11:30'], 'cancelada');
    await appointment(c, luis, c.tomorrow, ['11:00', '11:30'], 'cancelada_paciente');
    await appointment(c, sara, c.tomorrow, ['12:00', '12:30'], 'no_asistio');
    await appointment(c, marta, c.today, ['23:30', '23:59']);
    await appointment(c, marta, addDays(c.tomorrow, 1), ['00:00', '00:30']);
    // Another clinic's appointment tomorrow is not this one's.
    const other = await clinic();
    await appointment(other, await patient(other, 'Otra', '612 000 111', true), other.tomorrow, ['10:00', '10:30']);

    const list = await tomorrowList(c.owner.cookie);
    expect(list.fecha).toBe(c.tomorrow);
    expect(list.citas).toEqual([
      {
        citaId: midnight,
        horaInicio: '00:00',
        horaFin: '00:30',
        titulo: 'Revisión',
        estado: 'confirmada_paciente',
        paciente: { id: sara, nombres: 'Sara', apellidos: 'Pardo' },
        dentista: 'Laura Gómez',
        telefono: { original: null, e164: null, motivo: 'sin_telefono' },
        consentimiento: true,
        envios: [],
      },
      expect.objectContaining({
        citaId: nineAm,
        horaInicio: '09:00',
        telefono: { original: '6001', e164: null, motivo: 'invalido' },
        consentimiento: false,
      }),
      expect.objectContaining({
        citaId: tenAm,
        horaInicio: '10:00',
        telefono: { original: '612 345 678', e164: '+34612345678', motivo: null },
        consentimiento: true,
      }),
    ]);
    expect((await tomorrowList(other.owner.cookie)).citas).toHaveLength(1);
  });

  it("reads phones with the clinic's country: a Colombian clinic's '300 123 4567' is +57", async () => {
    const c = await clinic(BOGOTA);
    expect(c.zona).toBe('America/Bogota');
    await appointment(c, await patient(c, 'Camilo', '300 123 4567', true), c.tomorrow, ['08:00', '08:30']);
    // A number written with its country code keeps it.
    await appointment(c, await patient(c, 'Lucía', '+34 612 345 678', true), c.tomorrow, ['09:00', '09:30']);
    const list = await tomorrowList(c.owner.cookie);
    expect(list.citas.map((r) => r.telefono.e164)).toEqual(['+573001234567', '+34612345678']);
  });

  it('is refused without citas.ver', async () => {
    const c = await clinic();
    const member = await addTeamMember(t, c.clinicaId, 'Recepción', 'recepcion');
    await setRolePermissions(t, member.rolId, ['pacientes.ver']);
    const res = await t.request('/api/recordatorios/manana', { cookie: member.cookie });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/recordatorios/:id/whatsapp', () => {
  it('records the send with the member and answers a wa.me link with the reminder and its appointment link', async () => {
    const c = await clinic({ nombre: 'Clínica Sonrisa', direccion: 'Calle Mayor 1', ciudad: 'Madrid' });
    const marta = await patient(c, 'Marta', '612 345 678', true);
    const citaId = await appointment(c, marta, c.tomorrow, ['10:00', '10:30']);

    const res = await send(c.owner.cookie, citaId);
    expect(res.status).toBe(201);
    const { url } = whatsappReminderSchema.strict().parse(await res.json());
    const { to, text } = textOf(url);
    expect(to).toBe('https://wa.me/34612345678');
    expect(url).toMatch(/^https:\/\/wa\.me\/34612345678\?text=[^ ]+$/);
    expect(text).toContain('Hola, Marta.');
    expect(text).toContain(`en Clínica Sonrisa el ${formatLongDate(c.tomorrow)} a las 10:00 con Laura Gómez`);
    const token = /\/cita\/([A-Za-z0-9_-]{43})$/.exec(text)?.[1];
    expect(text).toContain(`${t.config.appUrl}/cita/${token}`);

    // Only the token's hash is kept, for this appointment.
    const hash = createHash('sha256').update(token!).digest('hex');
    const links = await t.db.select().from(enlacesCita).where(eq(enlacesCita.tokenHash, hash));
    expect(links).toMatchObject([{ clinicaId: c.clinicaId, citaId }]);

    const [row] = await t.db.select().from(mensajes).where(eq(mensajes.citaId, citaId));
    expect(row).toMatchObject({
      clinicaId: c.clinicaId,
      pacienteId: marta,
      canal: 'whatsapp',
      plantilla: 'whatsapp',
      estado: 'enviado',
      destinatario: '+34612345678',
      dentista: 'Laura Gómez',
      enviadoPor: c.owner.userId,
    });
    expect(row.fechaEnvio).toBeInstanceOf(Date);

    // The list shows it, with who sent it and when on the clinic's clock; a second send by another member follows.
    const member = await addTeamMember(t, c.clinicaId, 'Recepción', 'recepcion');
    expect((await send(member.cookie, citaId)).status).toBe(201);
    const [listed] = (await tomorrowList(member.cookie)).citas;
    expect(listed.envios.map((e) => e.enviadoPor)).toEqual(['Ana', 'Miembro']);
    expect(listed.envios[0]).toMatchObject({ fecha: c.today, hora: expect.stringMatching(/^\d\d:\d\d$/) });

    // Moved since, the appointment has not been reminded of its new time.
    await t.db
      .update(citas)
      .set({ inicio: localInstant(c.tomorrow, '11:00', c.zona), fin: localInstant(c.tomorrow, '11:30', c.zona) })
      .where(eq(citas.id, citaId));
    expect((await tomorrowList(c.owner.cookie)).citas[0].envios).toEqual([]);
  });

  it("writes the clinic's own WhatsApp text", async () => {
    const c = await clinic();
    await t.db
      .update(clinicas)
      .set({ plantillasMensajes: { whatsapp: { asunto: '', cuerpo: '{paciente}: {fecha}, {hora}. {enlace}' } } })
      .where(eq(clinicas.id, c.clinicaId));
    const citaId = await appointment(c, await patient(c, 'Marta', '612345678', true), c.tomorrow, ['09:15', '10:00']);
    const { url } = (await (await send(c.owner.cookie, citaId)).json()) as WhatsappReminder;
    expect(textOf(url).text).toMatch(
      new RegExp(`^Marta: ${formatLongDate(c.tomorrow)}, 09:15\\. ${t.config.appUrl}/cita/[A-Za-z0-9_-]{43}$`),
    );
  });

  it('refuses a patient without consent and a phone that is no number, writing nothing', async () => {
    const c = await clinic();
    const cases: [string | null, boolean, string][] = [
      ['612 345 678', false, REMINDER_MESSAGES.noConsent],
      ['6001', true, REMINDER_MESSAGES.invalidPhone],
      ['no tiene', true, REMINDER_MESSAGES.invalidPhone],
      [null, true, REMINDER_MESSAGES.noPhone],
    ];
    let hour = 8;
    for (const [telefono, consent, message] of cases) {
      const citaId = await appointment(c, await patient(c, 'Luis', telefono, consent), c.tomorrow, [
        `${hour}:00`,
        `${hour}:30`,
      ]);
      hour += 1;
      const res = await send(c.owner.cookie, citaId);
      expect(res.status, String(telefono)).toBe(422);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect(await written(c.clinicaId)).toEqual({ mensajes: 0, enlaces: 0 });
  });

  it('sends only for an appointment from tomorrow on that is still to come', async () => {
    const c = await clinic();
    const marta = await patient(c, 'Marta', '612 345 678', true);
    const today = await appointment(c, marta, c.today, ['23:00', '23:30']);
    const cancelled = await appointment(c, marta, c.tomorrow, ['10:00', '10:30'], 'cancelada');
    const attended = await appointment(c, marta, c.tomorrow, ['11:00', '11:30'], 'atendida');
    for (const [citaId, message] of [
      [today, REMINDER_MESSAGES.notFromTomorrow],
      [cancelled, REMINDER_MESSAGES.notUpcoming],
      [attended, REMINDER_MESSAGES.notUpcoming],
    ]) {
      const res = await send(c.owner.cookie, citaId);
      expect(res.status).toBe(422);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect(await written(c.clinicaId)).toEqual({ mensajes: 0, enlaces: 0 });
    // Later than tomorrow is still a reminder.
    const later = await appointment(c, marta, addDays(c.tomorrow, 3), ['10:00', '10:30']);
    expect((await send(c.owner.cookie, later)).status).toBe(201);
  });

  it("answers 404 for another clinic's appointment or an id that is none, and 403 without citas.editar", async () => {
    const c = await clinic();
    const other = await clinic();
    const theirs = await appointment(other, await patient(other, 'Otra', '612 345 678', true), other.tomorrow, [
      '10:00',
      '10:30',
    ]);
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
      const res = await send(c.owner.cookie, id);
      expect(res.status, id).toBe(404);
      expect((await errorOf(res)).message).toBe(APPOINTMENT_MESSAGES.notFound);
    }
    expect(await written(other.clinicaId)).toEqual({ mensajes: 0, enlaces: 0 });

    const mine = await appointment(c, await patient(c, 'Marta', '612 345 678', true), c.tomorrow, ['10:00', '10:30']);
    const member = await addTeamMember(t, c.clinicaId, 'Asistente', 'asistente');
    await setRolePermissions(t, member.rolId, ['citas.ver']);
    const refused = await send(member.cookie, mine);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('forbidden');
    // It may still see the list, and nothing was written.
    expect((await tomorrowList(member.cookie)).citas).toHaveLength(1);
    expect(await written(c.clinicaId)).toEqual({ mensajes: 0, enlaces: 0 });
    expect(
      await t.db
        .select()
        .from(mensajes)
        .where(and(eq(mensajes.citaId, mine), eq(mensajes.canal, 'whatsapp'))),
    ).toEqual([]);
  });
});
