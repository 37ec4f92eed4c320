import {
  BOOKING_MESSAGES,
  DENTIST_COLOR_VALUES,
  type AgendaBlock,
  type BlockInput,
  type DaySchedule,
  type WorkingHours,
} from '@odontia/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bloqueosAgenda, dentistas, horariosDentista } from '../../db/schema/index.ts';
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

const HOUR_MS = 3_600_000;

/** A clinic (in Madrid unless `place` says otherwise) with one dentist. */
async function clinic(place: Parameters<typeof createClinicOwner>[1] = {}) {
  const owner = await createClinicOwner(t, place);
  const dentistaId = await dentist(owner.clinica.id, 'Laura');
  return { owner, clinicaId: owner.clinica.id, cookie: owner.cookie, dentistaId };
}

async function dentist(clinicaId: string, nombres: string) {
  const [row] = await t.db
    .insert(dentistas)
    .values({ clinicaId, nombres, apellidos: 'Gómez', especialidad: 'ortodoncia', color: DENTIST_COLOR_VALUES[0] })
    .returning({ id: dentistas.id });
  return row.id;
}

const putHours = (cookie: string, dentistaId: string, json: unknown) =>
  t.request(`/api/dentistas/${dentistaId}/horario`, { method: 'PUT', cookie, json });
const getHours = (cookie: string, dentistaId: string) => t.request(`/api/dentistas/${dentistaId}/horario`, { cookie });
const postBlock = (cookie: string, json: Partial<BlockInput>) =>
  t.request('/api/bloqueos', {
    method: 'POST',
    cookie,
    json: { dentistaId: null, tipo: 'festivo', motivo: '', ...json },
  });
const listBlocks = (cookie: string, desde: string, hasta: string) =>
  t.request(`/api/bloqueos?desde=${desde}&hasta=${hasta}`, { cookie });
const ranges = async (dentistaId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(horariosDentista)
      .where(eq(horariosDentista.dentistaId, dentistaId))
  )[0].n;

const MORNINGS_AND_WEDNESDAY: WorkingHours = {
  rangos: [
    { diaSemana: 3, horaInicio: '10:00', horaFin: '13:00' },
    { diaSemana: 1, horaInicio: '16:00', horaFin: '20:00' },
    { diaSemana: 1, horaInicio: '09:00', horaFin: '14:00' },
  ],
};

describe('working hours', () => {
  it('replaces the whole week at once and reads it back by day and start', async () => {
    const c = await clinic();
    const empty = await getHours(c.cookie, c.dentistaId);
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ rangos: [] });

    const first = await putHours(c.cookie, c.dentistaId, MORNINGS_AND_WEDNESDAY);
    expect(first.status).toBe(200);
    const sorted = {
      rangos: [
        { diaSemana: 1, horaInicio: '09:00', horaFin: '14:00' },
        { diaSemana: 1, horaInicio: '16:00', horaFin: '20:00' },
        { diaSemana: 3, horaInicio: '10:00', horaFin: '13:00' },
      ],
    };
    expect(await first.json()).toEqual(sorted);
    expect(await (await getHours(c.cookie, c.dentistaId)).json()).toEqual(sorted);

    // What is not sent again is no longer worked.
    const second = await putHours(c.cookie, c.dentistaId, {
      rangos: [{ diaSemana: 2, horaInicio: '08:30', horaFin: '15:00' }],
    });
    expect(await second.json()).toEqual({ rangos: [{ diaSemana: 2, horaInicio: '08:30', horaFin: '15:00' }] });
    expect(await ranges(c.dentistaId)).toBe(1);

    const none = await putHours(c.cookie, c.dentistaId, { rangos: [] });
    expect(await none.json()).toEqual({ rangos: [] });
    expect(await ranges(c.dentistaId)).toBe(0);
  });

  it('refuses overlapping ranges or an end before the start with the shared message, and changes nothing', async () => {
    const c = await clinic();
    await putHours(c.cookie, c.dentistaId, MORNINGS_AND_WEDNESDAY);

    const overlap = await putHours(c.cookie, c.dentistaId, {
      rangos: [
        { diaSemana: 1, horaInicio: '09:00', horaFin: '14:00' },
        { diaSemana: 2, horaInicio: '09:00', horaFin: '14:00' },
        { diaSemana: 1, horaInicio: '13:30', horaFin: '18:00' },
      ],
    });
    expect(overlap.status).toBe(400);
    const error = await errorOf(overlap);
    expect(error.message).toBe(BOOKING_MESSAGES.rangesOverlap('Lunes'));
    expect(error.fields).toEqual({ 'rangos.2.horaInicio': 'Los tramos del lunes se solapan' });

    const backwards = await putHours(c.cookie, c.dentistaId, {
      rangos: [{ diaSemana: 4, horaInicio: '14:00', horaFin: '09:00' }],
    });
    expect(backwards.status).toBe(400);
    expect((await errorOf(backwards)).fields).toEqual({ 'rangos.0.horaFin': BOOKING_MESSAGES.horaFinAfterInicio });

    const badTime = await putHours(c.cookie, c.dentistaId, {
      rangos: [{ diaSemana: 8, horaInicio: '25:00', horaFin: '09:00' }],
    });
    expect(badTime.status).toBe(400);
    expect((await errorOf(badTime)).fields).toMatchObject({ 'rangos.0.horaInicio': BOOKING_MESSAGES.horaInvalid });

    expect(await ranges(c.dentistaId)).toBe(3);
  });

  it("answers 404 for another clinic's dentist, reading or writing, and leaves their week alone", async () => {
    const mine = await clinic();
    const theirs = await clinic();
    await putHours(theirs.cookie, theirs.dentistaId, MORNINGS_AND_WEDNESDAY);

    for (const res of [
      await getHours(mine.cookie, theirs.dentistaId),
      await putHours(mine.cookie, theirs.dentistaId, { rangos: [] }),
      await getHours(mine.cookie, 'no-es-un-id'),
    ]) {
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(BOOKING_MESSAGES.dentistaNotFound);
    }
    expect(await ranges(theirs.dentistaId)).toBe(3);
  });

  it('is read with citas.ver and set only with dentistas.gestionar', async () => {
    const c = await clinic();
    const desk = await addTeamMember(t, c.clinicaId, 'Recepción', 'recepcion');
    await putHours(c.cookie, c.dentistaId, MORNINGS_AND_WEDNESDAY);

    expect((await getHours(desk.cookie, c.dentistaId)).status).toBe(200);
    const refused = await putHours(desk.cookie, c.dentistaId, { rangos: [] });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('forbidden');
    expect(await ranges(c.dentistaId)).toBe(3);
  });
});

describe('agenda blocks', () => {
  it('makes a whole-day block from midnight to midnight on the clinic clock: 25 hours when the clocks go back', async () => {
    const c = await clinic();
    // Sunday 25 October 2026: Madrid goes from CEST (+02:00) to CET (+01:00) at 03:00.
    const res = await postBlock(c.cookie, { desde: '2026-10-25', hasta: '2026-10-25', motivo: '  Cierre  ' });
    expect(res.status).toBe(201);
    const block = (await res.json()) as AgendaBlock;
    expect(block).toEqual({
      id: expect.any(String),
      dentistaId: null,
      inicio: '2026-10-24T22:00:00.000Z',
      fin: '2026-10-25T23:00:00.000Z',
      tipo: 'festivo',
      motivo: 'Cierre',
    });
    expect((Date.parse(block.fin) - Date.parse(block.inicio)) / HOUR_MS).toBe(25);

    // Several days: the first midnight to the midnight after the last (48 + 25 + 24 hours).
    const week = (await (
      await postBlock(c.cookie, {
        dentistaId: c.dentistaId,
        desde: '2026-10-23',
        hasta: '2026-10-26',
        tipo: 'vacaciones',
      })
    ).json()) as AgendaBlock;
    expect(week).toMatchObject({ dentistaId: c.dentistaId, inicio: '2026-10-22T22:00:00.000Z', motivo: null });
    expect((Date.parse(week.fin) - Date.parse(week.inicio)) / HOUR_MS).toBe(4 * 24 + 1);
  });

  it("makes a timed block between two moments of the clinic's clock, in its own zone", async () => {
    const madrid = await clinic();
    const res = await postBlock(madrid.cookie, {
      dentistaId: madrid.dentistaId,
      desde: '2026-03-10',
      horaDesde: '13:30',
      hasta: '2026-03-10',
      horaHasta: '15:00',
      tipo: 'formacion',
      motivo: 'Curso de implantes',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      inicio: '2026-03-10T12:30:00.000Z',
      fin: '2026-03-10T14:00:00.000Z',
      tipo: 'formacion',
      motivo: 'Curso de implantes',
    });

    // From a time to the end of a later day; Bogotá is UTC-5 all year.
    const bogota = await clinic(BOGOTA);
    const open = (await (
      await postBlock(bogota.cookie, { desde: '2026-03-10', horaDesde: '18:00', hasta: '2026-03-11', tipo: 'otro' })
    ).json()) as AgendaBlock;
    expect(open).toMatchObject({ inicio: '2026-03-10T23:00:00.000Z', fin: '2026-03-12T05:00:00.000Z' });
  });

  it("refuses another clinic's dentist, an end before the start and an unknown type, creating nothing", async () => {
    const mine = await clinic();
    const theirs = await clinic();
    const foreign = await postBlock(mine.cookie, {
      dentistaId: theirs.dentistaId,
      desde: '2026-05-04',
      hasta: '2026-05-04',
    });
    expect(foreign.status).toBe(422);
    expect((await errorOf(foreign)).fields).toEqual({ dentistaId: BOOKING_MESSAGES.dentistaNotFound });

    const backwards = await postBlock(mine.cookie, {
      desde: '2026-05-04',
      horaDesde: '12:00',
      hasta: '2026-05-04',
      horaHasta: '11:00',
    });
    expect(backwards.status).toBe(400);
    expect((await errorOf(backwards)).fields).toEqual({ hasta: BOOKING_MESSAGES.blockEndAfterStart });

    // 02:30 does not exist on 29 March 2026 in Madrid (moved to 03:30): it would end before it starts.
    const skipped = await postBlock(mine.cookie, {
      desde: '2026-03-29',
      horaDesde: '02:30',
      hasta: '2026-03-29',
      horaHasta: '03:15',
    });
    expect(skipped.status).toBe(422);
    expect((await errorOf(skipped)).fields).toEqual({ hasta: BOOKING_MESSAGES.blockEndAfterStart });

    const kind = await postBlock(mine.cookie, { desde: '2026-05-04', hasta: '2026-05-04', tipo: 'siesta' as 'otro' });
    expect(kind.status).toBe(400);
    expect((await errorOf(kind)).fields).toEqual({ tipo: BOOKING_MESSAGES.tipoInvalid });

    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bloqueosAgenda)
      .where(eq(bloqueosAgenda.clinicaId, mine.clinicaId));
    expect(n).toBe(0);
  });

  it('lists the blocks that touch the clinic days asked for, both included, by start, of this clinic only', async () => {
    const c = await clinic();
    const other = await clinic();
    await postBlock(other.cookie, { desde: '2026-06-10', hasta: '2026-06-10' });
    const create = async (json: Partial<BlockInput>) =>
      ((await (await postBlock(c.cookie, json)).json()) as AgendaBlock).id;
    const late = await create({ desde: '2026-06-12', horaDesde: '18:00', hasta: '2026-06-12', horaHasta: '20:00' });
    const before = await create({ desde: '2026-06-01', hasta: '2026-06-09', tipo: 'vacaciones' });
    const long = await create({ desde: '2026-06-05', hasta: '2026-06-20', dentistaId: c.dentistaId });
    const after = await create({ desde: '2026-06-13', hasta: '2026-06-13' });

    const ids = async (desde: string, hasta: string) =>
      ((await (await listBlocks(c.cookie, desde, hasta)).json()) as AgendaBlock[]).map((b) => b.id);
    expect(await ids('2026-06-10', '2026-06-12')).toEqual([long, late]);
    expect(await ids('2026-06-09', '2026-06-13')).toEqual([before, long, late, after]);
    expect(await ids('2026-06-21', '2026-06-30')).toEqual([]);

    const reversed = await listBlocks(c.cookie, '2026-06-12', '2026-06-10');
    expect(reversed.status).toBe(400);
    expect((await listBlocks(c.cookie, '2026-01-01', '2027-06-01')).status).toBe(400);
    expect((await t.request('/api/bloqueos', { cookie: c.cookie })).status).toBe(400);
  });

  it("deletes a block (204), then answers 404; another clinic's is 404 and stays", async () => {
    const c = await clinic();
    const other = await clinic();
    const mine = (await (
      await postBlock(c.cookie, { desde: '2026-07-01', hasta: '2026-07-01' })
    ).json()) as AgendaBlock;
    const theirs = (await (
      await postBlock(other.cookie, { desde: '2026-07-01', hasta: '2026-07-01' })
    ).json()) as AgendaBlock;

    const remove = (id: string) => t.request(`/api/bloqueos/${id}`, { method: 'DELETE', cookie: c.cookie });
    expect((await remove(mine.id)).status).toBe(204);
    const again = await remove(mine.id);
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe(BOOKING_MESSAGES.blockNotFound);
    expect((await remove(theirs.id)).status).toBe(404);
    expect((await listBlocks(other.cookie, '2026-07-01', '2026-07-01')).status).toBe(200);
    expect(await t.db.select().from(bloqueosAgenda).where(eq(bloqueosAgenda.id, theirs.id))).toHaveLength(1);
  });

  it('are read with citas.ver and written with citas.editar: a role without it gets 403', async () => {
    const c = await clinic();
    const desk = await addTeamMember(t, c.clinicaId, 'Recepción', 'recepcion');
    const made = await postBlock(desk.cookie, { desde: '2026-08-15', hasta: '2026-08-15' });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as AgendaBlock;

    await setRolePermissions(t, desk.rolId, ['citas.ver']);
    const refused = await postBlock(desk.cookie, { desde: '2026-08-16', hasta: '2026-08-16' });
    expect(refused.status).toBe(403);
    expect((await t.request(`/api/bloqueos/${id}`, { method: 'DELETE', cookie: desk.cookie })).status).toBe(403);
    const list = await listBlocks(desk.cookie, '2026-08-01', '2026-08-31');
    expect(((await list.json()) as AgendaBlock[]).map((b) => b.id)).toEqual([id]);
  });
});

describe("the Día grid's closed time", () => {
  const day = async (cookie: string, fecha: string) => {
    const res = await t.request(`/api/citas/horario-dentistas?fecha=${fecha}`, { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as DaySchedule;
  };

  it("gives each dentist with hours that weekday's ranges, and the day's blocks cut to it", async () => {
    const c = await clinic();
    const unset = await dentist(c.clinicaId, 'Pedro');
    await putHours(c.cookie, c.dentistaId, MORNINGS_AND_WEDNESDAY);
    const holiday = (await (
      await postBlock(c.cookie, { desde: '2026-11-02', hasta: '2026-11-03' })
    ).json()) as AgendaBlock;
    const course = (await (
      await postBlock(c.cookie, {
        dentistaId: c.dentistaId,
        desde: '2026-11-04',
        horaDesde: '11:00',
        hasta: '2026-11-05',
        horaHasta: '10:00',
        tipo: 'formacion',
        motivo: 'Congreso',
      })
    ).json()) as AgendaBlock;

    // Monday 2 November: the week's Monday ranges, the clinic closed all day.
    expect(await day(c.cookie, '2026-11-02')).toEqual({
      horarios: [
        {
          dentistaId: c.dentistaId,
          rangos: [
            { horaInicio: '09:00', horaFin: '14:00' },
            { horaInicio: '16:00', horaFin: '20:00' },
          ],
        },
      ],
      bloqueos: [
        { id: holiday.id, dentistaId: null, horaInicio: '00:00', horaFin: '24:00', tipo: 'festivo', motivo: null },
      ],
    });
    // Wednesday 4: from 11:00 to the end of the day; Thursday 5: a day off (hours set, none that day) and until 10:00.
    const wednesday = await day(c.cookie, '2026-11-04');
    expect(wednesday.horarios).toEqual([
      { dentistaId: c.dentistaId, rangos: [{ horaInicio: '10:00', horaFin: '13:00' }] },
    ]);
    expect(wednesday.bloqueos).toEqual([
      {
        id: course.id,
        dentistaId: c.dentistaId,
        horaInicio: '11:00',
        horaFin: '24:00',
        tipo: 'formacion',
        motivo: 'Congreso',
      },
    ]);
    const thursday = await day(c.cookie, '2026-11-05');
    expect(thursday.horarios).toEqual([{ dentistaId: c.dentistaId, rangos: [] }]);
    expect(thursday.bloqueos.map((b) => [b.horaInicio, b.horaFin])).toEqual([['00:00', '10:00']]);
    // Pedro has no hours set: no row, so none of his day is closed.
    expect(thursday.horarios.some((h) => h.dentistaId === unset)).toBe(false);

    const bad = await t.request('/api/citas/horario-dentistas?fecha=2026-02-30', { cookie: c.cookie });
    expect(bad.status).toBe(400);
  });

  it("shows another clinic's nothing", async () => {
    const mine = await clinic();
    const theirs = await clinic();
    await putHours(theirs.cookie, theirs.dentistaId, MORNINGS_AND_WEDNESDAY);
    await postBlock(theirs.cookie, { desde: '2026-11-02', hasta: '2026-11-02' });
    expect(await day(mine.cookie, '2026-11-02')).toEqual({ horarios: [], bloqueos: [] });
  });
});
