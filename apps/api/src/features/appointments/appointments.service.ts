import {
  APPOINTMENT_MESSAGES,
  APPOINTMENTS_PAGE_SIZE,
  formatDate,
  todayInZone,
  type Appointment,
  type AppointmentData,
  type AppointmentPage,
  type AppointmentStatus,
  type SpecialtyId,
  type UpdateAppointmentData,
} from '@odontia/shared';
import { and, asc, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { citas, dentistas, pacientes, solicitudesCita } from '../../db/schema/index.ts';
import { sqlState } from '../../platform/db-errors.ts';
import type { Member } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { notify } from '../../platform/notifications.ts';

export const appointmentNotFound = () => notFound(APPOINTMENT_MESSAGES.notFound);

const unprocessable = (field: string, message: string) => new AppError(422, 'validation_error', message, { [field]: message });

/** The instant of a local day and time in the clinic's zone: PostgreSQL applies the zone's DST rules. */
const instant = (fecha: string, hora: string, zona: string): SQL => sql`((${fecha}::date + ${hora}::time) AT TIME ZONE ${zona})`;
/** The start of a local day, as an instant. */
const dayStart = (fecha: string, zona: string): SQL => sql`((${fecha}::date)::timestamp AT TIME ZONE ${zona})`;
const localText = (column: typeof citas.inicio | typeof citas.fin, zona: string, pattern: string) =>
  sql<string>`to_char(${column} AT TIME ZONE ${zona}, ${sql.raw(`'${pattern}'`)})`;

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
  pacienteNombres: pacientes.nombres,
  pacienteApellidos: pacientes.apellidos,
  pacienteTelefono: pacientes.telefono,
  dentistaNombres: dentistas.nombres,
  dentistaApellidos: dentistas.apellidos,
  dentistaEspecialidad: sql<SpecialtyId>`${dentistas.especialidad}`,
  dentistaColor: dentistas.color,
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
  paciente: { id: r.pacienteId, nombres: r.pacienteNombres, apellidos: r.pacienteApellidos, telefono: r.pacienteTelefono },
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
  sql`odontia_normalizar(${pacientes.nombres} || ' ' || ${pacientes.apellidos} || ' ' || ${dentistas.nombres} || ' ' || ${dentistas.apellidos} || ' ' || ${citas.titulo}) LIKE '%' || replace(replace(replace(odontia_normalizar(${term}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

export type ListOptions = {
  buscar: string;
  pagina: number;
  dentistaId: string | null;
  desde: string | null;
  hasta: string | null;
  pasadas: boolean;
};

/**
 * A page of the clinic's appointments: from today on (soonest first) by default, the past ones
 * (newest first) with `pasadas`, or the days `desde`..`hasta`. "Today" is the clinic's day.
 */
export async function listAppointments(db: Database, member: Member, q: ListOptions, now = new Date()): Promise<AppointmentPage> {
  const zona = member.zonaHoraria;
  const today = todayInZone(zona, now);
  const range: SQL[] = [];
  if (q.desde || q.hasta) {
    if (q.desde) range.push(gte(citas.inicio, dayStart(q.desde, zona)));
    if (q.hasta) range.push(sql`${citas.inicio} < ${dayStart(q.hasta, zona)} + interval '1 day'`);
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
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(citas)
      .innerJoin(pacientes, eq(pacientes.id, citas.pacienteId))
      .innerJoin(dentistas, eq(dentistas.id, citas.dentistaId))
      .where(where),
  ]);
  return { citas: rows.map(toAppointment), total, pagina: q.pagina, porPagina: APPOINTMENTS_PAGE_SIZE };
}

/** Every appointment (cancelled ones too) starting on the days `desde`..`hasta` of the clinic, in time order. */
export async function calendarAppointments(
  db: Database,
  member: Member,
  q: { desde: string; hasta: string; dentistaId: string | null },
): Promise<Appointment[]> {
  const zona = member.zonaHoraria;
  const rows = await joined(db, zona)
    .where(
      and(
        eq(citas.clinicaId, member.clinicaId),
        gte(citas.inicio, dayStart(q.desde, zona)),
        sql`${citas.inicio} < ${dayStart(q.hasta, zona)} + interval '1 day'`,
        q.dentistaId ? eq(citas.dentistaId, q.dentistaId) : undefined,
      ),
    )
    .orderBy(asc(citas.inicio), asc(citas.id));
  return rows.map(toAppointment);
}

export async function getAppointment(db: Executor, member: Member, id: string): Promise<Appointment | undefined> {
  const [row] = await joined(db, member.zonaHoraria).where(and(eq(citas.clinicaId, member.clinicaId), eq(citas.id, id)));
  return row && toAppointment(row);
}

// ---------------------------------------------------------------- writes

/**
 * The 409 of a double booking, naming the appointment in the way. Looked up after the refused write
 * rolled back; if that one was cancelled or moved meanwhile, the message is the general one.
 */
async function overlapError(db: Database, member: Member, data: AppointmentData | UpdateAppointmentData, exceptId?: string) {
  const zona = member.zonaHoraria;
  const [other] = await db
    .select({ fecha: localText(citas.inicio, zona, 'YYYY-MM-DD'), horaInicio: localText(citas.inicio, zona, 'HH24:MI'), horaFin: localText(citas.fin, zona, 'HH24:MI') })
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
  const message = other ? APPOINTMENT_MESSAGES.overlapWith(other.horaInicio, other.horaFin) : APPOINTMENT_MESSAGES.overlap;
  return new AppError(409, 'conflict', message, { horaInicio: message });
}

type Party = { paciente: string; dentistaUsuarioId: string | null };

/** The patient and dentist of a body, both of the caller's clinic; a foreign or unknown id is refused. */
async function parties(tx: Executor, member: Member, data: { pacienteId: string; dentistaId: string }, allowInactiveDentist: string | null): Promise<Party> {
  const [[paciente], [dentista]] = await Promise.all([
    tx
      .select({ nombres: pacientes.nombres, apellidos: pacientes.apellidos })
      .from(pacientes)
      .where(and(eq(pacientes.id, data.pacienteId), eq(pacientes.clinicaId, member.clinicaId))),
    tx
      .select({ activo: dentistas.activo, usuarioId: dentistas.usuarioId })
      .from(dentistas)
      .where(and(eq(dentistas.id, data.dentistaId), eq(dentistas.clinicaId, member.clinicaId))),
  ]);
  if (!paciente) throw unprocessable('pacienteId', APPOINTMENT_MESSAGES.pacienteNotFound);
  if (!dentista) throw unprocessable('dentistaId', APPOINTMENT_MESSAGES.dentistaNotFound);
  // Only active dentists get new appointments; one already booked with a dentist since deactivated may still be edited.
  if (!dentista.activo && allowInactiveDentist !== data.dentistaId) throw unprocessable('dentistaId', APPOINTMENT_MESSAGES.dentistaInactive);
  return { paciente: `${paciente.nombres} ${paciente.apellidos}`, dentistaUsuarioId: dentista.usuarioId };
}

const when = (fecha: string, hora: string) => `${formatDate(fecha)} a las ${hora}`;

/** Tells the dentist's linked member, unless they made the change themselves. */
async function tellDentist(tx: Executor, member: Member, usuarioId: string | null, titulo: string, mensaje: string, enlace: string | null) {
  if (!usuarioId || usuarioId === member.userId) return;
  await notify(tx, { clinicaId: member.clinicaId, userIds: [usuarioId], titulo, mensaje, prioridad: 'media', enlace, tipo: 'cita' });
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
  const wasAppointmentDay = formerDays.length ? sql`${pacientes.proximaVisita} in (${sql.join(formerDays.map((d) => sql`${d}::date`), sql`, `)})` : sql`false`;
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

/** Runs a write, turning the exclusion constraint's refusal (23P01) into the double-booking 409. */
async function guardOverlap<T>(db: Database, member: Member, data: AppointmentData | UpdateAppointmentData, exceptId: string | undefined, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === '23P01') throw await overlapError(db, member, data, exceptId);
    throw error;
  }
}

/** Creates a pendiente appointment; with `solicitudId`, that request becomes atendida in the same transaction. */
export async function createAppointment(db: Database, member: Member, data: AppointmentData): Promise<Appointment> {
  const zona = member.zonaHoraria;
  const id = await guardOverlap(db, member, data, undefined, () =>
    db.transaction(async (tx) => {
      const party = await parties(tx, member, data, null);
      if (data.solicitudId) {
        const [solicitud] = await tx
          .update(solicitudesCita)
          .set({ estado: 'atendida', fechaActualizacion: new Date() })
          .where(and(eq(solicitudesCita.id, data.solicitudId), eq(solicitudesCita.clinicaId, member.clinicaId)))
          .returning({ id: solicitudesCita.id });
        if (!solicitud) throw unprocessable('solicitudId', APPOINTMENT_MESSAGES.solicitudNotFound);
      }
      const [row] = await tx
        .insert(citas)
        .values({
          clinicaId: member.clinicaId,
          pacienteId: data.pacienteId,
          dentistaId: data.dentistaId,
          inicio: instant(data.fecha, data.horaInicio, zona),
          fin: instant(data.fecha, data.horaFin, zona),
          titulo: data.titulo,
          notas: data.notas,
          estado: 'pendiente',
          solicitudId: data.solicitudId,
        })
        .returning({ id: citas.id });
      await refreshVisits(tx, member, [data.pacienteId]);
      await tellDentist(tx, member, party.dentistaUsuarioId, 'Nueva cita', `${party.paciente}: ${data.titulo}, el ${when(data.fecha, data.horaInicio)}`, `/citas/${row.id}`);
      return row.id;
    }),
  );
  return (await getAppointment(db, member, id))!;
}

export async function updateAppointment(db: Database, member: Member, id: string, data: UpdateAppointmentData): Promise<Appointment> {
  const zona = member.zonaHoraria;
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
      const party = await parties(tx, member, data, before.dentistaId);
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
      const moved = before.fecha !== data.fecha || before.horaInicio !== data.horaInicio || before.horaFin !== data.horaFin;
      if (before.dentistaId !== data.dentistaId) {
        await tellDentist(tx, member, before.usuarioId, 'Cita reasignada', `La cita de ${party.paciente} del ${when(before.fecha, before.horaInicio)} pasa a otro dentista`, null);
        if (!cancelled) await tellDentist(tx, member, party.dentistaUsuarioId, 'Nueva cita', `${party.paciente}: ${data.titulo}, el ${when(data.fecha, data.horaInicio)}`, enlace);
      } else if (cancelled) {
        await tellDentist(tx, member, party.dentistaUsuarioId, 'Cita cancelada', `${party.paciente}, el ${when(before.fecha, before.horaInicio)}`, enlace);
      } else if (moved && data.estado !== 'cancelada') {
        await tellDentist(tx, member, party.dentistaUsuarioId, 'Cita movida', `${party.paciente}: del ${when(before.fecha, before.horaInicio)} al ${when(data.fecha, data.horaInicio)}`, enlace);
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
    const party = await parties(tx, member, { pacienteId: row.pacienteId, dentistaId: row.dentistaId }, row.dentistaId);
    await tellDentist(tx, member, party.dentistaUsuarioId, 'Cita cancelada', `${party.paciente}, el ${when(row.fecha, row.horaInicio)}`, null);
  });
}
