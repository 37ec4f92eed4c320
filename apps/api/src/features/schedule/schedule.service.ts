import {
  BOOKING_MESSAGES,
  type AgendaBlock,
  type BlockData,
  type BlockKind,
  type DaySchedule,
  type IsoWeekday,
  type WorkingHours,
} from '@odontia/shared';
import { and, asc, eq, gt, lt, sql, type Column } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../../db/client.ts';
import { localInstant, localMidnight, localText } from '../../db/local-day.ts';
import { bloqueosAgenda, dentistas, horariosDentista } from '../../db/schema/index.ts';
import type { Member } from '../../platform/context.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';

/**
 * Dentists' working hours and the agenda's blocks (issue 24), on the clinic's wall clock: a range is a
 * weekday and two `time`s, a block two instants entered as local days and times. PostgreSQL turns one
 * into the other with the clinic's zone (db/local-day.ts), so a day across a DST change has its 23 or 25 hours.
 */

export const dentistNotFound = () => notFound(BOOKING_MESSAGES.dentistaNotFound);
export const blockNotFound = () => notFound(BOOKING_MESSAGES.blockNotFound);

type Clinic = Pick<Member, 'clinicaId' | 'zonaHoraria'>;

const hhmm = (column: Column) => sql<string>`to_char(${column}, 'HH24:MI')`;

const rangeColumns = {
  diaSemana: sql<IsoWeekday>`${horariosDentista.diaSemana}`,
  horaInicio: hhmm(horariosDentista.horaInicio),
  horaFin: hhmm(horariosDentista.horaFin),
};

/** The dentist's week, by day and start; undefined when the dentist is not the clinic's. */
export async function getWorkingHours(
  db: Executor,
  clinicaId: string,
  dentistaId: string,
): Promise<WorkingHours | undefined> {
  // One statement: the dentist (so another clinic's answers 404) with their ranges, if any.
  const rows = await db
    .select({ dentista: dentistas.id, range: { id: horariosDentista.id, ...rangeColumns } })
    .from(dentistas)
    .leftJoin(horariosDentista, eq(horariosDentista.dentistaId, dentistas.id))
    .where(and(eq(dentistas.clinicaId, clinicaId), eq(dentistas.id, dentistaId)))
    .orderBy(asc(horariosDentista.diaSemana), asc(horariosDentista.horaInicio));
  if (rows.length === 0) return undefined;
  return {
    rangos: rows.flatMap(({ range }) =>
      range?.id ? [{ diaSemana: range.diaSemana, horaInicio: range.horaInicio, horaFin: range.horaFin }] : [],
    ),
  };
}

/**
 * Replaces the dentist's whole week in one transaction. The dentist's row is locked first, so two
 * saves at once are applied one after the other (the last one wins whole, never a mix of both).
 */
export async function replaceWorkingHours(
  db: Database,
  clinicaId: string,
  dentistaId: string,
  data: WorkingHours,
): Promise<WorkingHours> {
  return db.transaction(async (tx) => {
    const [dentist] = await tx
      .select({ id: dentistas.id })
      .from(dentistas)
      .where(and(eq(dentistas.clinicaId, clinicaId), eq(dentistas.id, dentistaId)))
      .for('update');
    if (!dentist) throw dentistNotFound();
    await tx.delete(horariosDentista).where(eq(horariosDentista.dentistaId, dentistaId));
    if (data.rangos.length > 0) {
      await tx.insert(horariosDentista).values(
        data.rangos.map((r) => ({
          clinicaId,
          dentistaId,
          diaSemana: r.diaSemana,
          horaInicio: r.horaInicio,
          horaFin: r.horaFin,
        })),
      );
    }
    return (await getWorkingHours(tx, clinicaId, dentistaId))!;
  });
}

const blockColumns = {
  id: bloqueosAgenda.id,
  dentistaId: bloqueosAgenda.dentistaId,
  inicio: bloqueosAgenda.inicio,
  fin: bloqueosAgenda.fin,
  tipo: sql<BlockKind>`${bloqueosAgenda.tipo}`,
  motivo: bloqueosAgenda.motivo,
};

const toBlock = (r: { inicio: Date; fin: Date } & Omit<AgendaBlock, 'inicio' | 'fin'>): AgendaBlock => ({
  id: r.id,
  dentistaId: r.dentistaId,
  inicio: r.inicio.toISOString(),
  fin: r.fin.toISOString(),
  tipo: r.tipo,
  motivo: r.motivo,
});

/** The clinic's blocks that touch the clinic days `desde`..`hasta` (both included), by start. */
export async function listBlocks(
  db: Executor,
  clinic: Clinic,
  { desde, hasta }: { desde: string; hasta: string },
): Promise<AgendaBlock[]> {
  const rows = await db
    .select(blockColumns)
    .from(bloqueosAgenda)
    .where(
      and(
        eq(bloqueosAgenda.clinicaId, clinic.clinicaId),
        lt(bloqueosAgenda.inicio, localMidnight(hasta, clinic.zonaHoraria, 1)),
        gt(bloqueosAgenda.fin, localMidnight(desde, clinic.zonaHoraria)),
      ),
    )
    .orderBy(asc(bloqueosAgenda.inicio), asc(bloqueosAgenda.id));
  return rows.map(toBlock);
}

/**
 * A block from `desde` (at `horaDesde`, or its midnight) to `hasta` (at `horaHasta`, or the midnight
 * after it), on the clinic's clock. Its dentist must be the clinic's; null closes the whole clinic.
 */
export async function createBlock(db: Executor, clinic: Clinic, data: BlockData): Promise<AgendaBlock> {
  const zona = clinic.zonaHoraria;
  const inicio = data.horaDesde ? localInstant(data.desde, data.horaDesde, zona) : localMidnight(data.desde, zona);
  const fin = data.horaHasta ? localInstant(data.hasta, data.horaHasta, zona) : localMidnight(data.hasta, zona, 1);
  // The instants first, and whether the dentist is the clinic's, in one round trip: a span the clocks
  // turn upside down (02:30 to 03:15 on the night they skip 02:00-03:00) is refused, not a 500.
  const ownDentist = data.dentistaId
    ? sql`exists (select 1 from ${dentistas} where ${dentistas.clinicaId} = ${clinic.clinicaId} and ${dentistas.id} = ${data.dentistaId})`
    : sql`true`;
  const [span] = await rowsOf<{ valid: boolean; dentist: boolean }>(
    db.execute(sql`select ${fin} > ${inicio} as valid, ${ownDentist} as dentist`),
  );
  if (!span.dentist) throw unprocessable(BOOKING_MESSAGES.dentistaNotFound, 'dentistaId');
  if (!span.valid) throw unprocessable(BOOKING_MESSAGES.blockEndAfterStart, 'hasta');
  const [row] = await db
    .insert(bloqueosAgenda)
    .values({
      clinicaId: clinic.clinicaId,
      dentistaId: data.dentistaId,
      inicio,
      fin,
      tipo: data.tipo,
      motivo: data.motivo,
    })
    .returning(blockColumns);
  return toBlock(row);
}

export async function deleteBlock(db: Executor, clinicaId: string, id: string): Promise<void> {
  const [row] = await db
    .delete(bloqueosAgenda)
    .where(and(eq(bloqueosAgenda.clinicaId, clinicaId), eq(bloqueosAgenda.id, id)))
    .returning({ id: bloqueosAgenda.id });
  if (!row) throw blockNotFound();
}

/**
 * The Día grid's closed time on one clinic day: for each dentist with hours set, that weekday's ranges;
 * and the blocks that touch the day, cut to it ('00:00' from its midnight, '24:00' to the next).
 * Two small reads: a clinic's ranges are at most 42 a dentist.
 */
export async function daySchedule(db: Executor, clinic: Clinic, fecha: string): Promise<DaySchedule> {
  const zona = clinic.zonaHoraria;
  const dayStart = localMidnight(fecha, zona);
  const dayEnd = localMidnight(fecha, zona, 1);
  const [ranges, blocks] = await Promise.all([
    db
      .select({
        dentistaId: horariosDentista.dentistaId,
        // Null on the other weekdays: the row only says the dentist has hours set.
        today: sql<boolean>`${horariosDentista.diaSemana} = extract(isodow from ${fecha}::date)`,
        horaInicio: rangeColumns.horaInicio,
        horaFin: rangeColumns.horaFin,
      })
      .from(horariosDentista)
      .where(eq(horariosDentista.clinicaId, clinic.clinicaId))
      .orderBy(asc(horariosDentista.dentistaId), asc(horariosDentista.horaInicio)),
    db
      .select({
        id: bloqueosAgenda.id,
        dentistaId: bloqueosAgenda.dentistaId,
        horaInicio: sql<string>`case when ${bloqueosAgenda.inicio} <= ${dayStart} then '00:00' else ${localText(bloqueosAgenda.inicio, zona, 'HH24:MI')} end`,
        horaFin: sql<string>`case when ${bloqueosAgenda.fin} >= ${dayEnd} then '24:00' else ${localText(bloqueosAgenda.fin, zona, 'HH24:MI')} end`,
        tipo: blockColumns.tipo,
        motivo: bloqueosAgenda.motivo,
      })
      .from(bloqueosAgenda)
      .where(
        and(
          eq(bloqueosAgenda.clinicaId, clinic.clinicaId),
          lt(bloqueosAgenda.inicio, dayEnd),
          gt(bloqueosAgenda.fin, dayStart),
        ),
      )
      .orderBy(asc(bloqueosAgenda.inicio), asc(bloqueosAgenda.id)),
  ]);
  const horarios = new Map<string, DaySchedule['horarios'][number]>();
  for (const r of ranges) {
    const entry = horarios.get(r.dentistaId) ?? { dentistaId: r.dentistaId, rangos: [] };
    if (r.today) entry.rangos.push({ horaInicio: r.horaInicio, horaFin: r.horaFin });
    horarios.set(r.dentistaId, entry);
  }
  return { horarios: [...horarios.values()], bloqueos: blocks };
}
