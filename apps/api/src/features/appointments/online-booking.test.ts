import {
  APPOINTMENT_MESSAGES,
  BOOKING_MESSAGES,
  formatLongDate,
  NEXT_SLOTS_MAX,
  type BookingOptions,
  type BookingResult,
  type FreeSlots,
  type Hold,
  type NextSlots,
} from '@odontia/shared';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bloqueosAgenda,
  citas,
  clinicas,
  dentistas,
  enlacesCita,
  horariosDentista,
  mensajes,
  notificaciones,
  pacientes,
  productos,
  reservasOnline,
} from '../../db/schema/index.ts';
import { runOutboxRound } from '../../platform/messages/outbox.ts';
import { createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';
import { readOutbox } from '../../test/outbox.ts';
import { holdSlot } from './online-booking.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZONE = 'Europe/Madrid';
/** A day `n` days after the clinic's today, and its ISO weekday. */
const dayAhead = (n: number) => {
  const d = new Date(Date.now() + n * 86_400_000).toLocaleDateString('en-CA', { timeZone: ZONE });
  return d;
};
const isoWeekday = (day: string) => ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** A published clinic taking online bookings: a 30-minute service, two dentists working 09:00-11:00 every day. */
async function bookingClinic(rules: Partial<typeof clinicas.$inferInsert> = {}) {
  const owner = await createClinicOwner(t);
  const clinicaId = owner.clinica.id;
  await t.db
    .update(clinicas)
    .set({ publicada: true, reservaOnline: true, reservaAntelacionMinutos: 0, reservaHorizonteDias: 365, ...rules })
    .where(eq(clinicas.id, clinicaId));
  const [servicio] = await t.db
    .insert(productos)
    .values({
      clinicaId,
      nombre: 'Limpieza dental',
      categoria: 'servicio',
      tipoImpuesto: 'IVA_EXENTO',
      duracionMinutos: 30,
      reservableOnline: true,
    })
    .returning({ id: productos.id });
  const team = await t.db
    .insert(dentistas)
    .values([
      { clinicaId, nombres: 'Ana', apellidos: 'Ruiz', especialidad: 'general', color: '#0ea5e9' },
      { clinicaId, nombres: 'Bruno', apellidos: 'Sanz', especialidad: 'general', color: '#22c55e' },
    ])
    .returning({ id: dentistas.id });
  for (const d of team)
    for (let dia = 1; dia <= 7; dia++)
      await t.db
        .insert(horariosDentista)
        .values({ clinicaId, dentistaId: d.id, diaSemana: dia, horaInicio: '09:00', horaFin: '11:00' });
  return { owner, clinicaId, servicioId: servicio!.id, ana: team[0]!.id, bruno: team[1]!.id };
}
type Clinic = Awaited<ReturnType<typeof bookingClinic>>;

const slots = async (c: Clinic, desde: string, extra = '') => {
  const res = await t.request(
    `/api/reservas/${c.clinicaId}/huecos?servicioId=${c.servicioId}&desde=${desde}&dias=1${extra}`,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as FreeSlots).dias[0]!.huecos;
};

async function solved(): Promise<string> {
  const challenge = await (await t.request('/api/reservas/desafio')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const hold = async (c: Clinic, json: Record<string, unknown>) =>
  t.request(`/api/reservas/${c.clinicaId}/retener`, {
    method: 'POST',
    json: { servicioId: c.servicioId, dentistaId: null, altcha: await solved(), ...json },
  });

const details = (token: string, json: Record<string, unknown> = {}) =>
  t.request(`/api/reservas/retenciones/${token}/datos`, {
    method: 'POST',
    json: {
      nombres: 'Marta',
      apellidos: 'López',
      email: 'marta@correo.test',
      telefono: '+34 612 345 678',
      aceptaPrivacidad: true,
      aceptaRecordatorios: true,
      ...json,
    },
  });
const confirm = (token: string, codigo: string) =>
  t.request(`/api/reservas/retenciones/${token}/confirmar`, { method: 'POST', json: { codigo } });
/** An appointment's outbox rows, oldest first: [plantilla, estado]. */
const templatesOf = async (citaId: string) =>
  (
    await t.db
      .select({ plantilla: mensajes.plantilla, estado: mensajes.estado })
      .from(mensajes)
      .where(eq(mensajes.citaId, citaId))
      .orderBy(mensajes.fechaCreacion)
  ).map((m) => [m.plantilla, m.estado]);
/** The emails sent to `email` whose subject starts with `subject`, but the booking's code. */
const mailsTo = async (email: string, subject: string) =>
  (await readOutbox(t.deps.mailer.outboxDir!)).filter(
    (m) => m.to.includes(email) && m.subject.startsWith(subject) && !/Tu código es/.test(m.text),
  );
const codeFor = async (email: string) => {
  const mail = (await readOutbox(t.deps.mailer.outboxDir!)).find((m) => m.to.includes(email))!;
  return /Tu código es (\d{6})/.exec(mail.text)![1]!;
};

describe('free slots', () => {
  it('opens only for a published clinic that takes online bookings, with its bookable services and dentists', async () => {
    const c = await bookingClinic();
    const res = await t.request(`/api/reservas/${c.clinicaId}/opciones`);
    const options = (await res.json()) as BookingOptions;
    expect(options.servicios).toEqual([{ id: c.servicioId, nombre: 'Limpieza dental', duracionMinutos: 30 }]);
    expect(options.dentistas.map((d) => d.nombre)).toEqual(['Ana Ruiz', 'Bruno Sanz']);
    await t.db.update(clinicas).set({ reservaOnline: false }).where(eq(clinicas.id, c.clinicaId));
    const closed = await t.request(`/api/reservas/${c.clinicaId}/opciones`);
    expect(closed.status).toBe(404);
    expect((await errorOf(closed)).message).toBe(BOOKING_MESSAGES.notOnline);
  });

  it('are the working hours minus appointments, live holds and blocks, every 15 minutes with room for the service', async () => {
    const c = await bookingClinic();
    const day = dayAhead(3);
    expect((await slots(c, day)).map((s) => s.hora)).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
    ]);
    // Ana busy 09:00-09:45, Bruno blocked 09:30-11:00: 09:00 and 09:15 go to Bruno, 09:45 on to Ana.
    const at = (hora: string) => new Date(`${day}T${hora}:00${offset(day)}`);
    const [paciente] = await t.db
      .insert(pacientes)
      .values({ clinicaId: c.clinicaId, nombres: 'P', apellidos: 'Q' })
      .returning({ id: pacientes.id });
    await t.db.insert(citas).values({
      clinicaId: c.clinicaId,
      pacienteId: paciente!.id,
      dentistaId: c.ana,
      inicio: at('09:00'),
      fin: at('09:45'),
      titulo: 'Endodoncia',
    });
    await t.db.insert(bloqueosAgenda).values({
      clinicaId: c.clinicaId,
      dentistaId: c.bruno,
      inicio: at('09:30'),
      fin: at('11:00'),
      tipo: 'formacion',
    });
    const free = await slots(c, day);
    expect(free).toEqual([
      { hora: '09:00', dentistaId: c.bruno },
      { hora: '09:45', dentistaId: c.ana },
      { hora: '10:00', dentistaId: c.ana },
      { hora: '10:15', dentistaId: c.ana },
      { hora: '10:30', dentistaId: c.ana },
    ]);
    // Only Ana's; a clinic-wide holiday closes the day.
    expect((await slots(c, day, `&dentistaId=${c.ana}`)).map((s) => s.hora)).toEqual([
      '09:45',
      '10:00',
      '10:15',
      '10:30',
    ]);
    await t.db
      .insert(bloqueosAgenda)
      .values({ clinicaId: c.clinicaId, inicio: at('00:00'), fin: at('23:59'), tipo: 'festivo' });
    expect(await slots(c, day)).toEqual([]);
  });

  it('are reused only while nothing they depend on changes: hours, blocks, a hold that ends without a write', async () => {
    const c = await bookingClinic();
    const day = dayAhead(4);
    const at = (hora: string) => new Date(`${day}T${hora}:00${offset(day)}`);
    const only = `&dentistaId=${c.ana}`;
    const hours = async () => (await slots(c, day, only)).map((s) => s.hora);
    const all = ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30'];
    expect(await hours()).toEqual(all);
    // Her working hours shrink: nothing else is written.
    await t.db.update(horariosDentista).set({ horaFin: '10:00' }).where(eq(horariosDentista.dentistaId, c.ana));
    expect(await hours()).toEqual(['09:00', '09:15', '09:30']);
    await t.db.update(horariosDentista).set({ horaFin: '11:00' }).where(eq(horariosDentista.dentistaId, c.ana));
    expect(await hours()).toEqual(all);
    // A clinic-wide block, then its removal.
    const [block] = await t.db
      .insert(bloqueosAgenda)
      .values({ clinicaId: c.clinicaId, inicio: at('09:00'), fin: at('10:00'), tipo: 'otro' })
      .returning({ id: bloqueosAgenda.id });
    expect(await hours()).toEqual(['10:00', '10:15', '10:30']);
    await t.db.delete(bloqueosAgenda).where(eq(bloqueosAgenda.id, block!.id));
    expect(await hours()).toEqual(all);
    // A hold that ends in a moment: its slot comes back once it has ended, with no write in between.
    await t.db.insert(citas).values({
      clinicaId: c.clinicaId,
      dentistaId: c.ana,
      inicio: at('09:00'),
      fin: at('09:30'),
      titulo: 'Limpieza dental',
      estado: 'retenida',
      online: true,
      retenidaHasta: new Date(Date.now() + 1500),
    });
    expect(await hours()).toEqual(['09:30', '09:45', '10:00', '10:15', '10:30']);
    expect(await hours()).toEqual(['09:30', '09:45', '10:00', '10:15', '10:30']);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await hours()).toEqual(all);
  });

  it('follow the clinic’s wall clock across the spring change, and keep the notice and the horizon', async () => {
    const c = await bookingClinic();
    // 2027-03-28, Europe/Madrid: 02:00 becomes 03:00. A range 01:00-04:00 is two real hours.
    const sunday = '2027-03-28';
    await t.db.delete(horariosDentista).where(eq(horariosDentista.clinicaId, c.clinicaId));
    await t.db.insert(horariosDentista).values({
      clinicaId: c.clinicaId,
      dentistaId: c.ana,
      diaSemana: isoWeekday(sunday),
      horaInicio: '01:00',
      horaFin: '04:00',
    });
    expect((await slots(c, sunday)).map((s) => s.hora)).toEqual([
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '03:00',
      '03:15',
      '03:30',
    ]);
    // The horizon: 30 days ahead, that Sunday is not offered.
    await t.db.update(clinicas).set({ reservaHorizonteDias: 30 }).where(eq(clinicas.id, c.clinicaId));
    expect(await slots(c, sunday)).toEqual([]);
    // The notice: nothing earlier than 2 hours from now today.
    const d = await bookingClinic({ reservaAntelacionMinutos: 24 * 60 * 7 });
    expect(await slots(d, dayAhead(3))).toEqual([]);
  });
});

/** The UTC offset of Madrid on a day, as +HH:MM, at noon. */
function offset(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const local = Number(noon.toLocaleString('en-GB', { timeZone: ZONE, hour: '2-digit', hour12: false }));
  const hours = local - 12;
  return `+${String(hours).padStart(2, '0')}:00`;
}

describe('the next free slot of a page of clinics', () => {
  const nextSlots = (ids: string) => t.request(`/api/reservas/proximos?ids=${ids}`);

  it('gives each clinic that takes online bookings its profile’s next slot, and leaves the others out', async () => {
    const open = await bookingClinic();
    const closed = await bookingClinic({ reservaOnline: false });
    const withoutService = await bookingClinic();
    await t.db
      .update(productos)
      .set({ reservableOnline: false })
      .where(eq(productos.clinicaId, withoutService.clinicaId));
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await nextSlots([open.clinicaId, closed.clinicaId, withoutService.clinicaId, unknown].join(','));
    expect(res.status).toBe(200);
    const { proximos } = (await res.json()) as NextSlots;
    // What the profile's panel shows: the first of the next 14 days with a free start, its first start.
    const profile = await t.request(
      `/api/reservas/${open.clinicaId}/huecos?servicioId=${open.servicioId}&desde=${dayAhead(0)}&dias=14`,
    );
    const day = ((await profile.json()) as FreeSlots).dias.find((d) => d.huecos.length > 0)!;
    expect(proximos).toEqual([
      { clinicaId: open.clinicaId, fecha: day.fecha, hora: day.huecos[0]!.hora, hoy: dayAhead(0) },
    ]);
  });

  it('refuses a list that is empty, too long or not of ids, in Spanish', async () => {
    // The landing asks for its featured and first clinics at once: 19 ids, and no more.
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID()).join(',');
    expect(NEXT_SLOTS_MAX).toBe(19);
    expect((await nextSlots(ids(NEXT_SLOTS_MAX))).status).toBe(200);
    for (const query of ['', 'no-es-un-id', ids(NEXT_SLOTS_MAX + 1)]) {
      const res = await nextSlots(query);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).fields).toEqual({ ids: 'Indica entre 1 y 19 clínicas' });
    }
    expect((await t.request('/api/reservas/proximos')).status).toBe(400);
  });
});

describe('holding a slot', () => {
  it('holds an offered slot as an appointment the agenda does not show, and a second visitor gets the other dentist, then a 409', async () => {
    const c = await bookingClinic();
    const day = dayAhead(4);
    const first = await hold(c, { fecha: day, hora: '10:00' });
    expect(first.status).toBe(201);
    const held = (await first.json()) as Hold;
    expect(held).toMatchObject({
      fecha: day,
      hora: '10:00',
      horaFin: '10:30',
      dentista: 'Ana Ruiz',
      servicio: 'Limpieza dental',
    });
    const retenidaHasta = new Date(held.retenidaHasta).getTime();
    expect(retenidaHasta).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(retenidaHasta).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);
    const [stored] = await t.db.select().from(citas).where(eq(citas.clinicaId, c.clinicaId));
    expect(stored).toMatchObject({ estado: 'retenida', pacienteId: null, online: true, dentistaId: c.ana });
    // Not in the clinic's agenda.
    const agenda = await t.request(`/api/citas?desde=${day}&hasta=${day}`, { cookie: c.owner.cookie });
    expect(((await agenda.json()) as { total: number }).total).toBe(0);
    // The slot now offers Bruno only; the next visitor holds him, the third finds none.
    expect((await slots(c, day)).find((s) => s.hora === '10:00')).toEqual({ hora: '10:00', dentistaId: c.bruno });
    expect(((await (await hold(c, { fecha: day, hora: '10:00' })).json()) as Hold).dentista).toBe('Bruno Sanz');
    const third = await hold(c, { fecha: day, hora: '10:00' });
    expect(third.status).toBe(409);
    expect((await errorOf(third)).message).toBe(BOOKING_MESSAGES.slotNotOffered);
  });

  it('lets nobody be blocked by a hold that has ended, and refuses a slot not offered or a bad proof of work', async () => {
    const c = await bookingClinic();
    const day = dayAhead(5);
    await hold(c, { fecha: day, hora: '09:00', dentistaId: c.ana });
    await t.db
      .update(citas)
      .set({ retenidaHasta: new Date(Date.now() - 1000) })
      .where(eq(citas.clinicaId, c.clinicaId));
    const again = await hold(c, { fecha: day, hora: '09:00', dentistaId: c.ana });
    expect(again.status).toBe(201);
    expect(await t.db.select().from(citas).where(eq(citas.clinicaId, c.clinicaId))).toHaveLength(1);

    for (const json of [
      { fecha: day, hora: '12:00' },
      { fecha: dayAhead(-1), hora: '09:00' },
      { fecha: day, hora: '09:10' },
    ]) {
      const res = await hold(c, json);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(BOOKING_MESSAGES.slotNotOffered);
    }
    const forged = await t.request(`/api/reservas/${c.clinicaId}/retener`, {
      method: 'POST',
      json: { servicioId: c.servicioId, dentistaId: null, fecha: day, hora: '10:00', altcha: 'eyJ4Ijox' },
    });
    expect(forged.status).toBe(400);
    expect((await errorOf(forged)).message).toBe(BOOKING_MESSAGES.challengeFailed);
    // A solved challenge holds one slot: replayed, it is refused.
    const altcha = await solved();
    expect((await hold(c, { fecha: day, hora: '10:00', altcha })).status).toBe(201);
    const replay = await hold(c, { fecha: day, hora: '10:30', altcha });
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).message).toBe(BOOKING_MESSAGES.challengeFailed);
  });

  it('lets no hold that has ended block the desk, before the background round has swept it', async () => {
    const c = await bookingClinic();
    const day = dayAhead(6);
    const [paciente] = await t.db
      .insert(pacientes)
      .values({ clinicaId: c.clinicaId, nombres: 'Lucía', apellidos: 'Mora' })
      .returning({ id: pacientes.id });
    const desk = (path: string, method: 'POST' | 'PUT', json: Record<string, unknown>) =>
      t.request(path, { method, cookie: c.owner.cookie, json });
    const at = (horaInicio: string, horaFin: string) => ({
      pacienteId: paciente!.id,
      dentistaId: c.ana,
      fecha: day,
      horaInicio,
      horaFin,
      titulo: 'Revisión',
    });
    /** Ana's hold of `hora`, ended (as if its visitor left 5 minutes ago) and not swept. */
    const endedHold = async (hora: string) => {
      const res = await hold(c, { fecha: day, hora, dentistaId: c.ana });
      expect(res.status).toBe(201);
      await t.db
        .update(citas)
        .set({ retenidaHasta: new Date(Date.now() - 1000) })
        .where(and(eq(citas.clinicaId, c.clinicaId), eq(citas.estado, 'retenida')));
    };
    const holds = async () =>
      (await t.db.select().from(citas).where(eq(citas.clinicaId, c.clinicaId))).filter(
        (cita) => cita.estado === 'retenida',
      );

    // A booking into its time.
    await endedHold('09:00');
    const booked = await desk('/api/citas', 'POST', at('09:00', '09:30'));
    expect(booked.status).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    expect(await holds()).toEqual([]);
    // A move into its time.
    await endedHold('10:00');
    expect((await desk(`/api/citas/${id}`, 'PUT', { ...at('10:00', '10:30'), estado: 'pendiente' })).status).toBe(200);
    expect(await holds()).toEqual([]);
    // Back from a cancellation into its time.
    expect((await desk(`/api/citas/${id}/estado`, 'PUT', { estado: 'cancelada' })).status).toBe(200);
    await endedHold('10:00');
    expect((await desk(`/api/citas/${id}/estado`, 'PUT', { estado: 'pendiente' })).status).toBe(200);
    expect(await holds()).toEqual([]);
    // A live hold still holds its time against the desk.
    expect((await hold(c, { fecha: day, hora: '09:00', dentistaId: c.ana })).status).toBe(201);
    const refused = await desk('/api/citas', 'POST', at('09:00', '09:30'));
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(APPOINTMENT_MESSAGES.overlapWith('09:00', '09:30'));
    expect(await holds()).toHaveLength(1);
  });

  it('frees a slot at once when its visitor lets it go, and only with its own token', async () => {
    const c = await bookingClinic();
    const day = dayAhead(11);
    const held = (await (await hold(c, { fecha: day, hora: '09:00', dentistaId: c.ana })).json()) as Hold;
    expect((await slots(c, day, `&dentistaId=${c.ana}`)).map((s) => s.hora)).not.toContain('09:00');
    const other = 'B'.repeat(43);
    expect((await t.request(`/api/reservas/retenciones/${other}`, { method: 'DELETE' })).status).toBe(204);
    expect((await slots(c, day, `&dentistaId=${c.ana}`)).map((s) => s.hora)).not.toContain('09:00');
    expect((await t.request(`/api/reservas/retenciones/${held.token}`, { method: 'DELETE' })).status).toBe(204);
    expect((await slots(c, day, `&dentistaId=${c.ana}`)).map((s) => s.hora)).toContain('09:00');
    expect(await t.db.select().from(citas).where(eq(citas.clinicaId, c.clinicaId))).toEqual([]);
  });

  it('gives one slot to exactly one of 50 visitors at once', async () => {
    const c = await bookingClinic();
    const day = dayAhead(6);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        holdSlot(
          t.db,
          c.clinicaId,
          {
            servicioId: c.servicioId,
            dentistaId: c.ana,
            fecha: day,
            hora: '09:30',
            desafio: `d${i}-${day}-${c.clinicaId}`,
          },
          '127.0.0.1',
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // The others were refused with the Spanish message of a slot that went meanwhile.
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const r of refused)
      expect([BOOKING_MESSAGES.slotTaken, BOOKING_MESSAGES.slotNotOffered]).toContain((r.reason as Error).message);
    expect(
      await t.db
        .select()
        .from(citas)
        .where(and(eq(citas.clinicaId, c.clinicaId), eq(citas.dentistaId, c.ana))),
    ).toHaveLength(1);
  });
});

describe('holding a slot of any dentist, 50 at once', () => {
  it('gives each free dentist to one visitor and tells the others in Spanish, never with an error', async () => {
    const c = await bookingClinic();
    const day = dayAhead(12);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        holdSlot(
          t.db,
          c.clinicaId,
          {
            servicioId: c.servicioId,
            dentistaId: null,
            fecha: day,
            hora: '10:30',
            desafio: `n${i}-${day}-${c.clinicaId}`,
          },
          '127.0.0.1',
        ),
      ),
    );
    const held = results.filter((r): r is PromiseFulfilledResult<Hold> => r.status === 'fulfilled');
    expect(held.map((r) => r.value.dentista).sort()).toEqual(['Ana Ruiz', 'Bruno Sanz']);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
      expect([BOOKING_MESSAGES.slotTaken, BOOKING_MESSAGES.slotNotOffered]).toContain((r.reason as Error).message);
  });
});

describe('booking with the emailed code', () => {
  it('books a new patient with the right code: confirmed, emailed with its link, and the desk is told', async () => {
    const c = await bookingClinic();
    const day = dayAhead(7);
    const held = (await (await hold(c, { fecha: day, hora: '09:30' })).json()) as Hold;
    const sent = await details(held.token, { email: 'nueva@correo.test' });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { mensaje: string }).mensaje).toBe(BOOKING_MESSAGES.codeSent('n••••@correo.test'));
    const codigo = await codeFor('nueva@correo.test');
    // The hold now lasts as long as the code.
    const [kept] = await t.db
      .select({ hasta: citas.retenidaHasta })
      .from(citas)
      .where(eq(citas.clinicaId, c.clinicaId));
    expect(kept!.hasta!.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);

    const wrong = await confirm(held.token, codigo === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(422);
    expect((await errorOf(wrong)).message).toBe(BOOKING_MESSAGES.codeInvalid);
    const res = await confirm(held.token, codigo);
    expect(res.status).toBe(200);
    expect((await res.json()) as BookingResult).toEqual({
      estado: 'confirmada',
      mensaje: BOOKING_MESSAGES.booked,
      fecha: day,
      hora: '09:30',
      dentista: 'Ana Ruiz',
    });
    const [cita] = await t.db.select().from(citas).where(eq(citas.clinicaId, c.clinicaId));
    expect(cita).toMatchObject({ estado: 'confirmada', online: true, retenidaHasta: null, titulo: 'Limpieza dental' });
    const [patient] = await t.db.select().from(pacientes).where(eq(pacientes.id, cita!.pacienteId!));
    expect(patient).toMatchObject({
      nombres: 'Marta',
      apellidos: 'López',
      email: 'nueva@correo.test',
      telefono: '+34 612 345 678',
    });
    expect(patient!.consentimientoRecordatorios).toBeInstanceOf(Date);
    // Read after «Registrado el … por»: in lower case.
    expect(patient!.consentimientoRecordatoriosPor).toBe('el paciente, al reservar en línea');
    expect((await t.db.select().from(mensajes).where(eq(mensajes.citaId, cita!.id))).map((m) => m.plantilla)).toEqual([
      'confirmacion',
    ]);
    await runOutboxRound(t.deps);
    const mail = (await readOutbox(t.deps.mailer.outboxDir!)).find((m) => m.subject.startsWith('Tu cita en'))!;
    expect(mail.to).toContain('nueva@correo.test');
    expect(mail.attachments[0]!.filename).toBe('cita.ics');
    const told = await t.db.select().from(notificaciones).where(eq(notificaciones.clinicaId, c.clinicaId));
    expect(told.map((n) => [n.userId, n.titulo, n.enlace])).toEqual([
      [c.owner.userId, 'Nueva reserva online', `/citas/${cita!.id}`],
    ]);
    // Spent: the token opens nothing more.
    expect((await confirm(held.token, codigo)).status).toBe(404);
  });

  it('matches a patient by phone, keeps the per-contact maximum, and frees the slot after five wrong codes', async () => {
    const c = await bookingClinic({ reservaMaxFuturas: 1 });
    const [existing] = await t.db
      .insert(pacientes)
      .values({ clinicaId: c.clinicaId, nombres: 'Marta', apellidos: 'López', telefono: '612345678' })
      .returning({ id: pacientes.id });
    const first = (await (await hold(c, { fecha: dayAhead(8), hora: '09:00' })).json()) as Hold;
    await details(first.token, { email: 'otra@correo.test' });
    await confirm(first.token, await codeFor('otra@correo.test'));
    const [booked] = await t.db.select().from(citas).where(eq(citas.clinicaId, c.clinicaId));
    expect(booked!.pacienteId).toBe(existing!.id);

    const second = (await (await hold(c, { fecha: dayAhead(9), hora: '09:00' })).json()) as Hold;
    const refused = await details(second.token, { email: 'otra@correo.test' });
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).message).toBe(BOOKING_MESSAGES.tooManyBookings(1));

    await details(second.token, { email: 'distinta@correo.test', telefono: '699000111' });
    const right = await codeFor('distinta@correo.test');
    const wrongCode = right === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i++)
      expect((await errorOf(await confirm(second.token, wrongCode))).message).toBe(BOOKING_MESSAGES.codeInvalid);
    const locked = await confirm(second.token, wrongCode);
    expect((await errorOf(locked)).message).toBe(BOOKING_MESSAGES.codeLocked);
    // The slot is free again.
    expect((await slots(c, dayAhead(9))).map((s) => s.hora)).toContain('09:00');
  });

  it('waits for the clinic’s approval when it asks so, telling the patient at once, and confirms to them when approved', async () => {
    const c = await bookingClinic({ reservaRequiereAprobacion: true });
    const day = dayAhead(10);
    const held = (await (await hold(c, { fecha: day, hora: '10:00' })).json()) as Hold;
    await details(held.token, { email: 'espera@correo.test' });
    const res = await confirm(held.token, await codeFor('espera@correo.test'));
    expect(((await res.json()) as BookingResult).estado).toBe('pendiente');
    const [cita] = await t.db.select().from(citas).where(eq(citas.clinicaId, c.clinicaId));
    expect(cita!.estado).toBe('pendiente');
    // Queued by the booking's own transaction: the request is received, not yet confirmed.
    expect(await templatesOf(cita!.id)).toEqual([['reserva_recibida', 'pendiente']]);
    await runOutboxRound(t.deps);
    expect(await templatesOf(cita!.id)).toEqual([['reserva_recibida', 'enviado']]);
    const [received] = await mailsTo('espera@correo.test', 'Hemos recibido');
    expect(received!.subject).toBe('Hemos recibido tu solicitud de cita en Clínica de prueba');
    expect(received!.text).toContain(`para el ${formatLongDate(day)} a las 10:00 con Ana Ruiz`);
    expect(received!.text).toContain('La clínica tiene que aprobarla');
    // No page to confirm from (it would confirm what the clinic has not) and no calendar event yet.
    expect(received!.text).not.toContain('/cita/');
    expect(received!.attachments).toEqual([]);
    expect(await t.db.select().from(enlacesCita).where(eq(enlacesCita.citaId, cita!.id))).toEqual([]);

    const approved = await t.request(`/api/citas/${cita!.id}/estado`, {
      method: 'PUT',
      cookie: c.owner.cookie,
      json: { estado: 'confirmada' },
    });
    expect(approved.status).toBe(200);
    expect(await templatesOf(cita!.id)).toEqual([
      ['reserva_recibida', 'enviado'],
      ['confirmacion', 'pendiente'],
    ]);
    await runOutboxRound(t.deps);
    const [confirmed] = await mailsTo('espera@correo.test', 'Tu cita en');
    expect(confirmed!.text).toContain('/cita/');
    expect(confirmed!.attachments[0]!.filename).toBe('cita.ics');
    const [reserva] = await t.db.select().from(reservasOnline).where(eq(reservasOnline.citaId, cita!.id));
    expect(reserva!.fechaConfirmacion).toBeInstanceOf(Date);
  });

  it('sends the clinic’s own text for a booking to approve, and only the confirmation once approved before it went', async () => {
    const c = await bookingClinic({
      reservaRequiereAprobacion: true,
      plantillasMensajes: {
        reserva_recibida: { asunto: 'Solicitud de {paciente}', cuerpo: 'Te diremos algo pronto sobre las {hora}.' },
      },
    });
    const first = (await (await hold(c, { fecha: dayAhead(11), hora: '09:00' })).json()) as Hold;
    await details(first.token, { email: 'propia@correo.test' });
    await confirm(first.token, await codeFor('propia@correo.test'));
    await runOutboxRound(t.deps);
    const [own] = await mailsTo('propia@correo.test', 'Solicitud de');
    expect(own!.subject).toBe('Solicitud de Marta');
    expect(own!.text).toContain('Te diremos algo pronto sobre las 09:00.');

    const second = (await (await hold(c, { fecha: dayAhead(12), hora: '09:00' })).json()) as Hold;
    await details(second.token, { email: 'rapida@correo.test', telefono: '699111222' });
    await confirm(second.token, await codeFor('rapida@correo.test'));
    const [cita] = await t.db
      .select({ id: citas.id })
      .from(citas)
      .innerJoin(pacientes, eq(pacientes.id, citas.pacienteId))
      .where(eq(pacientes.email, 'rapida@correo.test'));
    const approved = await t.request(`/api/citas/${cita!.id}/estado`, {
      method: 'PUT',
      cookie: c.owner.cookie,
      json: { estado: 'confirmada' },
    });
    expect(approved.status).toBe(200);
    await runOutboxRound(t.deps);
    expect(await templatesOf(cita!.id)).toEqual([
      ['reserva_recibida', 'descartado'],
      ['confirmacion', 'enviado'],
    ]);
    expect((await mailsTo('rapida@correo.test', '')).map((m) => m.subject)).toEqual(['Tu cita en Clínica de prueba']);
  });
});
