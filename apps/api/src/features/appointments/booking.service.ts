import {
  APPOINTMENT_MESSAGES,
  formatDate,
  localTimeExists,
  type Appointment,
  type AppointmentData,
  type UpdateAppointmentData,
} from '@odontia/shared';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tableRef } from '../../db/column-map.ts';
import type { Database, Executor } from '../../db/client.ts';
import { localDay, localInstant, localText } from '../../db/local-day.ts';
import { citas, dentistas, pacientes } from '../../db/schema/index.ts';
import type { Member } from '../../platform/context.ts';
import { PG_ERROR, sqlState } from '../../platform/db-errors.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import { notify } from '../../platform/notifications.ts';
import { appointmentNotFound, getAppointment, partyColumns } from './agenda-reads.service.ts';
import { attendRequest } from './booking-from-request.service.ts';

const ph = (name: string) => sql.placeholder(name);
/** A placeholder used as SQL (a day, a time, a zone), cast to text for the functions that take it. */
const text = (name: string) => sql`${ph(name)}::text`;

/** The new appointment: a named prepared statement, as every booking runs it. */
const insertStatement = (tx: Executor) =>
  tx
    .insert(citas)
    .values({
      clinicaId: ph('clinicaId'),
      pacienteId: ph('pacienteId'),
      dentistaId: ph('dentistaId'),
      inicio: localInstant(text('fecha'), text('horaInicio'), text('zona')),
      fin: localInstant(text('fecha'), text('horaFin'), text('zona')),
      titulo: ph('titulo'),
      notas: ph('notas'),
      estado: 'pendiente',
      solicitudId: ph('solicitudId'),
    })
    .returning({ id: citas.id })
    .prepare('odontia_citas_insertar');

/**
 * Creates a pendiente appointment, in one transaction: with `solicitudId`, that request becomes
 * atendida, and without a `pacienteId` the request's patient is found or created (`direccion`: the
 * caller's address, for that registration's audit row); then the parties are checked, the appointment
 * inserted, the patient's visits refreshed and the dentist told.
 */
export async function createAppointment(
  db: Database,
  member: Member,
  direccion: string,
  data: AppointmentData,
): Promise<Appointment> {
  const zona = member.zonaHoraria;
  checkLocalTimes(member, data);
  return guardOverlap(db, member, data, undefined, () =>
    db.transaction(async (tx) => {
      const pacienteId = data.solicitudId
        ? await attendRequest(tx, member, direccion, data.solicitudId, data.pacienteId)
        : data.pacienteId;
      if (!pacienteId) throw unprocessable(APPOINTMENT_MESSAGES.pacienteRequired, 'pacienteId');
      const party = await parties(tx, member, { pacienteId, dentistaId: data.dentistaId }, null);
      const [row] = await insertStatement(tx).execute({
        clinicaId: member.clinicaId,
        pacienteId,
        dentistaId: data.dentistaId,
        fecha: data.fecha,
        horaInicio: data.horaInicio,
        horaFin: data.horaFin,
        zona,
        titulo: data.titulo,
        notas: data.notas ?? null,
        solicitudId: data.solicitudId ?? null,
      });
      await refreshVisits(tx, member, [pacienteId]);
      await tellDentist(
        tx,
        member,
        party.dentistaUsuarioId,
        'Nueva cita',
        `${party.paciente}: ${data.titulo}, el ${when(data.fecha, data.horaInicio)}`,
        `/citas/${row.id}`,
      );
      // What was stored, answered as read (the times are the wall clock asked for: checkLocalTimes
      // refused any the clocks skip), without reading it back.
      return {
        id: row.id,
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
      } satisfies Appointment;
    }),
  );
}

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
          inicio: localInstant(data.fecha, data.horaInicio, zona),
          fin: localInstant(data.fecha, data.horaFin, zona),
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
      horaInicio: localText(citas.inicio, zona, 'HH24:MI'),
      horaFin: localText(citas.fin, zona, 'HH24:MI'),
    })
    .from(citas)
    .where(
      and(
        eq(citas.dentistaId, data.dentistaId),
        ne(citas.estado, 'cancelada'),
        sql`tstzrange(${citas.inicio}, ${citas.fin}) && tstzrange(${localInstant(data.fecha, data.horaInicio, zona)}, ${localInstant(data.fecha, data.horaFin, zona)})`,
        exceptId ? ne(citas.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  const message = other
    ? APPOINTMENT_MESSAGES.overlapWith(other.horaInicio, other.horaFin)
    : APPOINTMENT_MESSAGES.overlap;
  return new AppError(409, 'conflict', message, { horaInicio: message });
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

type Party = {
  paciente: string;
  dentistaUsuarioId: string | null;
  /** As an appointment shows them (the created one is answered without reading it back). */
  pacienteRow: Appointment['paciente'];
  dentistaRow: Appointment['dentista'];
};

const partiesStatement = (tx: Executor) =>
  tx
    .select({
      ...partyColumns(pacientes, dentistas),
      dentistaActivo: dentistas.activo,
      dentistaUsuarioId: dentistas.usuarioId,
    })
    .from(sql`(select 1) as uno`)
    .leftJoin(
      pacientes,
      and(
        eq(pacientes.id, ph('pacienteId')),
        eq(pacientes.clinicaId, ph('clinicaId')),
        or(sql`${ph('archivadoPermitido')}::boolean`, isNull(pacientes.fechaArchivado)),
      ),
    )
    .leftJoin(dentistas, and(eq(dentistas.id, ph('dentistaId')), eq(dentistas.clinicaId, ph('clinicaId'))))
    .prepare('odontia_citas_partes');

/**
 * The patient and dentist of a body, both of the caller's clinic; a foreign or unknown id is refused
 * with the field's 422. One prepared statement (both looked up beside a one-row table), as it runs
 * on every booking. New bookings need an active dentist and a patient that is not archived (deleted with a
 * clinical record); `kept` are the parties an existing appointment already has, which may still be
 * edited or cancelled.
 */
async function parties(
  tx: Executor,
  member: Member,
  data: { pacienteId: string; dentistaId: string },
  kept: { pacienteId: string; dentistaId: string } | null,
): Promise<Party> {
  const [row] = await partiesStatement(tx).execute({
    clinicaId: member.clinicaId,
    pacienteId: data.pacienteId,
    dentistaId: data.dentistaId,
    archivadoPermitido: kept?.pacienteId === data.pacienteId,
  });
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
 * appointments just moved, cancelled or deleted) that is no longer booked. The one place this rule
 * is written; it runs after the write, in its transaction, so it sees it.
 */
const visit = alias(citas, 'visita');
const visitsStatement = (tx: Executor) => {
  const day = localDay(visit.inicio, text('zona'));
  const ofPatient = sql`${visit.pacienteId} = ${pacientes.id}`;
  return tx
    .update(pacientes)
    .set({
      ultimaVisita: sql`coalesce((
        select max(${day}) from ${tableRef(visit)}
        where ${ofPatient} and ${visit.estado} = 'completada' and ${visit.inicio} <= now()
      ), ${pacientes.ultimaVisita})`,
      proximaVisita: sql`coalesce((
        select min(${day}) from ${tableRef(visit)}
        where ${ofPatient} and ${visit.estado} in ('pendiente', 'confirmada') and ${visit.inicio} >= now()
      ), case when ${pacientes.proximaVisita} = any(${ph('diasAnteriores')}::date[]) or exists (
        select 1 from ${tableRef(visit)} where ${ofPatient} and ${day} = ${pacientes.proximaVisita}
      ) then null else ${pacientes.proximaVisita} end)`,
    })
    .where(and(sql`${pacientes.id} = any(${ph('pacienteIds')}::uuid[])`, eq(pacientes.clinicaId, ph('clinicaId'))))
    .prepare('odontia_citas_visitas');
};
export async function refreshVisits(
  tx: Executor,
  member: Pick<Member, 'clinicaId' | 'zonaHoraria'>,
  pacienteIds: string[],
  formerDays: string[] = [],
) {
  await visitsStatement(tx).execute({
    clinicaId: member.clinicaId,
    zona: member.zonaHoraria,
    pacienteIds: [...new Set(pacienteIds)],
    diasAnteriores: formerDays,
  });
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
