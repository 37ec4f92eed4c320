import {
  APPOINTMENT_MESSAGES,
  APPOINTMENTS_PAGE_SIZE,
  clinicHours,
  MONTH_CELL_LIMIT,
  todayInZone,
  type Appointment,
  type AppointmentPage,
  type AgendaDentist,
  type AppointmentStatus,
  type CalendarAppointment,
  type ClinicHours,
  type MonthDay,
  type SpecialtyId,
} from '@odontia/shared';
import { and, asc, desc, eq, getTableName, gte, lt, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { selectList, tableRef, type RowOf } from '../../db/column-map.ts';
import type { Database, Executor } from '../../db/client.ts';
import { localMidnight, localText } from '../../db/local-day.ts';
import { preparedStatement } from '../../db/prepared.ts';
import {
  bloqueosAgenda,
  citas,
  citasVersion,
  clinicas,
  dentistas,
  horariosDentista,
  pacientes,
  pacientesConteo,
} from '../../db/schema/index.ts';
import { foldedContains } from '../../db/search.ts';
import type { Member } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { toJsonText, type JsonText } from '../../platform/json-text.ts';
import { VersionedCache } from '../../platform/versioned-cache.ts';
import { perInstance } from '../../platform/per-instance.ts';

export const appointmentNotFound = () => notFound(APPOINTMENT_MESSAGES.notFound);

/** The tables of the raw statements below, under the short names their plans show. */
const c = alias(citas, 'c');
const pa = alias(pacientes, 'pa');
const de = alias(dentistas, 'de');
type Citas = typeof citas | typeof c;
type Pacientes = typeof pacientes | typeof pa;

/**
 * The appointments the agenda shows: all but an online booking's hold (`retenida`, issue 24), which has
 * no patient yet and is nobody's appointment until confirmed (the constraint `citas_paciente_salvo_retenida`
 * makes the two the same).
 */
export const onAgenda = (cita: Citas): SQL => sql`${cita.pacienteId} is not null`;
type Dentistas = typeof dentistas | typeof de;

/** The patient and dentist as an appointment shows them. */
export const partyColumns = (paciente: Pacientes, dentista: Dentistas) => ({
  pacienteNombres: paciente.nombres,
  pacienteApellidos: paciente.apellidos,
  pacienteTelefono: paciente.telefono,
  /** The patient's short list of medical alerts (db/alert-labels.ts): the badge of a cell, a card, the page. */
  pacienteAlertas: paciente.alertas,
  dentistaNombres: dentista.nombres,
  dentistaApellidos: dentista.apellidos,
  dentistaEspecialidad: sql<SpecialtyId>`${dentista.especialidad}`,
  dentistaColor: dentista.color,
});

/**
 * An appointment with its patient and dentist, its times in the clinic's zone: the one column list of
 * Drizzle's selects (`citas`, ...) and of the prepared statements (`c`, `pa`, `de`).
 */
const appointmentColumns = (cita: Citas, paciente: Pacientes, dentista: Dentistas, zona: string | SQL) => ({
  id: cita.id,
  // Every appointment read here has its patient (`onAgenda`).
  pacienteId: sql<string>`${cita.pacienteId}`,
  dentistaId: cita.dentistaId,
  fecha: localText(cita.inicio, zona, 'YYYY-MM-DD'),
  horaInicio: localText(cita.inicio, zona, 'HH24:MI'),
  horaFin: localText(cita.fin, zona, 'HH24:MI'),
  titulo: cita.titulo,
  notas: cita.notas,
  estado: sql<AppointmentStatus>`${cita.estado}`,
  ...partyColumns(paciente, dentista),
});
type Row = RowOf<ReturnType<typeof appointmentColumns>>;

const toAppointment = (r: Row): Appointment => ({
  id: r.id,
  pacienteId: r.pacienteId,
  dentistaId: r.dentistaId,
  fecha: r.fecha,
  horaInicio: r.horaInicio,
  horaFin: r.horaFin,
  titulo: r.titulo,
  notas: r.notas,
  estado: r.estado,
  paciente: {
    id: r.pacienteId,
    nombres: r.pacienteNombres,
    apellidos: r.pacienteApellidos,
    telefono: r.pacienteTelefono,
    alertas: r.pacienteAlertas,
  },
  dentista: {
    id: r.dentistaId,
    nombres: r.dentistaNombres,
    apellidos: r.dentistaApellidos,
    especialidad: r.dentistaEspecialidad,
    color: r.dentistaColor,
  },
});

/** What a calendar cell shows: the appointment's columns without the patient's id and phone, the notes or the specialty. */
const calendarColumns = (zona: SQL) => {
  const {
    pacienteId: _pacienteId,
    notas: _notas,
    pacienteTelefono: _telefono,
    dentistaEspecialidad: _especialidad,
    ...shown
  } = appointmentColumns(c, pa, de, zona);
  return shown;
};
type CalendarRow = RowOf<ReturnType<typeof calendarColumns>>;

const toCalendarAppointment = (r: CalendarRow): CalendarAppointment => ({
  id: r.id,
  dentistaId: r.dentistaId,
  fecha: r.fecha,
  horaInicio: r.horaInicio,
  horaFin: r.horaFin,
  titulo: r.titulo,
  estado: r.estado,
  paciente: { nombres: r.pacienteNombres, apellidos: r.pacienteApellidos, alertas: r.pacienteAlertas },
  dentista: { nombres: r.dentistaNombres, apellidos: r.dentistaApellidos, color: r.dentistaColor },
});

const joined = (db: Executor, zona: string) =>
  db
    .select(appointmentColumns(citas, pacientes, dentistas, zona))
    .from(citas)
    .innerJoin(pacientes, eq(pacientes.id, citas.pacienteId))
    .innerJoin(dentistas, eq(dentistas.id, citas.dentistaId));

/** Patient, dentist and treatment, accent- and case-insensitive ('munoz' finds 'Muñoz'). */
const searchCondition = (term: string): SQL =>
  foldedContains(
    sql`${pacientes.nombres} || ' ' || ${pacientes.apellidos} || ' ' || ${dentistas.nombres} || ' ' || ${dentistas.apellidos} || ' ' || ${citas.titulo}`,
    term,
  );

/**
 * The agenda's reads are what reception's screen asks for all day, mostly the same ones again: each
 * is a named prepared statement (planned once per connection, raw rows) that also reads the agenda's
 * version, i.e. the clinic's citas_version (appointments, dentists, their working hours and blocks) and
 * pacientes_conteo (patients and their medical alerts), moved by triggers in the same transaction as any write to them. Given the version its
 * cached result was computed at, the statement skips the work when nothing changed, and the result
 * is reused (VersionedCache; docs/decisions/0012). `orden` is each row's instant, for the order.
 */
export const agenda = {
  clinica: sql`${sql.placeholder('clinicaId')}::uuid`,
  zona: sql`${sql.placeholder('zona')}::text`,
  /** True when the statement must compute (the cached result, if any, is out of date). */
  fresh: sql`v.version is distinct from ${sql.placeholder('cached')}::text`,
};
/**
 * The counters the agenda's version sums, and the tables whose writes move each (triggers of
 * migrations 0024 and 0047, in the writing transaction). A cached read may only read these tables
 * (and the counters): `versionedStatement` refuses any other, and agenda-reads.plan.test.ts checks
 * each statement's plan against the tables it declares (docs/decisions/0015).
 */
const VERSION_COUNTERS: { counter: Table; covers: Table[] }[] = [
  { counter: citasVersion, covers: [citas, dentistas, horariosDentista, bloqueosAgenda] },
  { counter: pacientesConteo, covers: [pacientes] },
];
const versioned = (inner: SQL, order: SQL) => sql`with v as (
    select coalesce((select sum(${citasVersion.version}) from ${citasVersion} where ${citasVersion.clinicaId} = ${agenda.clinica}), 0)::text
      || '.' || coalesce((select ${pacientesConteo.version} from ${pacientesConteo} where ${pacientesConteo.clinicaId} = ${agenda.clinica}), 0)::text as version
  )
  select v.version, x.* from v left join lateral (${inner}) as x on true
  order by ${order}`;

/** A read the agenda cache reuses: its statement, and the tables it reads, declared beside it. */
export type CachedRead = { name: string; query: SQL; reads: readonly Table[]; counters: readonly Table[] };
export const cachedReads: CachedRead[] = [];
export function versionedStatement<R, V extends VersionValues>(
  name: string,
  reads: readonly Table[],
  inner: SQL,
  order: SQL,
) {
  const covered = new Set(VERSION_COUNTERS.flatMap((v) => v.covers));
  const uncovered = reads.filter((table) => !covered.has(table)).map(getTableName);
  if (uncovered.length) throw new Error(`${name}: no version counter covers ${uncovered.join(', ')}`);
  const query = versioned(inner, order);
  cachedReads.push({ name, query, reads, counters: VERSION_COUNTERS.map((v) => v.counter) });
  return preparedStatement<R, V>(name, query);
}
export type VersionValues = { clinicaId: string; zona: string; cached: string | null };
type PageValues = VersionValues & { hoy: string; offset: number };
type CalendarValues = VersionValues & { desde: string; hasta: string; dentistaId: string | null };
/** What every agenda read shows: appointments with their patient (and their alerts' short list) and dentist. */
const AGENDA_TABLES = [citas, pacientes, dentistas];

/** One cache per kind of read (each holds one type of result), 32 million characters in all. */
const agendaCache = perInstance((_db: Database) => ({
  list: new VersionedCache<AppointmentPage>(8_000_000),
  range: new VersionedCache<CalendarAppointment[]>(12_000_000),
  month: new VersionedCache<MonthDay[]>(12_000_000),
}));
export type Versioned<R> = { [K in keyof R]: R[K] | null } & { version: string };
/** The computed rows of a versioned statement (a result with none has one row, of nulls). */
const computedRows = <T>(rows: { id: string | null }[]) => rows.filter((r) => r.id !== null) as unknown as T[];
/** A versioned statement's rows are ordered by the instant and id it also selects. */
const inTimeOrder = sql`x.inicio, x.id`;

/**
 * What 'Agenda de Citas' opens on (and its past): a page and the count of the clinic's appointments
 * from today on (or before today). The count reads the (clinica_id, inicio, id) index alone; a page
 * past the end still answers the total. The page size is written into the statement: as a
 * parameter, the generic plan expected a thousand rows and hashed every patient of the database
 * instead of looking up twenty.
 */
const pageStatement = (past: boolean) => {
  // Behind sub-selects, the day and the offset are as opaque to a custom plan as to the generic one:
  // PostgreSQL then keeps the generic plan instead of planning anew every time (about 0.5 ms).
  const bound = localMidnight(sql`(select ${sql.placeholder('hoy')}::date)`, agenda.zona);
  const range = past ? sql`${c.inicio} < ${bound}` : sql`${c.inicio} >= ${bound}`;
  const order = past ? sql`${c.inicio} desc, ${c.id} desc` : sql`${c.inicio}, ${c.id}`;
  return versionedStatement<Versioned<Row & { total: number }>, PageValues>(
    past ? 'odontia_citas_pasadas' : 'odontia_citas_proximas',
    AGENDA_TABLES,
    sql`select t.total, ${c.inicio}, ${selectList(appointmentColumns(c, pa, de, agenda.zona))}
        from (select count(*)::int as total from ${tableRef(c)} where ${c.clinicaId} = ${agenda.clinica} and ${range} and ${onAgenda(c)}) as t
        left join lateral (
          select * from ${tableRef(c)} where ${c.clinicaId} = ${agenda.clinica} and ${range} and ${onAgenda(c)}
          order by ${order} limit ${sql.raw(String(APPOINTMENTS_PAGE_SIZE))} offset (select ${sql.placeholder('offset')}::int)
        ) as c on true
        left join ${tableRef(pa)} on ${pa.id} = ${c.pacienteId}
        left join ${tableRef(de)} on ${de.id} = ${c.dentistaId}
        where ${agenda.fresh}`,
    past ? sql`x.inicio desc, x.id desc` : inTimeOrder,
  );
};
const pageStatements = { upcoming: pageStatement(false), past: pageStatement(true) };

export type ListOptions = {
  buscar: string;
  pagina: number;
  dentistaId: string | null;
  desde: string | null;
  hasta: string | null;
  pasadas: boolean;
};

/**
 * A page of the clinic's appointments (an AppointmentPage, as JSON): from today on (soonest first) by
 * default, the past ones (newest first) with `pasadas`, or the days `desde`..`hasta`. "Today" is the
 * clinic's day.
 */
export async function listAppointmentsJson(
  db: Database,
  member: Member,
  q: ListOptions,
  now = new Date(),
): Promise<JsonText<AppointmentPage>> {
  const zona = member.zonaHoraria;
  const today = todayInZone(zona, now);
  if (!q.buscar && !q.desde && !q.hasta && !q.dentistaId) {
    const values = { clinicaId: member.clinicaId, zona, hoy: today, offset: (q.pagina - 1) * APPOINTMENTS_PAGE_SIZE };
    return agendaCache(db).list.read(
      `lista|${member.clinicaId}|${zona}|${today}|${q.pasadas}|${q.pagina}`,
      (cached) => (q.pasadas ? pageStatements.past : pageStatements.upcoming)(db, { ...values, cached }),
      (rows): AppointmentPage => ({
        citas: computedRows<Row>(rows).map(toAppointment),
        total: rows[0]!.total ?? 0,
        pagina: q.pagina,
        porPagina: APPOINTMENTS_PAGE_SIZE,
      }),
    );
  }
  const range: SQL[] = [];
  if (q.desde || q.hasta) {
    if (q.desde) range.push(gte(citas.inicio, localMidnight(q.desde, zona)));
    if (q.hasta) range.push(lt(citas.inicio, localMidnight(q.hasta, zona, 1)));
  } else if (q.pasadas) {
    range.push(lt(citas.inicio, localMidnight(today, zona)));
  } else {
    range.push(gte(citas.inicio, localMidnight(today, zona)));
  }
  const where = and(
    eq(citas.clinicaId, member.clinicaId),
    onAgenda(citas),
    ...range,
    q.dentistaId ? eq(citas.dentistaId, q.dentistaId) : undefined,
    q.buscar ? searchCondition(q.buscar) : undefined,
  );
  const newestFirst = q.pasadas && !q.desde && !q.hasta;
  const order = newestFirst ? [desc(citas.inicio), desc(citas.id)] : [asc(citas.inicio), asc(citas.id)];
  const [rows, [{ total }]] = await Promise.all([
    joined(db, zona)
      .where(where)
      .orderBy(...order)
      .limit(APPOINTMENTS_PAGE_SIZE)
      .offset((q.pagina - 1) * APPOINTMENTS_PAGE_SIZE),
    // The joins only matter to a search: every appointment has its patient and dentist (foreign
    // keys), so without one the count reads the (clinica_id, inicio) index alone instead of hashing
    // the clinic's patients.
    q.buscar
      ? db
          .select({ total: sql<number>`count(*)::int` })
          .from(citas)
          .innerJoin(pacientes, eq(pacientes.id, citas.pacienteId))
          .innerJoin(dentistas, eq(dentistas.id, citas.dentistaId))
          .where(where)
      : db
          .select({ total: sql<number>`count(*)::int` })
          .from(citas)
          .where(where),
  ]);
  return toJsonText<AppointmentPage>({
    citas: rows.map(toAppointment),
    total,
    pagina: q.pagina,
    porPagina: APPOINTMENTS_PAGE_SIZE,
  });
}

type CalendarOptions = { desde: string; hasta: string; dentistaId: string | null };

/**
 * The calendar (Mes, Semana, Día): only the columns a cell shows. A day's bounds are the clinic's
 * local midnights, so a day with a DST change is 23 or 25 hours long. The dentist filter is a
 * statement of its own: with it the (dentista_id, inicio) index is the one to read.
 */
const p = {
  desde: sql`${sql.placeholder('desde')}`,
  hasta: sql`${sql.placeholder('hasta')}`,
  dentista: sql.placeholder('dentistaId'),
};
const inDays = (desde: SQL, hastaExclusive: SQL, withDentist: boolean) => sql`${c.clinicaId} = ${agenda.clinica}
  and ${c.inicio} >= ${desde} and ${c.inicio} < ${hastaExclusive} and ${onAgenda(c)}
  ${withDentist ? sql`and ${c.dentistaId} = ${p.dentista}::uuid` : sql``}`;
const calendarSelect = sql`${c.inicio}, ${selectList(calendarColumns(agenda.zona))}`;

const rangeStatement = (withDentist: boolean) =>
  versionedStatement<Versioned<CalendarRow>, CalendarValues>(
    withDentist ? 'odontia_citas_calendario_dentista' : 'odontia_citas_calendario',
    AGENDA_TABLES,
    sql`select ${calendarSelect}
        from ${tableRef(c)} join ${tableRef(pa)} on ${pa.id} = ${c.pacienteId} join ${tableRef(de)} on ${de.id} = ${c.dentistaId}
        where ${inDays(localMidnight(p.desde, agenda.zona), localMidnight(p.hasta, agenda.zona, 1), withDentist)} and ${agenda.fresh}`,
    inTimeOrder,
  );
const rangeStatements = { all: rangeStatement(false), dentist: rangeStatement(true) };

const calendarKey = (kind: string, member: Member, q: CalendarOptions) =>
  `${kind}|${member.clinicaId}|${member.zonaHoraria}|${q.desde}|${q.hasta}|${q.dentistaId ?? ''}`;
const calendarValues = (member: Member, q: CalendarOptions) => ({
  clinicaId: member.clinicaId,
  zona: member.zonaHoraria,
  desde: q.desde,
  hasta: q.hasta,
  dentistaId: q.dentistaId,
});

/** Every appointment (cancelled ones too) starting on the days `desde`..`hasta` of the clinic, in time order (CalendarAppointment[], as JSON). */
export async function calendarAppointmentsJson(
  db: Database,
  member: Member,
  q: CalendarOptions,
): Promise<JsonText<CalendarAppointment[]>> {
  const statement = q.dentistaId ? rangeStatements.dentist : rangeStatements.all;
  return agendaCache(db).range.read(
    calendarKey('rango', member, q),
    (cached) => statement(db, { ...calendarValues(member, q), cached }),
    (rows): CalendarAppointment[] => computedRows<CalendarRow>(rows).map(toCalendarAppointment),
  );
}

/**
 * The month grid's reading: per day with appointments, how many and the first MONTH_CELL_LIMIT (what a
 * cell shows before '+N más'). Day by day: a count over the index and the first ones by it, so only
 * the shown appointments are joined and sent, not the month's thousand or more of a busy clinic.
 */
/**
 * The row of `key`'s table whose `key` is `value`, as `alias`: a lookup by its index for each row that
 * reaches it. A plain join lets the planner hash the whole table first: the month's days are a
 * generate_series it guesses at 1,000, so it expected 2,000 appointments and read all of a clinic's
 * 20,000 patients (15 of 19 ms) to name the month's 70 (the LIMIT keeps the lookup from being flattened).
 */
const byKey = (alias: Table, key: Column, value: Column) =>
  sql`(select * from ${key.table} where ${key} = ${value} limit 1) as ${sql.identifier(getTableName(alias))}`;

const monthStatement = (withDentist: boolean) => {
  const day = inDays(sql`r.desde`, sql`r.hasta`, withDentist);
  return versionedStatement<Versioned<CalendarRow & { total: number }>, CalendarValues>(
    withDentist ? 'odontia_citas_mes_dentista' : 'odontia_citas_mes',
    AGENDA_TABLES,
    sql`select n.total, ${calendarSelect}
        from generate_series(${p.desde}::date, ${p.hasta}::date, interval '1 day') as g(dia)
        cross join lateral (select ${localMidnight(sql`g.dia`, agenda.zona)} as desde, ${localMidnight(sql`g.dia`, agenda.zona, 1)} as hasta) as r
        cross join lateral (select count(*)::int as total from ${tableRef(c)} where ${day}) as n
        cross join lateral (select * from ${tableRef(c)} where ${day} order by ${c.inicio}, ${c.id} limit ${sql.raw(String(MONTH_CELL_LIMIT))}) as c
        cross join lateral ${byKey(pa, pacientes.id, c.pacienteId)}
        cross join lateral ${byKey(de, dentistas.id, c.dentistaId)}
        where ${agenda.fresh}`,
    inTimeOrder,
  );
};
const monthStatements = { all: monthStatement(false), dentist: monthStatement(true) };

/** The month grid (MonthDay[], as JSON). */
export async function monthAppointmentsJson(
  db: Database,
  member: Member,
  q: CalendarOptions,
): Promise<JsonText<MonthDay[]>> {
  const statement = q.dentistaId ? monthStatements.dentist : monthStatements.all;
  return agendaCache(db).month.read(
    calendarKey('mes', member, q),
    (cached) => statement(db, { ...calendarValues(member, q), cached }),
    (rows): MonthDay[] => {
      const days = new Map<string, MonthDay>();
      for (const row of computedRows<CalendarRow & { total: number }>(rows)) {
        let entry = days.get(row.fecha);
        if (!entry) days.set(row.fecha, (entry = { fecha: row.fecha, total: row.total, citas: [] }));
        entry.citas.push(toCalendarAppointment(row));
      }
      return [...days.values()];
    },
  );
}

/** The clinic's opening span, from its public horario (or the default hours). */
export async function agendaHours(db: Database, member: Member): Promise<ClinicHours> {
  const [row] = await db.select({ horario: clinicas.horario }).from(clinicas).where(eq(clinicas.id, member.clinicaId));
  return clinicHours(row?.horario ?? []);
}

/**
 * The dentists a booking may choose (the active ones) by name: the agenda's own read, so that whoever
 * may see the agenda can book and filter it without `dentistas.ver`, which opens the dentists' screen.
 */
export async function agendaDentists(db: Executor, member: Member): Promise<AgendaDentist[]> {
  return db
    .select({
      id: dentistas.id,
      nombres: dentistas.nombres,
      apellidos: dentistas.apellidos,
      especialidad: sql<SpecialtyId>`${dentistas.especialidad}`,
      color: dentistas.color,
    })
    .from(dentistas)
    .where(and(eq(dentistas.clinicaId, member.clinicaId), eq(dentistas.activo, true)))
    .orderBy(asc(dentistas.nombres), asc(dentistas.apellidos), asc(dentistas.id));
}

export async function getAppointment(db: Executor, member: Member, id: string): Promise<Appointment | undefined> {
  const [row] = await joined(db, member.zonaHoraria).where(
    and(eq(citas.clinicaId, member.clinicaId), eq(citas.id, id), onAgenda(citas)),
  );
  return row && toAppointment(row);
}
