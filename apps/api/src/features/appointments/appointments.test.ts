import {
  APPOINTMENT_MESSAGES,
  DENTIST_COLOR_VALUES,
  DENTIST_MESSAGES,
  ESTADOS_CITA,
  type Appointment,
  type AppointmentPage,
  type AppointmentRequestDraft,
  type CalendarAppointment,
  type Dentist,
  type MonthDay,
} from '@odontia/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditoria,
  citas,
  clinicas,
  notificaciones,
  pacientes,
  permisos,
  solicitudesCita,
} from '../../db/schema/index.ts';
import { addTeamMember, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof createClinicOwner>>;

async function patient(clinicaId: string, nombres = 'José', apellidos = 'Muñoz') {
  const [row] = await t.db
    .insert(pacientes)
    .values({ clinicaId, nombres, apellidos, telefono: '600111222' })
    .returning({ id: pacientes.id });
  return row.id;
}

async function dentist(owner: Owner, json: Record<string, unknown> = {}) {
  const res = await t.request('/api/dentistas', {
    method: 'POST',
    cookie: owner.cookie,
    json: { nombres: 'Laura', apellidos: 'Gómez', especialidad: 'ortodoncia', ...json },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Dentist;
}

/** A clinic with one patient and one dentist. */
async function clinic() {
  const owner = await createClinicOwner(t);
  const pacienteId = await patient(owner.clinica.id);
  const dentista = await dentist(owner);
  return { owner, pacienteId, dentistaId: dentista.id };
}

const book = (cookie: string, json: Record<string, unknown>) =>
  t.request('/api/citas', { method: 'POST', cookie, json });
const countCitas = async (clinicaId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(citas)
      .where(eq(citas.clinicaId, clinicaId))
  )[0].n;

describe('dentists', () => {
  it('creates with the first free palette colour, lists, and deactivates (no longer offered)', async () => {
    const owner = await createClinicOwner(t);
    const a = await dentist(owner);
    const b = await dentist(owner, { nombres: 'Pedro', color: DENTIST_COLOR_VALUES[3] });
    const c = await dentist(owner, { nombres: 'Zoe' });
    expect(a).toMatchObject({
      nombres: 'Laura',
      apellidos: 'Gómez',
      especialidad: 'ortodoncia',
      color: DENTIST_COLOR_VALUES[0],
      activo: true,
      usuarioId: null,
    });
    expect(b.color).toBe(DENTIST_COLOR_VALUES[3]);
    expect(c.color).toBe(DENTIST_COLOR_VALUES[1]);

    const res = await t.request(`/api/dentistas/${b.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(((await res.json()) as Dentist).activo).toBe(false);
    const active = (await (
      await t.request('/api/dentistas?activos=true', { cookie: owner.cookie })
    ).json()) as Dentist[];
    expect(active.map((d) => d.nombres)).toEqual(['Laura', 'Zoe']);
    const all = (await (await t.request('/api/dentistas', { cookie: owner.cookie })).json()) as Dentist[];
    expect(all).toHaveLength(3);

    // A new appointment with the inactive dentist is refused.
    const pacienteId = await patient(owner.clinica.id);
    const refused = await book(owner.cookie, {
      pacienteId,
      dentistaId: b.id,
      fecha: '2030-01-07',
      horaInicio: '10:00',
      horaFin: '10:30',
      titulo: 'Revisión',
    });
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).message).toBe(APPOINTMENT_MESSAGES.dentistaInactive);
  });

  it('links only a dentist member of the same clinic; another clinic sees nothing', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Dentista', 'dentista');
    const helper = await addTeamMember(t, owner.clinica.id, 'Asistente', 'asistente');
    const linked = await dentist(owner, { usuarioId: member.userId });
    expect(linked.usuarioId).toBe(member.userId);
    const wrong = await t.request('/api/dentistas', {
      method: 'POST',
      cookie: owner.cookie,
      json: { nombres: 'X', apellidos: 'Y', especialidad: 'endodoncia', usuarioId: helper.userId },
    });
    expect(wrong.status).toBe(422);
    expect((await errorOf(wrong)).fields).toEqual({ usuarioId: DENTIST_MESSAGES.usuarioInvalid });
    // The dialog offers exactly the members with rol dentista.
    const members = await t.request('/api/dentistas/miembros', { cookie: owner.cookie });
    expect(members.status).toBe(200);
    expect(await members.json()).toEqual([{ id: member.userId, nombres: 'Miembro', email: member.email }]);

    const other = await createClinicOwner(t);
    const theirMember = await addTeamMember(t, other.clinica.id, 'Dentista', 'dentista');
    expect(await (await t.request('/api/dentistas/miembros', { cookie: other.cookie })).json()).toEqual([
      { id: theirMember.userId, nombres: 'Miembro', email: theirMember.email },
    ]);
    for (const usuarioId of [theirMember.userId, '00000000-0000-4000-8000-000000000000']) {
      const refused = await t.request(`/api/dentistas/${linked.id}`, {
        method: 'PUT',
        cookie: owner.cookie,
        json: { nombres: 'Laura', apellidos: 'Gómez', especialidad: 'ortodoncia', usuarioId },
      });
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).fields).toEqual({ usuarioId: DENTIST_MESSAGES.usuarioInvalid });
    }
    expect(
      ((await (await t.request(`/api/dentistas/${linked.id}`, { cookie: owner.cookie })).json()) as Dentist).usuarioId,
    ).toBe(member.userId);

    const foreign = await t.request(`/api/dentistas/${linked.id}`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).message).toBe(DENTIST_MESSAGES.notFound);
    const edit = await t.request(`/api/dentistas/${linked.id}`, {
      method: 'PUT',
      cookie: other.cookie,
      json: { nombres: 'X', apellidos: 'Y', especialidad: 'endodoncia' },
    });
    expect(edit.status).toBe(404);
    expect((await t.request(`/api/dentistas/${linked.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(
      404,
    );
  });
});

describe("the agenda's dentists (GET /api/citas/dentistas)", () => {
  /** A custom role of the owner's clinic with exactly these permissions, and a member who has it. */
  async function memberWith(owner: Owner, nombre: string, names: string[]) {
    const ids = await t.db.select({ id: permisos.id }).from(permisos).where(inArray(permisos.nombre, names));
    const role = await t.request('/api/roles', {
      method: 'POST',
      cookie: owner.cookie,
      json: { nombre, descripcion: null, permisos: ids.map((p) => p.id) },
    });
    expect(role.status).toBe(201);
    return addTeamMember(t, owner.clinica.id, nombre, 'recepcion');
  }

  it('lets a role that books without dentistas.ver choose among the active dentists, and opens nothing more', async () => {
    const owner = await createClinicOwner(t);
    const pacienteId = await patient(owner.clinica.id);
    const zoe = await dentist(owner, { nombres: 'Zoe', apellidos: 'Ríos', usuarioId: null });
    const laura = await dentist(owner);
    const gone = await dentist(owner, { nombres: 'Pedro' });
    await t.request(`/api/dentistas/${gone.id}`, { method: 'DELETE', cookie: owner.cookie });
    await dentist(await createClinicOwner(t), { nombres: 'Ajeno' });
    const booker = await memberWith(owner, 'Agenda sin dentistas', ['citas.ver', 'citas.crear']);

    const res = await t.request('/api/citas/dentistas', { cookie: booker.cookie });
    expect(res.status).toBe(200);
    // The active ones of this clinic, by name, with what an appointment shows of them (no linked member).
    expect(await res.json()).toEqual([
      { id: laura.id, nombres: 'Laura', apellidos: 'Gómez', especialidad: 'ortodoncia', color: laura.color },
      { id: zoe.id, nombres: 'Zoe', apellidos: 'Ríos', especialidad: 'ortodoncia', color: zoe.color },
    ]);
    const booked = await book(booker.cookie, {
      pacienteId,
      dentistaId: zoe.id,
      fecha: '2030-01-07',
      horaInicio: '10:00',
      horaFin: '10:30',
      titulo: 'Revisión',
    });
    expect(booked.status).toBe(201);

    // The dentists' own routes stay dentistas.ver: every dentist, the inactive ones and their links.
    for (const path of ['/api/dentistas', '/api/dentistas?activos=true', `/api/dentistas/${zoe.id}`]) {
      const refused = await t.request(path, { cookie: booker.cookie });
      expect(refused.status, path).toBe(403);
    }
  });

  it('is refused without citas.ver, and to a signed-out request', async () => {
    const owner = await createClinicOwner(t);
    await dentist(owner);
    const outsider = await memberWith(owner, 'Solo pacientes', ['pacientes.ver']);
    const refused = await t.request('/api/citas/dentistas', { cookie: outsider.cookie });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('forbidden');
    expect((await t.request('/api/citas/dentistas')).status).toBe(401);
  });
});

describe('appointments', () => {
  it('creates a pendiente appointment joined with its patient and dentist, then edits and deletes it', async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    const res = await book(owner.cookie, {
      pacienteId,
      dentistaId,
      fecha: '2030-01-07',
      horaInicio: '09:00',
      horaFin: '09:45',
      titulo: ' Limpieza ',
      notas: '',
      estado: 'completada',
    });
    expect(res.status).toBe(201);
    const cita = (await res.json()) as Appointment;
    expect(cita).toMatchObject({
      fecha: '2030-01-07',
      horaInicio: '09:00',
      horaFin: '09:45',
      titulo: 'Limpieza',
      notas: null,
      estado: 'pendiente',
      paciente: { id: pacienteId, nombres: 'José', apellidos: 'Muñoz', telefono: '600111222' },
      dentista: { id: dentistaId, nombres: 'Laura', especialidad: 'ortodoncia', color: DENTIST_COLOR_VALUES[0] },
    });

    const put = await t.request(`/api/citas/${cita.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: {
        pacienteId,
        dentistaId,
        fecha: '2030-01-08',
        horaInicio: '12:00',
        horaFin: '12:30',
        titulo: 'Empaste',
        estado: 'confirmada',
      },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({
      fecha: '2030-01-08',
      horaInicio: '12:00',
      horaFin: '12:30',
      titulo: 'Empaste',
      estado: 'confirmada',
    });

    expect((await t.request(`/api/citas/${cita.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const gone = await t.request(`/api/citas/${cita.id}`, { cookie: owner.cookie });
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).message).toBe(APPOINTMENT_MESSAGES.notFound);
    expect((await errorOf(await t.request('/api/citas/no-es-un-id', { cookie: owner.cookie }))).message).toBe(
      APPOINTMENT_MESSAGES.notFound,
    );
  });

  it("refuses a new booking for an archived patient, while that patient's existing appointment can still be edited", async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    const res = await book(owner.cookie, {
      pacienteId,
      dentistaId,
      fecha: '2030-02-04',
      horaInicio: '09:00',
      horaFin: '09:30',
      titulo: 'Revisión',
    });
    expect(res.status).toBe(201);
    const cita = (await res.json()) as Appointment;
    // Deleting a patient with a clinical record archives them (see the odontogram tests).
    await t.db
      .update(pacientes)
      .set({ fechaArchivado: new Date(), estado: 'inactivo' })
      .where(eq(pacientes.id, pacienteId));

    const refused = await book(owner.cookie, {
      pacienteId,
      dentistaId,
      fecha: '2030-02-05',
      horaInicio: '09:00',
      horaFin: '09:30',
      titulo: 'Revisión',
    });
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).fields).toEqual({ pacienteId: APPOINTMENT_MESSAGES.pacienteNotFound });
    expect(await countCitas(owner.clinica.id)).toBe(1);

    const cancel = await t.request(`/api/citas/${cita.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: {
        pacienteId,
        dentistaId,
        fecha: '2030-02-04',
        horaInicio: '09:00',
        horaFin: '09:30',
        titulo: 'Revisión',
        estado: 'cancelada',
      },
    });
    expect(cancel.status).toBe(200);
  });

  it('refuses missing fields and an end not after the start, creating nothing', async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    const empty = await book(owner.cookie, {});
    expect(empty.status).toBe(400);
    expect(Object.keys((await errorOf(empty)).fields ?? {})).toEqual(
      expect.arrayContaining(['pacienteId', 'dentistaId', 'fecha', 'horaInicio', 'horaFin', 'titulo']),
    );
    const reversed = await book(owner.cookie, {
      pacienteId,
      dentistaId,
      fecha: '2030-01-07',
      horaInicio: '10:00',
      horaFin: '09:30',
      titulo: 'X',
    });
    expect(reversed.status).toBe(400);
    expect((await errorOf(reversed)).fields).toEqual({ horaFin: APPOINTMENT_MESSAGES.horaFinAfterInicio });
    expect(await countCitas(owner.clinica.id)).toBe(0);
  });

  it('never books one dentist twice: touching edges allowed, cancelled ignored, 409 names the conflict', async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    const base = { pacienteId, dentistaId, fecha: '2030-02-04', titulo: 'Revisión' };
    const first = await book(owner.cookie, { ...base, horaInicio: '10:00', horaFin: '10:30' });
    expect(first.status).toBe(201);
    const firstId = ((await first.json()) as Appointment).id;
    expect((await book(owner.cookie, { ...base, horaInicio: '10:30', horaFin: '11:00' })).status).toBe(201);
    expect((await book(owner.cookie, { ...base, horaInicio: '09:30', horaFin: '10:00' })).status).toBe(201);

    const clash = await book(owner.cookie, { ...base, horaInicio: '10:15', horaFin: '10:45' });
    expect(clash.status).toBe(409);
    const error = await errorOf(clash);
    expect(error.message).toBe(APPOINTMENT_MESSAGES.overlapWith('10:00', '10:30'));
    expect(error.message.startsWith(APPOINTMENT_MESSAGES.overlap)).toBe(true);
    expect(error.fields).toEqual({ horaInicio: error.message });
    expect(await countCitas(owner.clinica.id)).toBe(3);

    // Another dentist may take the slot.
    const other = await dentist(owner, { nombres: 'Marta' });
    expect(
      (await book(owner.cookie, { ...base, dentistaId: other.id, horaInicio: '10:15', horaFin: '10:45' })).status,
    ).toBe(201);

    // Moving an appointment onto another is refused too; cancelling the first frees its slot.
    const cancel = await t.request(`/api/citas/${firstId}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { ...base, horaInicio: '10:00', horaFin: '10:30', estado: 'cancelada' },
    });
    expect(cancel.status).toBe(200);
    expect((await book(owner.cookie, { ...base, horaInicio: '10:05', horaFin: '10:25' })).status).toBe(201);
    const reopen = await t.request(`/api/citas/${firstId}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { ...base, horaInicio: '10:00', horaFin: '10:30', estado: 'pendiente' },
    });
    expect(reopen.status).toBe(409);
    expect((await errorOf(reopen)).message).toBe(APPOINTMENT_MESSAGES.overlapWith('10:05', '10:25'));
  });

  it('books a slot asked for at the same time by many exactly once', async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    const slot = {
      pacienteId,
      dentistaId,
      fecha: '2030-02-05',
      horaInicio: '10:00',
      horaFin: '10:30',
      titulo: 'Revisión',
    };
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => book(owner.cookie, slot).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    expect(await countCitas(owner.clinica.id)).toBe(1);
  });

  it('answers overlapping bookings asked for at the same time with one booking or a 409 each, never an error', async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    // Starts 5 minutes apart, 30 minutes long: each overlaps its neighbours, so the no-overlap
    // constraint makes concurrent inserts wait on each other (and PostgreSQL may abort one of two that
    // wait on each other).
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const start = 9 * 60 + 5 * (i % 12);
        const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        return book(owner.cookie, {
          pacienteId,
          dentistaId,
          fecha: '2030-02-06',
          horaInicio: hhmm(start),
          horaFin: hhmm(start + 30),
          titulo: 'Revisión',
        }).then((r) => r.status);
      }),
    );
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const booked = statuses.filter((s) => s === 201).length;
    expect(booked).toBeGreaterThanOrEqual(1);
    const rows = await t.db
      .select({ inicio: citas.inicio, fin: citas.fin })
      .from(citas)
      .where(eq(citas.clinicaId, owner.clinica.id))
      .orderBy(citas.inicio);
    expect(rows).toHaveLength(booked);
    // The booked ones never overlap.
    rows.slice(1).forEach((row, i) => expect(row.inicio.getTime()).toBeGreaterThanOrEqual(rows[i]!.fin.getTime()));
  });

  it('keeps local times across the daylight-saving changes of Europe/Madrid', async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    const days = ['2026-03-28', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25', '2026-10-26'];
    for (const fecha of days) {
      expect(
        (
          await book(owner.cookie, {
            pacienteId,
            dentistaId,
            fecha,
            horaInicio: '10:00',
            horaFin: '10:30',
            titulo: 'Revisión',
          })
        ).status,
      ).toBe(201);
    }
    const stored = await t.db
      .select({ inicio: citas.inicio })
      .from(citas)
      .where(eq(citas.clinicaId, owner.clinica.id))
      .orderBy(citas.inicio);
    // CET is UTC+1, CEST UTC+2: the instants move, the local time does not.
    expect(stored.map((r) => r.inicio.toISOString())).toEqual([
      '2026-03-28T09:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-10-24T08:00:00.000Z',
      '2026-10-25T09:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
    ]);
    const march = await t
      .client(owner.cookie)
      .citas.calendario.$get({ query: { desde: '2026-03-28', hasta: '2026-03-30' } });
    expect(((await march.json()) as Appointment[]).map((c) => [c.fecha, c.horaInicio, c.horaFin])).toEqual([
      ['2026-03-28', '10:00', '10:30'],
      ['2026-03-29', '10:00', '10:30'],
      ['2026-03-30', '10:00', '10:30'],
    ]);
  });

  it('refuses a local time the spring change skips, and takes the standard-time one of the autumn repeat', async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    const slot = { pacienteId, dentistaId, fecha: '2026-03-29', titulo: 'Revisión' };
    const skipped = await book(owner.cookie, { ...slot, horaInicio: '02:30', horaFin: '03:30' });
    expect(skipped.status).toBe(422);
    expect((await errorOf(skipped)).fields).toEqual({
      horaInicio: 'La hora 02:30 no existe el 29/03/2026 por el cambio de hora',
    });
    const endSkipped = await book(owner.cookie, { ...slot, horaInicio: '01:30', horaFin: '02:15' });
    expect((await errorOf(endSkipped)).fields).toEqual({
      horaFin: 'La hora 02:15 no existe el 29/03/2026 por el cambio de hora',
    });
    expect(await countCitas(owner.clinica.id)).toBe(0);

    // Around the gap: 01:30-03:30 lasts one real hour and reads back as typed.
    const around = await book(owner.cookie, { ...slot, horaInicio: '01:30', horaFin: '03:30' });
    expect(around.status).toBe(201);
    const cita = (await around.json()) as Appointment;
    expect([cita.horaInicio, cita.horaFin]).toEqual(['01:30', '03:30']);
    // Moving it into the gap is refused too, and leaves it where it was.
    const moved = await t.request(`/api/citas/${cita.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { ...slot, horaInicio: '02:00', horaFin: '04:00', estado: 'pendiente' },
    });
    expect(moved.status).toBe(422);
    const [stored] = await t.db
      .select({ inicio: citas.inicio, fin: citas.fin })
      .from(citas)
      .where(eq(citas.id, cita.id));
    expect([stored.inicio.toISOString(), stored.fin.toISOString()]).toEqual([
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
    ]);

    // 02:30 happens twice on 2026-10-25: the appointment is at the second one (CET, UTC+1).
    const repeated = await book(owner.cookie, { ...slot, fecha: '2026-10-25', horaInicio: '02:30', horaFin: '03:00' });
    expect(repeated.status).toBe(201);
    const [autumn] = await t.db
      .select({ inicio: citas.inicio })
      .from(citas)
      .where(eq(citas.id, ((await repeated.json()) as Appointment).id));
    expect(autumn.inicio.toISOString()).toBe('2026-10-25T01:30:00.000Z');
  });

  it('isolates clinics: foreign patient, dentist or appointment ids create and change nothing', async () => {
    const mine = await clinic();
    const theirs = await clinic();
    const slot = { fecha: '2030-03-04', horaInicio: '10:00', horaFin: '10:30', titulo: 'Revisión' };
    const foreignPatient = await book(mine.owner.cookie, {
      ...slot,
      pacienteId: theirs.pacienteId,
      dentistaId: mine.dentistaId,
    });
    expect(foreignPatient.status).toBe(422);
    expect((await errorOf(foreignPatient)).fields).toEqual({ pacienteId: APPOINTMENT_MESSAGES.pacienteNotFound });
    const foreignDentist = await book(mine.owner.cookie, {
      ...slot,
      pacienteId: mine.pacienteId,
      dentistaId: theirs.dentistaId,
    });
    expect(foreignDentist.status).toBe(422);
    expect((await errorOf(foreignDentist)).fields).toEqual({ dentistaId: APPOINTMENT_MESSAGES.dentistaNotFound });
    expect(await countCitas(mine.owner.clinica.id)).toBe(0);
    expect(await countCitas(theirs.owner.clinica.id)).toBe(0);

    const theirCita = (await (
      await book(theirs.owner.cookie, { ...slot, pacienteId: theirs.pacienteId, dentistaId: theirs.dentistaId })
    ).json()) as Appointment;
    const body = { ...slot, pacienteId: mine.pacienteId, dentistaId: mine.dentistaId, estado: 'cancelada' };
    expect((await t.request(`/api/citas/${theirCita.id}`, { cookie: mine.owner.cookie })).status).toBe(404);
    expect(
      (await t.request(`/api/citas/${theirCita.id}`, { method: 'PUT', cookie: mine.owner.cookie, json: body })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/citas/${theirCita.id}`, { method: 'DELETE', cookie: mine.owner.cookie })).status,
    ).toBe(404);
    const [after] = await t.db.select().from(citas).where(eq(citas.id, theirCita.id));
    expect(after).toMatchObject({ estado: 'pendiente', pacienteId: theirs.pacienteId });
    // Their appointment neither shows in my agenda nor blocks my slot.
    const list = (await (
      await t.request('/api/citas?desde=2030-03-01&hasta=2030-03-31', { cookie: mine.owner.cookie })
    ).json()) as AppointmentPage;
    expect(list.total).toBe(0);
  });

  it('lists from today by default, past ones on request, and searches patient, dentist and treatment without accents', async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    const other = await patient(owner.clinica.id, 'Ana', 'Peña');
    const make = (fecha: string, horaInicio: string, titulo: string, p = pacienteId) =>
      book(owner.cookie, {
        pacienteId: p,
        dentistaId,
        fecha,
        horaInicio,
        horaFin: `${horaInicio.slice(0, 3)}59`,
        titulo,
      });
    await make('2020-05-04', '09:00', 'Extracción');
    await make('2030-05-05', '11:00', 'Ortodoncia', other);
    await make('2030-05-04', '09:00', 'Limpieza');
    await make('2019-05-04', '09:00', 'Empaste');

    const page = (query: string) =>
      t.request(`/api/citas${query}`, { cookie: owner.cookie }).then((r) => r.json() as Promise<AppointmentPage>);
    const upcoming = await page('');
    expect(upcoming.citas.map((c) => c.titulo)).toEqual(['Limpieza', 'Ortodoncia']);
    expect(upcoming).toMatchObject({ total: 2, pagina: 1 });
    expect(upcoming.citas[1]).toMatchObject({
      fecha: '2030-05-05',
      horaInicio: '11:00',
      horaFin: '11:59',
      estado: 'pendiente',
      paciente: { nombres: 'Ana', apellidos: 'Peña' },
      dentista: { id: dentistaId },
    });
    // A page past the end still says how many there are.
    expect(await page('?pagina=2')).toEqual({ citas: [], total: 2, pagina: 2, porPagina: 20 });
    expect((await page('?pasadas=true')).citas.map((c) => c.titulo)).toEqual(['Extracción', 'Empaste']);
    expect(await page('?pasadas=true&pagina=3')).toMatchObject({ citas: [], total: 2 });
    expect((await page('?buscar=PENA')).citas.map((c) => c.titulo)).toEqual(['Ortodoncia']);
    expect((await page('?buscar=munoz&pasadas=true')).total).toBe(2);
    expect((await page('?buscar=gomez')).total).toBe(2);
    expect((await page('?buscar=limp')).citas.map((c) => c.fecha)).toEqual(['2030-05-04']);
    expect((await page('?buscar=100%25')).total).toBe(0);
  });

  it("the Día grid's hours come from the clinic's horario, else the default", async () => {
    const { owner } = await clinic();
    expect(await (await t.request('/api/citas/horario', { cookie: owner.cookie })).json()).toEqual({
      apertura: '08:00',
      cierre: '20:00',
      delHorario: false,
    });
    await t.db
      .update(clinicas)
      .set({
        horario: [
          { dias: 'Lunes a viernes', horas: '09:30 - 14:00 y 16:00 - 20:30' },
          { dias: 'Sábados', horas: '10:00 - 13:00' },
        ],
      })
      .where(eq(clinicas.id, owner.clinica.id));
    expect(await (await t.request('/api/citas/horario', { cookie: owner.cookie })).json()).toEqual({
      apertura: '09:30',
      cierre: '20:30',
      delHorario: true,
      dias: [1, 2, 3, 4, 5, 6],
    });
  });

  it('calendar: the days asked for, optionally one dentist; a range over 42 days is refused', async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    const other = await dentist(owner, { nombres: 'Marta' });
    await book(owner.cookie, {
      pacienteId,
      dentistaId,
      fecha: '2030-06-30',
      horaInicio: '23:00',
      horaFin: '23:30',
      titulo: 'Fuera',
    });
    await book(owner.cookie, {
      pacienteId,
      dentistaId,
      fecha: '2030-07-01',
      horaInicio: '00:00',
      horaFin: '00:30',
      titulo: 'Dentro',
    });
    await book(owner.cookie, {
      pacienteId,
      dentistaId: other.id,
      fecha: '2030-07-31',
      horaInicio: '23:30',
      horaFin: '23:59',
      titulo: 'Marta',
    });
    const get = (query: string) => t.request(`/api/citas/calendario${query}`, { cookie: owner.cookie });
    const july = (await (await get('?desde=2030-07-01&hasta=2030-07-31')).json()) as CalendarAppointment[];
    expect(july.map((c) => c.titulo)).toEqual(['Dentro', 'Marta']);
    // Only what a cell shows: no notes or phone numbers of hundreds of patients a week.
    expect(july[0]).toEqual({
      id: expect.any(String),
      dentistaId,
      fecha: '2030-07-01',
      horaInicio: '00:00',
      horaFin: '00:30',
      titulo: 'Dentro',
      estado: 'pendiente',
      paciente: { nombres: 'José', apellidos: expect.any(String), alertas: [] },
      dentista: { nombres: 'Laura', apellidos: expect.any(String), color: expect.stringMatching(/^#[0-9a-f]{6}$/i) },
    });
    const one = (await (
      await get(`?desde=2030-07-01&hasta=2030-07-31&dentistaId=${other.id}`)
    ).json()) as Appointment[];
    expect(one.map((c) => c.titulo)).toEqual(['Marta']);
    // A day is the clinic's local day, 23 hours long when the clocks go forward (Madrid, 2030-03-31).
    await book(owner.cookie, {
      pacienteId,
      dentistaId,
      fecha: '2030-03-31',
      horaInicio: '23:30',
      horaFin: '23:45',
      titulo: 'Último',
    });
    await book(owner.cookie, {
      pacienteId,
      dentistaId,
      fecha: '2030-04-01',
      horaInicio: '00:30',
      horaFin: '00:45',
      titulo: 'Siguiente',
    });
    const dstDay = (await (await get('?desde=2030-03-31&hasta=2030-03-31')).json()) as CalendarAppointment[];
    expect(dstDay.map((c) => c.titulo)).toEqual(['Último']);
    const dstList = (await (
      await t.request('/api/citas?desde=2030-03-31&hasta=2030-03-31', { cookie: owner.cookie })
    ).json()) as AppointmentPage;
    expect(dstList.citas.map((c) => c.titulo)).toEqual(['Último']);
    const dstMonth = (await (await get('/mes?desde=2030-03-31&hasta=2030-04-01')).json()) as MonthDay[];
    expect(dstMonth.map((d) => [d.fecha, d.total, d.citas.map((c) => c.titulo)])).toEqual([
      ['2030-03-31', 1, ['Último']],
      ['2030-04-01', 1, ['Siguiente']],
    ]);
    const tooLong = await get('?desde=2030-07-01&hasta=2030-08-12');
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).message).toBe(APPOINTMENT_MESSAGES.rangeTooLong(42));
  });

  it("reuses the agenda's reads only while nothing they show has changed, whoever wrote it", async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    await book(owner.cookie, {
      pacienteId,
      dentistaId,
      fecha: '2030-09-02',
      horaInicio: '10:00',
      horaFin: '10:30',
      titulo: 'Revisión',
    });
    const get = async <T>(path: string) => (await (await t.request(path, { cookie: owner.cookie })).json()) as T;
    const week = () => get<CalendarAppointment[]>('/api/citas/calendario?desde=2030-09-01&hasta=2030-09-07');
    const month = () => get<MonthDay[]>('/api/citas/calendario/mes?desde=2030-09-01&hasta=2030-10-05');
    const list = () => get<AppointmentPage>('/api/citas');
    const shown = async () => {
      const [w, m, l] = await Promise.all([week(), month(), list()]);
      return {
        week: w.map((c) => `${c.titulo} ${c.paciente.nombres} ${c.dentista.color}`),
        month: m.map((d) => `${d.total} ${d.citas[0]!.titulo}`),
        list: `${l.total} ${l.citas[0]!.paciente.telefono}`,
      };
    };
    const before = await shown();
    expect(before.week).toEqual([expect.stringMatching(/^Revisión José #/)]);

    // Written with the triggers off (as a restore would), nothing moves the version: the reads are reused.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(citas).set({ titulo: 'Oculto' }).where(eq(citas.clinicaId, owner.clinica.id));
    });
    expect(await shown()).toEqual(before);

    // Any real write is seen at once, even one made outside the API (another instance).
    await t.db.update(citas).set({ titulo: 'Limpieza' }).where(eq(citas.clinicaId, owner.clinica.id));
    expect((await week())[0]!.titulo).toBe('Limpieza');
    expect((await month())[0]!.citas[0]!.titulo).toBe('Limpieza');
    await t.db.update(pacientes).set({ nombres: 'Pepe', telefono: '699000111' }).where(eq(pacientes.id, pacienteId));
    expect((await week())[0]!.paciente.nombres).toBe('Pepe');
    expect((await list()).citas[0]!.paciente.telefono).toBe('699000111');
    await t.request(`/api/dentistas/${dentistaId}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: {
        nombres: 'Laura',
        apellidos: 'Gómez',
        especialidad: 'ortodoncia',
        color: DENTIST_COLOR_VALUES[3],
        activo: true,
      },
    });
    expect((await week())[0]!.dentista.color).toBe(DENTIST_COLOR_VALUES[3]);
    await t.db.insert(citas).values({
      clinicaId: owner.clinica.id,
      pacienteId,
      dentistaId,
      inicio: new Date('2030-09-03T08:00:00Z'),
      fin: new Date('2030-09-03T08:30:00Z'),
      titulo: 'Directa',
      estado: 'pendiente',
    });
    expect((await list()).total).toBe(2);
    expect((await month()).map((d) => d.fecha)).toEqual(['2030-09-02', '2030-09-03']);
    await t.db.delete(citas).where(eq(citas.titulo, 'Directa'));
    expect((await week()).map((c) => c.titulo)).toEqual(['Limpieza']);
  });

  it('month grid: per local day the count and the first two appointments, cancelled ones included', async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    const other = await dentist(owner, { nombres: 'Marta' });
    const slot = (fecha: string, horaInicio: string, horaFin: string, titulo: string, dentista = dentistaId) =>
      book(owner.cookie, { pacienteId, dentistaId: dentista, fecha, horaInicio, horaFin, titulo });
    await slot('2030-07-01', '12:00', '12:30', 'C');
    await slot('2030-07-01', '09:00', '09:30', 'A');
    await slot('2030-07-01', '10:00', '10:30', 'B', other.id);
    await slot('2030-07-01', '23:30', '23:59', 'D');
    await slot('2030-06-30', '23:00', '23:30', 'Fuera');
    const cancelled = (await (await slot('2030-07-02', '08:00', '08:30', 'E')).json()) as Appointment;
    await t.request(`/api/citas/${cancelled.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: {
        pacienteId,
        dentistaId,
        fecha: '2030-07-02',
        horaInicio: '08:00',
        horaFin: '08:30',
        titulo: 'E',
        estado: 'cancelada',
      },
    });
    const get = async (query: string) =>
      (await (await t.request(`/api/citas/calendario/mes${query}`, { cookie: owner.cookie })).json()) as MonthDay[];
    const month = await get('?desde=2030-07-01&hasta=2030-08-04');
    expect(month.map((d) => [d.fecha, d.total, d.citas.map((c) => c.titulo)])).toEqual([
      ['2030-07-01', 4, ['A', 'B']],
      ['2030-07-02', 1, ['E']],
    ]);
    expect(month[0]!.citas[0]).toMatchObject({
      horaInicio: '09:00',
      paciente: { nombres: 'José' },
      dentista: { nombres: 'Laura' },
    });
    const marta = await get(`?desde=2030-07-01&hasta=2030-08-04&dentistaId=${other.id}`);
    expect(marta.map((d) => [d.fecha, d.total])).toEqual([['2030-07-01', 1]]);
    const foreign = await createClinicOwner(t);
    expect(
      await (
        await t.request('/api/citas/calendario/mes?desde=2030-07-01&hasta=2030-08-04', { cookie: foreign.cookie })
      ).json(),
    ).toEqual([]);
  });

  it('notifies the linked member of new, moved and cancelled appointments, not of their own changes', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Dentista', 'dentista');
    const linked = await dentist(owner, { usuarioId: member.userId });
    const pacienteId = await patient(owner.clinica.id);
    const base = { pacienteId, dentistaId: linked.id, titulo: 'Revisión' };
    const cita = (await (
      await book(owner.cookie, { ...base, fecha: '2030-09-02', horaInicio: '10:00', horaFin: '10:30' })
    ).json()) as Appointment;
    const put = (json: Record<string, unknown>, cookie = owner.cookie) =>
      t.request(`/api/citas/${cita.id}`, { method: 'PUT', cookie, json: { ...base, ...json } });
    expect(
      (await put({ fecha: '2030-09-03', horaInicio: '11:00', horaFin: '11:30', estado: 'pendiente' })).status,
    ).toBe(200);
    expect(
      (await put({ fecha: '2030-09-03', horaInicio: '11:00', horaFin: '11:30', estado: 'confirmada' })).status,
    ).toBe(200);
    expect(
      (await put({ fecha: '2030-09-03', horaInicio: '11:00', horaFin: '11:30', estado: 'cancelada' })).status,
    ).toBe(200);
    // Their own change (the member confirms it) tells nobody.
    expect(
      (await put({ fecha: '2030-09-03', horaInicio: '11:00', horaFin: '11:30', estado: 'confirmada' }, member.cookie))
        .status,
    ).toBe(200);
    const rows = await t.db
      .select({ titulo: notificaciones.titulo, mensaje: notificaciones.mensaje, enlace: notificaciones.enlace })
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, member.userId), eq(notificaciones.tipo, 'cita')))
      .orderBy(notificaciones.seq);
    expect(rows).toEqual([
      { titulo: 'Nueva cita', mensaje: 'José Muñoz: Revisión, el 02/09/2030 a las 10:00', enlace: `/citas/${cita.id}` },
      {
        titulo: 'Cita movida',
        mensaje: 'José Muñoz: del 02/09/2030 a las 10:00 al 03/09/2030 a las 11:00',
        enlace: `/citas/${cita.id}`,
      },
      { titulo: 'Cita cancelada', mensaje: 'José Muñoz, el 03/09/2030 a las 11:00', enlace: `/citas/${cita.id}` },
    ]);
  });

  it('moves an appointment through the day in one click: en sala, atendida, no asistió; a cancelled one frees its slot', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Dentista', 'dentista');
    const linked = await dentist(owner, { usuarioId: member.userId });
    const pacienteId = await patient(owner.clinica.id);
    const base = { pacienteId, dentistaId: linked.id, titulo: 'Revisión', fecha: '2030-10-07' };
    const cita = (await (
      await book(owner.cookie, { ...base, horaInicio: '10:00', horaFin: '10:30' })
    ).json()) as Appointment;
    const step = (estado: string, id = cita.id, cookie = owner.cookie) =>
      t.request(`/api/citas/${id}/estado`, { method: 'PUT', cookie, json: { estado } });
    let res = await step('en_sala');
    expect(res.status).toBe(200);
    expect(((await res.json()) as Appointment).estado).toBe('en_sala');
    res = await step('atendida');
    expect(((await res.json()) as Appointment).estado).toBe('atendida');
    // Every state of the day is stored (the database's check names them all); others are refused.
    for (const estado of ESTADOS_CITA) expect((await step(estado)).status).toBe(200);
    const bad = await step('retenida');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields?.estado).toBe(APPOINTMENT_MESSAGES.estadoInvalid);
    await expect(
      t.db
        .update(citas)
        .set({ estado: 'perdida' as never })
        .where(eq(citas.id, cita.id)),
    ).rejects.toThrow();

    // Cancelled by the patient frees the slot, as cancelled by the clinic does, and tells the dentist.
    expect((await step('confirmada_paciente')).status).toBe(200);
    expect((await step('cancelada_paciente')).status).toBe(200);
    const told = await t.db
      .select({ titulo: notificaciones.titulo })
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, member.userId), eq(notificaciones.tipo, 'cita')));
    expect(told.map((n) => n.titulo)).toContain('Cita cancelada');
    const other = await book(owner.cookie, { ...base, horaInicio: '10:10', horaFin: '10:40' });
    expect(other.status).toBe(201);
    // Back to pendiente: the slot is taken now, and the 409 names the appointment in the way.
    const reopen = await step('pendiente');
    expect(reopen.status).toBe(409);
    expect((await errorOf(reopen)).message).toBe(APPOINTMENT_MESSAGES.overlapWith('10:10', '10:40'));
    const [row] = await t.db.select({ estado: citas.estado }).from(citas).where(eq(citas.id, cita.id));
    expect(row.estado).toBe('cancelada_paciente');
    // Another clinic's appointment is not found.
    const stranger = await createClinicOwner(t);
    expect((await step('en_sala', cita.id, stranger.cookie)).status).toBe(404);
  });

  it("keeps the patient's ultima_visita and proxima_visita on their appointments", async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    const visits = async () =>
      (
        await t.db
          .select({ ultima: pacientes.ultimaVisita, proxima: pacientes.proximaVisita })
          .from(pacientes)
          .where(eq(pacientes.id, pacienteId))
      )[0];
    await t.db.update(pacientes).set({ ultimaVisita: '2019-01-02' }).where(eq(pacientes.id, pacienteId));
    const base = { pacienteId, dentistaId, horaInicio: '10:00', horaFin: '10:30', titulo: 'Revisión' };
    const later = (await (await book(owner.cookie, { ...base, fecha: '2031-01-08' })).json()) as Appointment;
    const sooner = (await (await book(owner.cookie, { ...base, fecha: '2030-12-10' })).json()) as Appointment;
    const past = (await (await book(owner.cookie, { ...base, fecha: '2020-05-06' })).json()) as Appointment;
    // The hand-typed last visit stays until an appointment is completed.
    expect(await visits()).toEqual({ ultima: '2019-01-02', proxima: '2030-12-10' });
    const put = (cita: Appointment, estado: string) =>
      t.request(`/api/citas/${cita.id}`, {
        method: 'PUT',
        cookie: owner.cookie,
        json: { ...base, fecha: cita.fecha, estado },
      });
    expect((await put(past, 'completada')).status).toBe(200);
    expect((await put(sooner, 'cancelada')).status).toBe(200);
    expect(await visits()).toEqual({ ultima: '2020-05-06', proxima: '2031-01-08' });
    expect((await t.request(`/api/citas/${later.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect(await visits()).toEqual({ ultima: '2020-05-06', proxima: null });

    // A next visit typed by hand stays while nothing is booked; a booking replaces it.
    await t.db.update(pacientes).set({ proximaVisita: '2035-01-01' }).where(eq(pacientes.id, pacienteId));
    const another = (await (await book(owner.cookie, { ...base, fecha: '2021-03-03' })).json()) as Appointment;
    // Atendida (the desk's state of the day) is a visit that took place, as completada is.
    expect((await put(another, 'atendida')).status).toBe(200);
    expect(await visits()).toEqual({ ultima: '2021-03-03', proxima: '2035-01-01' });
    expect((await book(owner.cookie, { ...base, fecha: '2034-06-06' })).status).toBe(201);
    expect(await visits()).toEqual({ ultima: '2021-03-03', proxima: '2034-06-06' });
    // A typed next visit that turns out to be the day of an appointment booked for the past goes.
    await t.db.delete(citas).where(and(eq(citas.pacienteId, pacienteId), eq(citas.estado, 'pendiente')));
    await t.db.update(pacientes).set({ proximaVisita: '2022-02-02' }).where(eq(pacientes.id, pacienteId));
    expect((await book(owner.cookie, { ...base, fecha: '2022-02-02' })).status).toBe(201);
    expect(await visits()).toEqual({ ultima: '2021-03-03', proxima: null });
  });

  it('a request from the public profile becomes atendida when its appointment is saved', async () => {
    const { owner, pacienteId, dentistaId } = await clinic();
    const [solicitud] = await t.db
      .insert(solicitudesCita)
      .values({
        clinicaId: owner.clinica.id,
        nombre: 'José Muñoz',
        email: 'jose@example.com',
        mensaje: 'Me duele una muela',
      })
      .returning({ id: solicitudesCita.id });
    const slot = {
      pacienteId,
      dentistaId,
      fecha: '2030-10-07',
      horaInicio: '10:00',
      horaFin: '10:30',
      titulo: 'Urgencia',
      solicitudId: solicitud.id,
    };
    // A refused booking leaves the request as it was.
    await book(owner.cookie, { ...slot, titulo: 'Antes', solicitudId: null });
    expect((await book(owner.cookie, slot)).status).toBe(409);
    expect((await t.db.select().from(solicitudesCita).where(eq(solicitudesCita.id, solicitud.id)))[0].estado).toBe(
      'nueva',
    );
    expect((await book(owner.cookie, { ...slot, horaInicio: '11:00', horaFin: '11:30' })).status).toBe(201);
    expect((await t.db.select().from(solicitudesCita).where(eq(solicitudesCita.id, solicitud.id)))[0].estado).toBe(
      'atendida',
    );

    const other = await clinic();
    const foreign = await book(other.owner.cookie, {
      ...slot,
      pacienteId: other.pacienteId,
      dentistaId: other.dentistaId,
    });
    expect(foreign.status).toBe(422);
    expect(await countCitas(other.owner.clinica.id)).toBe(0);
  });

  it("'Crear cita' from a request: the patient is found by email or phone, or created in the appointment's transaction", async () => {
    const { owner, dentistaId } = await clinic();
    const [known] = await t.db
      .insert(pacientes)
      .values({
        clinicaId: owner.clinica.id,
        nombres: 'Ana',
        apellidos: 'Ruiz',
        email: 'ana.ruiz@example.com',
        telefono: '600 111 333',
      })
      .returning({ id: pacientes.id });
    const request = async (values: { nombre: string; email: string; telefono?: string | null }) =>
      (
        await t.db
          .insert(solicitudesCita)
          .values({ clinicaId: owner.clinica.id, mensaje: 'Quiero una revisión', ...values })
          .returning({ id: solicitudesCita.id })
      )[0].id;
    const draft = async (id: string) =>
      (await (
        await t.request(`/api/citas/solicitudes/${id}`, { cookie: owner.cookie })
      ).json()) as AppointmentRequestDraft;

    const byEmail = await request({ nombre: 'Ana R.', email: 'ANA.RUIZ@example.com' });
    const byPhone = await request({ nombre: 'Ana', email: 'otra@example.com', telefono: '+34 600111333' });
    const stranger = await request({
      nombre: 'Pedro  Sánchez Gil',
      email: 'pedro@example.com',
      telefono: '611 222 444',
    });
    expect((await draft(byEmail)).paciente?.id).toBe(known.id);
    expect((await draft(byPhone)).paciente?.id).toBe(known.id);
    const strangerDraft = await draft(stranger);
    expect(strangerDraft.paciente).toBeNull();
    expect(strangerDraft.solicitud).toMatchObject({
      nombre: 'Pedro  Sánchez Gil',
      email: 'pedro@example.com',
      mensaje: 'Quiero una revisión',
      estado: 'nueva',
    });

    const slot = { dentistaId, fecha: '2030-11-04', titulo: 'Revisión' };
    const matched = await book(owner.cookie, { ...slot, horaInicio: '09:00', horaFin: '09:30', solicitudId: byPhone });
    expect(matched.status).toBe(201);
    expect(((await matched.json()) as Appointment).pacienteId).toBe(known.id);
    const created = await book(owner.cookie, {
      ...slot,
      horaInicio: '10:00',
      horaFin: '10:30',
      pacienteId: '',
      solicitudId: stranger,
    });
    expect(created.status).toBe(201);
    const cita = (await created.json()) as Appointment;
    const [nuevo] = await t.db.select().from(pacientes).where(eq(pacientes.id, cita.pacienteId));
    expect(nuevo).toMatchObject({
      clinicaId: owner.clinica.id,
      nombres: 'Pedro',
      apellidos: 'Sánchez Gil',
      email: 'pedro@example.com',
      telefono: '611 222 444',
      estado: 'activo',
    });
    // Registered as from the patients' screen: with its audit row, in the booking's transaction.
    const audited = await t.db.select().from(auditoria).where(eq(auditoria.pacienteId, cita.pacienteId));
    expect(audited).toMatchObject([{ accion: 'paciente.crear', clinicaId: owner.clinica.id, usuarioId: owner.userId }]);
    const states = await t.db
      .select({ id: solicitudesCita.id, estado: solicitudesCita.estado })
      .from(solicitudesCita)
      .where(eq(solicitudesCita.clinicaId, owner.clinica.id));
    expect(Object.fromEntries(states.map((r) => [r.id, r.estado]))).toEqual({
      [byEmail]: 'nueva',
      [byPhone]: 'atendida',
      [stranger]: 'atendida',
    });

    // Without a patient nor a request there is nothing to book; a refused booking creates no patient.
    const none = await book(owner.cookie, { ...slot, horaInicio: '11:00', horaFin: '11:30' });
    expect((await errorOf(none)).fields).toEqual({ pacienteId: APPOINTMENT_MESSAGES.pacienteRequired });
    const late = await request({ nombre: 'Luis', email: 'luis@example.com' });
    expect(
      (await book(owner.cookie, { ...slot, horaInicio: '10:15', horaFin: '10:45', solicitudId: late })).status,
    ).toBe(409);
    expect(await t.db.select().from(pacientes).where(eq(pacientes.email, 'luis@example.com'))).toEqual([]);
    // Creating the patient needs pacientes.crear: a role that may only book gets a 403 and creates nothing.
    const permisosAgenda = await t.db
      .select({ id: permisos.id })
      .from(permisos)
      .where(inArray(permisos.nombre, ['citas.ver', 'citas.crear']));
    const role = await t.request('/api/roles', {
      method: 'POST',
      cookie: owner.cookie,
      json: { nombre: 'Solo agenda', descripcion: null, permisos: permisosAgenda.map((p) => p.id) },
    });
    expect(role.status).toBe(201);
    const booker = await addTeamMember(t, owner.clinica.id, 'Solo agenda', 'recepcion');
    const unknown = await request({ nombre: 'Marta', email: 'marta@example.com' });
    const forbidden = await book(booker.cookie, {
      ...slot,
      horaInicio: '12:00',
      horaFin: '12:30',
      solicitudId: unknown,
    });
    expect(forbidden.status).toBe(403);
    expect((await errorOf(forbidden)).message).toBe(APPOINTMENT_MESSAGES.pacienteCreateForbidden);
    expect(await t.db.select().from(pacientes).where(eq(pacientes.email, 'marta@example.com'))).toEqual([]);
    expect((await t.db.select().from(solicitudesCita).where(eq(solicitudesCita.id, unknown)))[0].estado).toBe('nueva');
    expect(
      (await book(booker.cookie, { ...slot, horaInicio: '12:00', horaFin: '12:30', solicitudId: byEmail })).status,
    ).toBe(201);

    // Another clinic's request is neither shown nor usable.
    const other = await createClinicOwner(t);
    expect((await t.request(`/api/citas/solicitudes/${late}`, { cookie: other.cookie })).status).toBe(404);
  });
});
