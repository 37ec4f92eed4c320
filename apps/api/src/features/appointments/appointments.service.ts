import {
  APPOINTMENT_MESSAGES,
  APPOINTMENTS_PAGE_SIZE,
  clinicHours,
  MONTH_CELL_LIMIT,
  formatDate,
  localTimeExists,
  todayInZone,
  type Appointment,
  type AppointmentData,
  type AppointmentPage,
  type AppointmentRequestDraft,
  type AppointmentStatus,
  type CalendarAppointment,
  type ClinicHours,
  type MonthDay,
  type SpecialtyId,
  type UpdateAppointmentData,
} from '@odontia/shared';
import { and, asc, desc, eq, gte, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { foldedContains } from '../../db/search.ts';
import type { Database, Executor } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { JsonText } from '../../platform/http.ts';
import { VersionedCache } from '../../platform/versioned-cache.ts';
import { citas, clinicas, dentistas, pacientes, solicitudesCita } from '../../db/schema/index.ts';
import { PG_ERROR, sqlState } from '../../platform/db-errors.ts';
import type { Member } from '../../platform/context.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import { notify } from '../../platform/notifications.ts';

export const appointmentNotFound = () => notFound(APPOINTMENT_MESSAGES.notFound);

/** The instant of a local day and time in the clinic's zone: PostgreSQL applies the zone's DST rules. */
const instant = (fecha: string, hora: string, zona: string): SQL =>
  sql`((${fecha}::date + ${hora}::time) AT TIME ZONE ${zona})`;
/** The start of a local day, as an instant. */
const dayStart = (fecha: string, zona: string): SQL => sql`((${fecha}::date)::timestamp AT TIME ZONE ${zona})`;
/** The end of a local day: the next local midnight (23 or 25 hours later on a DST change). */
const dayEnd = (fecha: string, zona: string): SQL => sql`((${fecha}::date + 1)::timestamp AT TIME ZONE ${zona})`;
const localText = (column: typeof citas.inicio | typeof citas.fin, zona: string, pattern: string) =>
  sql<string>`to_char(${column} AT TIME ZONE ${zona}, ${sql.raw(`'${pattern}'`)})`;

/** The patient and dentist as an appointment shows them. */
const partyColumns = {
  pacienteNombres: pacientes.nombres,
  pacienteApellidos: pacientes.apellidos,
  pacienteTelefono: pacientes.telefono,
  dentistaNombres: dentistas.nombres,
  dentistaApellidos: dentistas.apellidos,
  dentistaEspecialidad: sql<SpecialtyId>`${dentistas.especialidad}`,
  dentistaColor: dentistas.color,
};

const columns = (zona: string) => ({
  id: citas.id,
  pacienteId: citas.pacienteId,
  dentistaId: citas.dentistaId,
  fecha: localText(citas.inicio, zona, 'YYYY-MM-DD'),
  horaInicio: localText(citas.inicio, zona, 'HH24:MI'),
  horaFin: localText(citas.fin, zona, 'HH24:MI'),
  titulo: citas.titulo,
  notas: citas.notas,
  estado: sql<AppointmentStatus>`${citas.estado}`,
  ...partyColumns,
});

type Row = {
  id: string;
  pacienteId: string;
  dentistaId: string;
  fecha: string;
  horaInicio: string;
  horaFin: string;
  titulo: string;
  notas: string | null;
  estado: AppointmentStatus;
  pacienteNombres: string;
  pacienteApellidos: string;
  pacienteTelefono: string | null;
  dentistaNombres: string;
  dentistaApellidos: string;
  dentistaEspecialidad: SpecialtyId;
  dentistaColor: string;
};

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
  },
  dentista: {
    id: r.dentistaId,
    nombres: r.dentistaNombres,
    apellidos: r.dentistaApellidos,
    especialidad: r.dentistaEspecialidad,
    color: r.dentistaColor,
  },
});

const joined = (db: Executor, zona: string) =>
  db
    .select(columns(zona))
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
 * version, i.e. the clinic's citas_version (appointments and dentists) and pacientes_conteo
 * (patients), moved by triggers in the same transaction as any write to them. Given the version its
 * cached result was computed at, the statement skips the work when nothing changed, and the result
 * is reused (VersionedCache; docs/decisions/0012). `orden` is each row's instant, for the order.
 */
const agenda = {
  clinica: sql.placeholder('clinicaId'),
  zona: sql`${sql.placeholder('zona')}::text`,
  /** True when the statement must compute (the cached result, if any, is out of date). */
  fresh: sql`v.version is distinct from ${sql.placeholder('cached')}::text`,
};
const versioned = (inner: SQL, order: SQL) => sql`with v as (
    select coalesce((select sum(version) from citas_version where clinica_id = ${agenda.clinica}::uuid), 0)::text
      || '.' || coalesce((select version from pacientes_conteo where clinica_id = ${agenda.clinica}::uuid), 0)::text as version
  )
  select v.version, x.* from v left join lateral (${inner}) as x on true
  order by ${order}`;
const agendaCaches = new WeakMap<Database, VersionedCache>();
const agendaCache = (db: Database) => {
  let cache = agendaCaches.get(db);
  if (!cache) agendaCaches.set(db, (cache = new VersionedCache(32_000_000)));
  return cache;
};
type Versioned<R> = { [K in keyof R]: R[K] | null } & { version: string };

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
  const bound = sql`(((select ${sql.placeholder('hoy')}::date))::timestamp AT TIME ZONE ${agenda.zona})`;
  const range = past ? sql`c.inicio < ${bound}` : sql`c.inicio >= ${bound}`;
  const order = (alias: string) =>
    sql.raw(past ? `${alias}.inicio desc, ${alias}.id desc` : `${alias}.inicio, ${alias}.id`);
  return preparedStatement<Versioned<Row & { total: number }>>(
    past ? 'odontia_citas_pasadas' : 'odontia_citas_proximas',
    versioned(
      sql`select t.total, c.inicio, c.id, c.paciente_id as "pacienteId", c.dentista_id as "dentistaId",
          to_char(c.inicio AT TIME ZONE ${agenda.zona}, 'YYYY-MM-DD') as fecha,
          to_char(c.inicio AT TIME ZONE ${agenda.zona}, 'HH24:MI') as "horaInicio",
          to_char(c.fin AT TIME ZONE ${agenda.zona}, 'HH24:MI') as "horaFin",
          c.titulo, c.notas, c.estado::text as estado,
          pa.nombres as "pacienteNombres", pa.apellidos as "pacienteApellidos", pa.telefono as "pacienteTelefono",
          de.nombres as "dentistaNombres", de.apellidos as "dentistaApellidos", de.especialidad::text as "dentistaEspecialidad", de.color as "dentistaColor"
        from (select count(*)::int as total from citas c where c.clinica_id = ${agenda.clinica}::uuid and ${range}) as t
        left join lateral (
          select * from citas c where c.clinica_id = ${agenda.clinica}::uuid and ${range}
          order by ${order('c')} limit ${sql.raw(String(APPOINTMENTS_PAGE_SIZE))} offset (select ${sql.placeholder('offset')}::int)
        ) as c on true
        left join pacientes pa on pa.id = c.paciente_id
        left join dentistas de on de.id = c.dentista_id
        where ${agenda.fresh}`,
      order('x'),
    ),
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
    return agendaCache(db).read(
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
    if (q.desde) range.push(gte(citas.inicio, dayStart(q.desde, zona)));
    if (q.hasta) range.push(lt(citas.inicio, dayEnd(q.hasta, zona)));
  } else if (q.pasadas) {
    range.push(lt(citas.inicio, dayStart(today, zona)));
  } else {
    range.push(gte(citas.inicio, dayStart(today, zona)));
  }
  const where = and(
    eq(citas.clinicaId, member.clinicaId),
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
  return JSON.stringify({
    citas: rows.map(toAppointment),
    total,
    pagina: q.pagina,
    porPagina: APPOINTMENTS_PAGE_SIZE,
  } satisfies AppointmentPage) as JsonText<AppointmentPage>;
}

type CalendarOptions = { desde: string; hasta: string; dentistaId: string | null };

/**
 * The calendar (Mes, Semana, Día): only the columns a cell shows. A day's bounds are the clinic's
 * local midnights (`(día + 1)::timestamp AT TIME ZONE zona`), so a day with a DST change is 23 or 25
 * hours long. The dentist filter is a statement of its own: with it the (dentista_id, inicio) index
 * is the one to read.
 */
const p = { desde: sql.placeholder('desde'), hasta: sql.placeholder('hasta'), dentista: sql.placeholder('dentistaId') };
const localMidnight = (day: SQL) => sql`((${day})::timestamp AT TIME ZONE ${agenda.zona})`;
const inDays = (desde: SQL, hastaExclusive: SQL, withDentist: boolean) => sql`c.clinica_id = ${agenda.clinica}::uuid
  and c.inicio >= ${desde} and c.inicio < ${hastaExclusive}
  ${withDentist ? sql`and c.dentista_id = ${p.dentista}::uuid` : sql``}`;
const calendarColumns = sql`c.inicio, c.id, c.dentista_id as "dentistaId",
  to_char(c.inicio AT TIME ZONE ${agenda.zona}, 'YYYY-MM-DD') as fecha,
  to_char(c.inicio AT TIME ZONE ${agenda.zona}, 'HH24:MI') as "horaInicio",
  to_char(c.fin AT TIME ZONE ${agenda.zona}, 'HH24:MI') as "horaFin",
  c.titulo, c.estado::text as estado,
  pa.nombres as "pacienteNombres", pa.apellidos as "pacienteApellidos",
  de.nombres as "dentistaNombres", de.apellidos as "dentistaApellidos", de.color as "dentistaColor"`;

type CalendarRow = Omit<CalendarAppointment, 'paciente' | 'dentista'> & {
  pacienteNombres: string;
  pacienteApellidos: string;
  dentistaNombres: string;
  dentistaApellidos: string;
  dentistaColor: string;
};
const toCalendarAppointment = (r: CalendarRow): CalendarAppointment => ({
  id: r.id,
  dentistaId: r.dentistaId,
  fecha: r.fecha,
  horaInicio: r.horaInicio,
  horaFin: r.horaFin,
  titulo: r.titulo,
  estado: r.estado,
  paciente: { nombres: r.pacienteNombres, apellidos: r.pacienteApellidos },
  dentista: { nombres: r.dentistaNombres, apellidos: r.dentistaApellidos, color: r.dentistaColor },
});
/** The computed rows of a versioned statement (a result with none has one row, of nulls). */
const computedRows = <T>(rows: { id: string | null }[]) => rows.filter((r) => r.id !== null) as unknown as T[];

const rangeStatement = (withDentist: boolean) =>
  preparedStatement<Versioned<CalendarRow>>(
    withDentist ? 'odontia_citas_calendario_dentista' : 'odontia_citas_calendario',
    versioned(
      sql`select ${calendarColumns}
        from citas c join pacientes pa on pa.id = c.paciente_id join dentistas de on de.id = c.dentista_id
        where ${inDays(localMidnight(sql`${p.desde}::date`), localMidnight(sql`${p.hasta}::date + 1`), withDentist)} and ${agenda.fresh}`,
      sql`x.inicio, x.id`,
    ),
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
  return agendaCache(db).read(
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
const monthStatement = (withDentist: boolean) => {
  const day = (alias: string) => inDays(sql.raw(`${alias}.desde`), sql.raw(`${alias}.hasta`), withDentist);
  return preparedStatement<Versioned<CalendarRow & { total: number }>>(
    withDentist ? 'odontia_citas_mes_dentista' : 'odontia_citas_mes',
    versioned(
      sql`select n.total, ${calendarColumns}
        from generate_series(${p.desde}::date, ${p.hasta}::date, interval '1 day') as g(dia)
        cross join lateral (select ${localMidnight(sql`g.dia::date`)} as desde, ${localMidnight(sql`g.dia::date + 1`)} as hasta) as r
        cross join lateral (select count(*)::int as total from citas c where ${day('r')}) as n
        cross join lateral (select * from citas c where ${day('r')} order by c.inicio, c.id limit ${sql.raw(String(MONTH_CELL_LIMIT))}) as c
        join pacientes pa on pa.id = c.paciente_id
        join dentistas de on de.id = c.dentista_id
        where ${agenda.fresh}`,
      sql`x.inicio, x.id`,
    ),
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
  return agendaCache(db).read(
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

export async function getAppointment(db: Executor, member: Member, id: string): Promise<Appointment | undefined> {
  const [row] = await joined(db, member.zonaHoraria).where(
    and(eq(citas.clinicaId, member.clinicaId), eq(citas.id, id)),
  );
  return row && toAppointment(row);
}

// ---------------------------------------------------------------- writes

/**
 * The 409 of a double booking, naming the appointment in the way. Looked up after the refused write
 * rolled back; if that one was cancelled or moved meanwhile, the message is the general one.
 */
async function overlapError(
  db: Database,
  member: Member,
  data: AppointmentData | UpdateAppointmentData,
  exceptId?: string,
) {
  const zona = member.zonaHoraria;
  const [other] = await db
    .select({
      fecha: localText(citas.inicio, zona, 'YYYY-MM-DD'),
      horaInicio: localText(citas.inicio, zona, 'HH24:MI'),
      horaFin: localText(citas.fin, zona, 'HH24:MI'),
    })
    .from(citas)
    .where(
      and(
        eq(citas.dentistaId, data.dentistaId),
        ne(citas.estado, 'cancelada'),
        sql`tstzrange(${citas.inicio}, ${citas.fin}) && tstzrange(${instant(data.fecha, data.horaInicio, zona)}, ${instant(data.fecha, data.horaFin, zona)})`,
        exceptId ? ne(citas.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  const message = other
    ? APPOINTMENT_MESSAGES.overlapWith(other.horaInicio, other.horaFin)
    : APPOINTMENT_MESSAGES.overlap;
  return new AppError(409, 'conflict', message, { horaInicio: message });
}

type Party = {
  paciente: string;
  dentistaUsuarioId: string | null;
  /** As an appointment shows them (the created one is answered without reading it back). */
  pacienteRow: Appointment['paciente'];
  dentistaRow: Appointment['dentista'];
};

/**
 * The patient and dentist of a body, both of the caller's clinic; a foreign or unknown id is refused.
 * One query (both looked up beside a one-row table), as it runs on every booking. New bookings need an
 * active dentist and a patient that is not archived (deleted with a clinical record); `kept` are the
 * parties an existing appointment already has, which may still be edited or cancelled.
 */
async function parties(
  tx: Executor,
  member: Member,
  data: { pacienteId: string; dentistaId: string },
  kept: { pacienteId: string; dentistaId: string } | null,
): Promise<Party> {
  const archivedAllowed = kept?.pacienteId === data.pacienteId;
  const [row] = await tx
    .select({
      ...partyColumns,
      dentistaActivo: dentistas.activo,
      dentistaUsuarioId: dentistas.usuarioId,
    })
    .from(sql`(select 1) as uno`)
    .leftJoin(
      pacientes,
      and(
        eq(pacientes.id, data.pacienteId),
        eq(pacientes.clinicaId, member.clinicaId),
        archivedAllowed ? undefined : isNull(pacientes.fechaArchivado),
      ),
    )
    .leftJoin(dentistas, and(eq(dentistas.id, data.dentistaId), eq(dentistas.clinicaId, member.clinicaId)));
  return checkParty(row, data, kept);
}

type PartyRow = {
  pacienteNombres: string | null;
  pacienteApellidos: string | null;
  pacienteTelefono: string | null;
  dentistaNombres: string | null;
  dentistaApellidos: string | null;
  dentistaEspecialidad: SpecialtyId;
  dentistaColor: string | null;
  dentistaActivo: boolean | null;
  dentistaUsuarioId: string | null;
};

/** Refuses a missing, foreign or (for new bookings) inactive party with the field's 422. */
function checkParty(
  row: PartyRow | undefined,
  data: { pacienteId: string; dentistaId: string },
  kept: { pacienteId: string; dentistaId: string } | null,
): Party {
  if (!row || row.pacienteNombres === null) throw unprocessable(APPOINTMENT_MESSAGES.pacienteNotFound, 'pacienteId');
  if (row.dentistaNombres === null) throw unprocessable(APPOINTMENT_MESSAGES.dentistaNotFound, 'dentistaId');
  // Only active dentists get new appointments; one already booked with a dentist since deactivated may still be edited.
  if (!row.dentistaActivo && kept?.dentistaId !== data.dentistaId)
    throw unprocessable(APPOINTMENT_MESSAGES.dentistaInactive, 'dentistaId');
  return {
    paciente: `${row.pacienteNombres} ${row.pacienteApellidos}`,
    dentistaUsuarioId: row.dentistaUsuarioId,
    pacienteRow: {
      id: data.pacienteId,
      nombres: row.pacienteNombres,
      apellidos: row.pacienteApellidos!,
      telefono: row.pacienteTelefono,
    },
    dentistaRow: {
      id: data.dentistaId,
      nombres: row.dentistaNombres,
      apellidos: row.dentistaApellidos!,
      especialidad: row.dentistaEspecialidad,
      color: row.dentistaColor!,
    },
  };
}

const when = (fecha: string, hora: string) => `${formatDate(fecha)} a las ${hora}`;

/** Tells the dentist's linked member, unless they made the change themselves. */
async function tellDentist(
  tx: Executor,
  member: Member,
  usuarioId: string | null,
  titulo: string,
  mensaje: string,
  enlace: string | null,
) {
  if (!usuarioId || usuarioId === member.userId) return;
  await notify(tx, {
    clinicaId: member.clinicaId,
    userIds: [usuarioId],
    titulo,
    mensaje,
    prioridad: 'media',
    enlace,
    tipo: 'cita',
  });
}

/**
 * A patient's ultima_visita and proxima_visita follow their appointments, in the clinic's days: the
 * last completada one that has started, and the next pendiente or confirmada one from now. A date
 * typed by hand stays while the appointments say nothing: a last visit until one is completed, a
 * next visit while none is booked, unless it was an appointment's day (`formerDays`: the days of the
 * appointments just moved, cancelled or deleted) that is no longer booked.
 */
async function refreshVisits(tx: Executor, member: Member, pacienteIds: string[], formerDays: string[] = []) {
  const zona = member.zonaHoraria;
  const wasAppointmentDay = formerDays.length
    ? sql`${pacientes.proximaVisita} in (${sql.join(
        formerDays.map((d) => sql`${d}::date`),
        sql`, `,
      )})`
    : sql`false`;
  for (const pacienteId of new Set(pacienteIds)) {
    await tx
      .update(pacientes)
      .set({
        ultimaVisita: sql`coalesce((
          select max((c.inicio AT TIME ZONE ${zona})::date) from citas c
          where c.paciente_id = ${pacienteId} and c.estado = 'completada' and c.inicio <= now()
        ), ${pacientes.ultimaVisita})`,
        proximaVisita: sql`coalesce((
          select min((c.inicio AT TIME ZONE ${zona})::date) from citas c
          where c.paciente_id = ${pacienteId} and c.estado in ('pendiente', 'confirmada') and c.inicio >= now()
        ), case when ${wasAppointmentDay} or exists (
          select 1 from citas c where c.paciente_id = ${pacienteId} and (c.inicio AT TIME ZONE ${zona})::date = ${pacientes.proximaVisita}
        ) then null else ${pacientes.proximaVisita} end)`,
      })
      .where(and(eq(pacientes.id, pacienteId), eq(pacientes.clinicaId, member.clinicaId)));
  }
}

/**
 * Times are the clinic's wall clock. One the clocks skip (Europe/Madrid, 2026-03-29 02:00-02:59)
 * is refused with a 422 naming it, rather than silently moved an hour on as PostgreSQL would. One
 * that happens twice (the autumn change) is the second, standard-time, occurrence (PostgreSQL's rule).
 */
function checkLocalTimes(member: Member, data: { fecha: string; horaInicio: string; horaFin: string }) {
  for (const field of ['horaInicio', 'horaFin'] as const) {
    if (!localTimeExists(data.fecha, data[field], member.zonaHoraria)) {
      throw unprocessable(APPOINTMENT_MESSAGES.horaInexistente(data[field], formatDate(data.fecha)), field);
    }
  }
}

/** Runs a write, turning the exclusion constraint's refusal (23P01) into the double-booking 409. */
async function guardOverlap<T>(
  db: Database,
  member: Member,
  data: AppointmentData | UpdateAppointmentData,
  exceptId: string | undefined,
  write: () => Promise<T>,
) {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === PG_ERROR.exclusionViolation) throw await overlapError(db, member, data, exceptId);
    throw error;
  }
}

// ---------------------------------------------------------------- public-profile requests

type RequestRow = AppointmentRequestDraft['solicitud'];
type RequestPatient = NonNullable<AppointmentRequestDraft['paciente']>;

async function findRequest(tx: Executor, member: Member, id: string): Promise<RequestRow | undefined> {
  const [row] = await tx
    .select({
      id: solicitudesCita.id,
      nombre: solicitudesCita.nombre,
      email: solicitudesCita.email,
      telefono: solicitudesCita.telefono,
      mensaje: solicitudesCita.mensaje,
      fechaPreferida: solicitudesCita.fechaPreferida,
      estado: solicitudesCita.estado,
    })
    .from(solicitudesCita)
    .where(and(eq(solicitudesCita.id, id), eq(solicitudesCita.clinicaId, member.clinicaId)));
  return row;
}

/** The last 9 digits of a phone: '+34 600 111 222' and '600111222' are one number. */
const phoneKey = (phone: string | null) => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 9 ? digits.slice(-9) : null;
};

/** The clinic's patient a request comes from: the same email (any case) first, else the same phone. */
async function requestPatient(
  tx: Executor,
  member: Member,
  solicitud: RequestRow,
): Promise<RequestPatient | undefined> {
  const sameEmail = sql`lower(${pacientes.email}) = lower(${solicitud.email})`;
  const phone = phoneKey(solicitud.telefono);
  const [row] = await tx
    .select({
      id: pacientes.id,
      nombres: pacientes.nombres,
      apellidos: pacientes.apellidos,
      telefono: pacientes.telefono,
    })
    .from(pacientes)
    .where(
      and(
        eq(pacientes.clinicaId, member.clinicaId),
        isNull(pacientes.fechaArchivado),
        or(
          sameEmail,
          phone
            ? sql`right(regexp_replace(coalesce(${pacientes.telefono}, ''), '[^0-9]', '', 'g'), 9) = ${phone}`
            : undefined,
        ),
      ),
    )
    .orderBy(
      sql`${sameEmail} desc`,
      sql`${pacientes.estado} = 'activo' desc`,
      asc(pacientes.fechaCreacion),
      asc(pacientes.id),
    )
    .limit(1);
  return row;
}

/** The request and its matching patient, for the form that turns it into an appointment. */
export async function appointmentRequestDraft(
  db: Database,
  member: Member,
  id: string,
): Promise<AppointmentRequestDraft | undefined> {
  const solicitud = await findRequest(db, member, id);
  if (!solicitud) return undefined;
  return { solicitud, paciente: (await requestPatient(db, member, solicitud)) ?? null };
}

/**
 * The patient of an appointment made from a request without one chosen: the matching patient, or a
 * new one from the request's data (first word as nombres, the rest as apellidos), which needs
 * `pacientes.crear` and is written to the audit trail as any registration.
 */
async function patientFromRequest(
  tx: Executor,
  member: Member,
  direccion: string,
  solicitud: RequestRow,
): Promise<string> {
  const found = await requestPatient(tx, member, solicitud);
  if (found) return found.id;
  if (!member.permisos.has('pacientes.crear'))
    throw new AppError(403, 'forbidden', APPOINTMENT_MESSAGES.pacienteCreateForbidden, {
      pacienteId: APPOINTMENT_MESSAGES.pacienteCreateForbidden,
    });
  const [nombres, ...apellidos] = solicitud.nombre.trim().split(/\s+/);
  const [row] = await tx
    .insert(pacientes)
    .values({
      clinicaId: member.clinicaId,
      nombres: nombres ?? solicitud.nombre,
      apellidos: apellidos.join(' '),
      email: solicitud.email,
      telefono: solicitud.telefono,
      estado: 'activo',
    })
    .returning({ id: pacientes.id });
  const actor: AuditActor = { clinicaId: member.clinicaId, userId: member.userId, direccion };
  await recordAudit(tx, actor, { accion: 'paciente.crear', pacienteId: row.id });
  return row.id;
}

/**
 * The booking reception makes all day, in one statement (one round trip, its own transaction): the
 * parties looked up as `parties` does, the appointment inserted only if both are valid and nobody
 * else is to be told (the dentist linked to no member, or to the caller), and the patient's visits
 * refreshed as `refreshVisits` does, counting the new appointment, which the statement's snapshot
 * cannot see. It answers the parties and the new id (null when nothing was inserted).
 */
const q = (name: string) => sql.placeholder(name);
const createStatement = preparedStatement<PartyRow & { id: string | null }>(
  'odontia_citas_crear',
  sql`with party as (
      select pa.nombres as "pacienteNombres", pa.apellidos as "pacienteApellidos", pa.telefono as "pacienteTelefono",
        de.nombres as "dentistaNombres", de.apellidos as "dentistaApellidos", de.especialidad::text as "dentistaEspecialidad",
        de.color as "dentistaColor", de.activo as "dentistaActivo", de.usuario_id as "dentistaUsuarioId"
      from (select 1) as uno
      left join pacientes pa on pa.id = ${q('pacienteId')}::uuid and pa.clinica_id = ${q('clinicaId')}::uuid and pa.fecha_archivado is null
      left join dentistas de on de.id = ${q('dentistaId')}::uuid and de.clinica_id = ${q('clinicaId')}::uuid
    ), nueva as (
      insert into citas (clinica_id, paciente_id, dentista_id, inicio, fin, titulo, notas, estado)
      select ${q('clinicaId')}::uuid, ${q('pacienteId')}::uuid, ${q('dentistaId')}::uuid,
        (${q('fecha')}::date + ${q('horaInicio')}::time) AT TIME ZONE ${q('zona')}::text,
        (${q('fecha')}::date + ${q('horaFin')}::time) AT TIME ZONE ${q('zona')}::text,
        ${q('titulo')}::text, ${q('notas')}::text, 'pendiente'
      from party
      where party."pacienteNombres" is not null and party."dentistaActivo"
        and (party."dentistaUsuarioId" is null or party."dentistaUsuarioId" = ${q('userId')}::text)
      returning id, inicio, (inicio AT TIME ZONE ${q('zona')}::text)::date as dia
    ), visitas as (
      update pacientes p set
        ultima_visita = coalesce((
          select max((c.inicio AT TIME ZONE ${q('zona')}::text)::date) from citas c
          where c.paciente_id = p.id and c.estado = 'completada' and c.inicio <= now()
        ), p.ultima_visita),
        proxima_visita = coalesce((
          select min(x.dia) from (
            select (c.inicio AT TIME ZONE ${q('zona')}::text)::date as dia from citas c
            where c.paciente_id = p.id and c.estado in ('pendiente', 'confirmada') and c.inicio >= now()
            union all select nueva.dia where nueva.inicio >= now()
          ) as x
        ), case when nueva.dia = p.proxima_visita or exists (
          select 1 from citas c where c.paciente_id = p.id and (c.inicio AT TIME ZONE ${q('zona')}::text)::date = p.proxima_visita
        ) then null else p.proxima_visita end)
      from nueva
      where p.id = ${q('pacienteId')}::uuid and p.clinica_id = ${q('clinicaId')}::uuid
    )
    select party.*, (select id from nueva) as id from party`,
);

/**
 * Creates a pendiente appointment. With `solicitudId`, that request becomes atendida in the same
 * transaction, and without a `pacienteId` the request's patient is found or created there too
 * (`direccion`: the caller's address, for that registration's audit row).
 */
export async function createAppointment(
  db: Database,
  member: Member,
  direccion: string,
  data: AppointmentData,
): Promise<Appointment> {
  const zona = member.zonaHoraria;
  checkLocalTimes(member, data);
  if (!data.solicitudId && data.pacienteId) {
    const values = { ...data, notas: data.notas ?? null, clinicaId: member.clinicaId, userId: member.userId, zona };
    const [row] = await guardOverlap(db, member, data, undefined, () => createStatement(db, values));
    const party = checkParty(row, { pacienteId: data.pacienteId, dentistaId: data.dentistaId }, null);
    if (row!.id !== null) return createdAppointment(row!.id, data.pacienteId, data, party);
    // Not inserted although both parties are valid: the dentist's member is to be told (below).
  }
  return guardOverlap(db, member, data, undefined, () =>
    db.transaction(async (tx) => {
      let pacienteId = data.pacienteId;
      if (data.solicitudId) {
        const solicitud = await findRequest(tx, member, data.solicitudId);
        if (!solicitud) throw unprocessable(APPOINTMENT_MESSAGES.solicitudNotFound, 'solicitudId');
        pacienteId ??= await patientFromRequest(tx, member, direccion, solicitud);
        await tx
          .update(solicitudesCita)
          .set({ estado: 'atendida', fechaActualizacion: new Date() })
          .where(eq(solicitudesCita.id, solicitud.id));
      }
      if (!pacienteId) throw unprocessable(APPOINTMENT_MESSAGES.pacienteRequired, 'pacienteId');
      const party = await parties(tx, member, { pacienteId, dentistaId: data.dentistaId }, null);
      const [row] = await tx
        .insert(citas)
        .values({
          clinicaId: member.clinicaId,
          pacienteId,
          dentistaId: data.dentistaId,
          inicio: instant(data.fecha, data.horaInicio, zona),
          fin: instant(data.fecha, data.horaFin, zona),
          titulo: data.titulo,
          notas: data.notas,
          estado: 'pendiente',
          solicitudId: data.solicitudId,
        })
        .returning({ id: citas.id });
      await refreshVisits(tx, member, [pacienteId]);
      await tellDentist(
        tx,
        member,
        party.dentistaUsuarioId,
        'Nueva cita',
        `${party.paciente}: ${data.titulo}, el ${when(data.fecha, data.horaInicio)}`,
        `/citas/${row.id}`,
      );
      return createdAppointment(row.id, pacienteId, data, party);
    }),
  );
}

/**
 * What was stored, answered as read (the times are the wall clock asked for: checkLocalTimes
 * refused any the clocks skip), without reading it back.
 */
const createdAppointment = (id: string, pacienteId: string, data: AppointmentData, party: Party): Appointment => ({
  id,
  pacienteId,
  dentistaId: data.dentistaId,
  fecha: data.fecha,
  horaInicio: data.horaInicio,
  horaFin: data.horaFin,
  titulo: data.titulo,
  notas: data.notas ?? null,
  estado: 'pendiente',
  paciente: party.pacienteRow,
  dentista: party.dentistaRow,
});

export async function updateAppointment(
  db: Database,
  member: Member,
  id: string,
  data: UpdateAppointmentData,
): Promise<Appointment> {
  const zona = member.zonaHoraria;
  checkLocalTimes(member, data);
  await guardOverlap(db, member, data, id, () =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select({
          dentistaId: citas.dentistaId,
          pacienteId: citas.pacienteId,
          fecha: localText(citas.inicio, zona, 'YYYY-MM-DD'),
          horaInicio: localText(citas.inicio, zona, 'HH24:MI'),
          horaFin: localText(citas.fin, zona, 'HH24:MI'),
          estado: citas.estado,
          usuarioId: dentistas.usuarioId,
        })
        .from(citas)
        .innerJoin(dentistas, eq(dentistas.id, citas.dentistaId))
        .where(and(eq(citas.clinicaId, member.clinicaId), eq(citas.id, id)))
        .for('update', { of: citas });
      if (!before) throw appointmentNotFound();
      const party = await parties(tx, member, data, before);
      await tx
        .update(citas)
        .set({
          pacienteId: data.pacienteId,
          dentistaId: data.dentistaId,
          inicio: instant(data.fecha, data.horaInicio, zona),
          fin: instant(data.fecha, data.horaFin, zona),
          titulo: data.titulo,
          notas: data.notas,
          estado: data.estado,
          fechaActualizacion: new Date(),
        })
        .where(eq(citas.id, id));
      await refreshVisits(tx, member, [before.pacienteId, data.pacienteId], [before.fecha]);

      const enlace = `/citas/${id}`;
      const cancelled = data.estado === 'cancelada' && before.estado !== 'cancelada';
      const moved =
        before.fecha !== data.fecha || before.horaInicio !== data.horaInicio || before.horaFin !== data.horaFin;
      if (before.dentistaId !== data.dentistaId) {
        await tellDentist(
          tx,
          member,
          before.usuarioId,
          'Cita reasignada',
          `La cita de ${party.paciente} del ${when(before.fecha, before.horaInicio)} pasa a otro dentista`,
          null,
        );
        if (!cancelled)
          await tellDentist(
            tx,
            member,
            party.dentistaUsuarioId,
            'Nueva cita',
            `${party.paciente}: ${data.titulo}, el ${when(data.fecha, data.horaInicio)}`,
            enlace,
          );
      } else if (cancelled) {
        await tellDentist(
          tx,
          member,
          party.dentistaUsuarioId,
          'Cita cancelada',
          `${party.paciente}, el ${when(before.fecha, before.horaInicio)}`,
          enlace,
        );
      } else if (moved && data.estado !== 'cancelada') {
        await tellDentist(
          tx,
          member,
          party.dentistaUsuarioId,
          'Cita movida',
          `${party.paciente}: del ${when(before.fecha, before.horaInicio)} al ${when(data.fecha, data.horaInicio)}`,
          enlace,
        );
      }
    }),
  );
  return (await getAppointment(db, member, id))!;
}

/** Deleting a pending appointment cancels it for the dentist, who is told so. */
export async function deleteAppointment(db: Database, member: Member, id: string): Promise<void> {
  const zona = member.zonaHoraria;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(citas)
      .where(and(eq(citas.clinicaId, member.clinicaId), eq(citas.id, id)))
      .returning({
        dentistaId: citas.dentistaId,
        pacienteId: citas.pacienteId,
        estado: citas.estado,
        fecha: localText(citas.inicio, zona, 'YYYY-MM-DD'),
        horaInicio: localText(citas.inicio, zona, 'HH24:MI'),
        futura: sql<boolean>`${citas.fin} > now()`,
      });
    if (!row) throw appointmentNotFound();
    await refreshVisits(tx, member, [row.pacienteId], [row.fecha]);
    if (row.estado === 'cancelada' || row.estado === 'completada' || !row.futura) return;
    const party = await parties(tx, member, row, row);
    await tellDentist(
      tx,
      member,
      party.dentistaUsuarioId,
      'Cita cancelada',
      `${party.paciente}, el ${when(row.fecha, row.horaInicio)}`,
      null,
    );
  });
}
