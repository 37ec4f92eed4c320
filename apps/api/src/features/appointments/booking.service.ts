import {
  APPOINTMENT_MESSAGES,
  ESTADOS_CITA_ANULADA,
  ESTADOS_CITA_HECHA,
  ESTADOS_CITA_PREVISTA,
  formatDate,
  isCancelledAppointment,
  localTimeExists,
  type Appointment,
  type AppointmentData,
  type AppointmentStatus,
  type UpdateAppointmentData,
} from '@odontia/shared';
import { and, eq, getTableName, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { columnNames, selectList, type RowOf } from '../../db/column-map.ts';
import { ph, preparedStatement } from '../../db/prepared.ts';
import type { Database, Executor } from '../../db/client.ts';
import { localDay, localInstant, localText } from '../../db/local-day.ts';
import { citas, dentistas, pacientes } from '../../db/schema/index.ts';
import type { Member } from '../../platform/context.ts';
import { PG_ERROR, sqlState } from '../../platform/db-errors.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import { appointmentMessageSql, enqueueAppointmentMessage } from '../../platform/messages/enqueue.ts';
import { clearEndedHolds } from '../../platform/holds.ts';
import { membersAmong, notificationsSql, notify } from '../../platform/notifications.ts';
import { appointmentNotFound, getAppointment, onAgenda, partyColumns } from './agenda-reads.service.ts';
import { attendRequest } from './booking-from-request.service.ts';

/** A placeholder used as SQL (a day, a time, a zone), cast to text for the functions that take it. */
const text = (name: string) => sql`${ph(name)}::text`;

type Party = {
  paciente: string;
  dentistaUsuarioId: string | null;
  /** As an appointment shows them (the created one is answered without reading it back). */
  pacienteRow: Appointment['paciente'];
  dentistaRow: Appointment['dentista'];
};

/**
 * The patient and dentist of a body, both of the caller's clinic, looked up beside a one-row table,
 * and what stops a booking with them (`problema`): an unknown or foreign patient or dentist, and for
 * new bookings a patient archived (deleted with a clinical record) or an inactive dentist; the parties
 * an existing appointment already has (`archivadoPermitido`, `dentistaConservado`) may still be
 * edited or cancelled. The one place these rules are written: `parties` runs it alone, the booking
 * as its first step.
 */
const partyRowColumns = {
  ...partyColumns(pacientes, dentistas),
  paciente: sql<string>`${pacientes.nombres} || ' ' || ${pacientes.apellidos}`,
  dentistaUsuarioId: dentistas.usuarioId,
  problema: sql<'paciente' | 'dentista' | 'inactivo' | null>`case
    when ${pacientes.id} is null then 'paciente'
    when ${dentistas.id} is null then 'dentista'
    when not ${dentistas.activo} and not ${ph('dentistaConservado')}::boolean then 'inactivo' end`,
};
type PartyRow = RowOf<typeof partyRowColumns>;
type PartyValues = {
  clinicaId: string;
  pacienteId: string;
  dentistaId: string;
  archivadoPermitido: boolean;
  dentistaConservado: boolean;
};
const partiesQuery = sql`select ${selectList(partyRowColumns)} from (select 1) as uno
  left join ${pacientes} on ${and(
    eq(pacientes.id, sql`${ph('pacienteId')}::uuid`),
    eq(pacientes.clinicaId, sql`${ph('clinicaId')}::uuid`),
    or(sql`${ph('archivadoPermitido')}::boolean`, isNull(pacientes.fechaArchivado)),
  )}
  left join ${dentistas} on ${and(
    eq(dentistas.id, sql`${ph('dentistaId')}::uuid`),
    eq(dentistas.clinicaId, sql`${ph('clinicaId')}::uuid`),
  )}`;
const partiesStatement = preparedStatement<PartyRow, PartyValues>('odontia_citas_partes', partiesQuery);

const partyValues = (
  member: Member,
  data: { pacienteId: string; dentistaId: string },
  kept: { pacienteId: string; dentistaId: string } | null,
): PartyValues => ({
  clinicaId: member.clinicaId,
  pacienteId: data.pacienteId,
  dentistaId: data.dentistaId,
  archivadoPermitido: kept?.pacienteId === data.pacienteId,
  dentistaConservado: kept?.dentistaId === data.dentistaId,
});

/** The parties of a row of partiesQuery, or the field's 422 for its `problema`. */
function checkParties(row: PartyRow | undefined, data: { pacienteId: string; dentistaId: string }): Party {
  if (!row || row.problema === 'paciente') throw unprocessable(APPOINTMENT_MESSAGES.pacienteNotFound, 'pacienteId');
  if (row.problema === 'dentista') throw unprocessable(APPOINTMENT_MESSAGES.dentistaNotFound, 'dentistaId');
  if (row.problema === 'inactivo') throw unprocessable(APPOINTMENT_MESSAGES.dentistaInactive, 'dentistaId');
  return {
    paciente: row.paciente,
    dentistaUsuarioId: row.dentistaUsuarioId,
    pacienteRow: {
      id: data.pacienteId,
      nombres: row.pacienteNombres!,
      apellidos: row.pacienteApellidos!,
      telefono: row.pacienteTelefono,
      alertas: row.pacienteAlertas,
    },
    dentistaRow: {
      id: data.dentistaId,
      nombres: row.dentistaNombres!,
      apellidos: row.dentistaApellidos!,
      especialidad: row.dentistaEspecialidad,
      color: row.dentistaColor!,
    },
  };
}

/** The parties of an appointment's change (partiesQuery), refused with the field's 422. */
async function parties(
  tx: Executor,
  member: Member,
  data: { pacienteId: string; dentistaId: string },
  kept: { pacienteId: string; dentistaId: string } | null,
): Promise<Party> {
  const [row] = await partiesStatement(tx, partyValues(member, data, kept));
  return checkParties(row, data);
}

const when = (fecha: string, hora: string) => `${formatDate(fecha)} a las ${hora}`;

/** What the dentist's member is told of a change to their appointments (`aviso`: the title). */
type At = { fecha: string; horaInicio: string };
type Notice = { aviso: string; mensaje: string };
const DENTIST_NOTICES = {
  nueva: (paciente: string, cita: At & { titulo: string }): Notice => ({
    aviso: 'Nueva cita',
    mensaje: `${paciente}: ${cita.titulo}, el ${when(cita.fecha, cita.horaInicio)}`,
  }),
  reasignada: (paciente: string, antes: At): Notice => ({
    aviso: 'Cita reasignada',
    mensaje: `La cita de ${paciente} del ${when(antes.fecha, antes.horaInicio)} pasa a otro dentista`,
  }),
  cancelada: (paciente: string, antes: At): Notice => ({
    aviso: 'Cita cancelada',
    mensaje: `${paciente}, el ${when(antes.fecha, antes.horaInicio)}`,
  }),
  movida: (paciente: string, antes: At, cita: At): Notice => ({
    aviso: 'Cita movida',
    mensaje: `${paciente}: del ${when(antes.fecha, antes.horaInicio)} al ${when(cita.fecha, cita.horaInicio)}`,
  }),
};

/** Tells the dentist's linked member, unless they made the change themselves. */
async function tellDentist(
  tx: Executor,
  member: Member,
  usuarioId: string | null,
  notice: Notice,
  enlace: string | null,
) {
  if (!usuarioId || usuarioId === member.userId) return;
  await notify(tx, {
    clinicaId: member.clinicaId,
    userIds: [usuarioId],
    titulo: notice.aviso,
    mensaje: notice.mensaje,
    prioridad: 'media',
    enlace,
    tipo: 'cita',
  });
}

/**
 * A patient's ultima_visita and proxima_visita follow their appointments, in the clinic's days: the
 * last one that took place (`ESTADOS_CITA_HECHA`) and has started, and the next one still to come
 * (`ESTADOS_CITA_PREVISTA`) from now. A date
 * typed by hand stays while the appointments say nothing: a last visit until one is completed, a
 * next visit while none is booked, unless it was an appointment's day (`diasAnteriores`: the days of
 * the appointments just moved, cancelled or deleted) that is no longer booked. The one place this
 * rule is written, as an UPDATE of the patients `ids` (a query) over `appointments` (a relation with
 * `visitColumns`): the table itself after a write (refreshVisits), or the table and the row a booking
 * is inserting in the same statement, which its snapshot cannot see.
 */
const visit = alias(citas, 'visita');
const visitColumns = [citas.pacienteId, citas.inicio, citas.estado] as const;
const visitsUpdate = (appointments: SQL, ids: SQL) => {
  const day = localDay(visit.inicio, text('zona'));
  const visits = sql`${appointments} as ${sql.identifier(getTableName(visit))}`;
  const ofPatient = sql`${visit.pacienteId} = ${pacientes.id}`;
  return sql`update ${pacientes} set
    ${columnNames(pacientes.ultimaVisita)} = coalesce((
      select max(${day}) from ${visits}
      where ${ofPatient} and ${inArray(visit.estado, [...ESTADOS_CITA_HECHA])} and ${visit.inicio} <= now()
    ), ${pacientes.ultimaVisita}),
    ${columnNames(pacientes.proximaVisita)} = coalesce((
      select min(${day}) from ${visits}
      where ${ofPatient} and ${inArray(visit.estado, [...ESTADOS_CITA_PREVISTA])} and ${visit.inicio} >= now()
    ), case when ${pacientes.proximaVisita} = any(${ph('diasAnteriores')}::date[]) or exists (
      select 1 from ${visits} where ${ofPatient} and ${day} = ${pacientes.proximaVisita}
    ) then null else ${pacientes.proximaVisita} end)
  where ${pacientes.id} in (${ids}) and ${pacientes.clinicaId} = ${ph('clinicaId')}::uuid`;
};
const visitsStatement = preparedStatement<
  never,
  { clinicaId: string; zona: string; pacienteIds: string[]; diasAnteriores: string[] }
>('odontia_citas_visitas', visitsUpdate(sql`${citas}`, sql`select unnest(${ph('pacienteIds')}::uuid[])`));

export async function refreshVisits(
  tx: Executor,
  member: Pick<Member, 'clinicaId' | 'zonaHoraria'>,
  pacienteIds: string[],
  formerDays: string[] = [],
) {
  await visitsStatement(tx, {
    clinicaId: member.clinicaId,
    zona: member.zonaHoraria,
    pacienteIds: [...new Set(pacienteIds)],
    diasAnteriores: formerDays,
  });
}

/** The booking's steps, read back by name (CTEs of one statement). */
const PARTES = 'partes';
const NUEVA = 'nueva';
const partes = sql.identifier(PARTES);
const nueva = sql.identifier(NUEVA);
/** What a notification's text says where the patient's name goes, replaced by the statement. */
const PACIENTE = '\u0001paciente\u0001';

/**
 * A new appointment in one statement (its own transaction, or a step of the request booking's): the
 * parties as `parties` reads them, the appointment inserted only if they are fine (`problema` null),
 * the patient's visits refreshed by the visits rule (given the new row, which the statement's snapshot
 * cannot see), the patient's confirmation email put in the outbox (appointmentMessageSql decides
 * whether they get one), and the dentist's member told (notificationsSql, as `notify` does) unless it is the
 * caller. Answers the parties, the new id (null if not inserted) and the events published.
 */
const createStatement = preparedStatement<
  PartyRow & { id: string | null; publicados: number },
  PartyValues & {
    fecha: string;
    horaInicio: string;
    horaFin: string;
    zona: string;
    titulo: string;
    notas: string | null;
    solicitudId: string | null;
    diasAnteriores: string[];
    userId: string;
    aviso: string;
    mensaje: string;
  }
>(
  'odontia_citas_crear',
  sql`with ${partes} as (${partiesQuery}),
    ${nueva} as (
      insert into ${citas} (${columnNames(
        citas.clinicaId,
        citas.pacienteId,
        citas.dentistaId,
        citas.inicio,
        citas.fin,
        citas.titulo,
        citas.notas,
        citas.estado,
        citas.solicitudId,
      )})
      select ${ph('clinicaId')}::uuid, ${ph('pacienteId')}::uuid, ${ph('dentistaId')}::uuid,
        ${localInstant(text('fecha'), text('horaInicio'), text('zona'))},
        ${localInstant(text('fecha'), text('horaFin'), text('zona'))},
        ${ph('titulo')}::text, ${ph('notas')}::text, 'pendiente', ${ph('solicitudId')}::uuid
      from ${partes} where ${partes}."problema" is null
      returning ${columnNames(citas.id, citas.fin, ...visitColumns)}
    ),
    mensaje as (${appointmentMessageSql(
      {
        clinicaId: sql`${ph('clinicaId')}::uuid`,
        citaId: sql`${nueva}.${sql.identifier(citas.id.name)}`,
        pacienteId: sql`${nueva}.${sql.identifier(citas.pacienteId.name)}`,
        dentistaId: sql`${ph('dentistaId')}::uuid`,
        inicio: sql`${nueva}.${sql.identifier(citas.inicio.name)}`,
        fin: sql`${nueva}.${sql.identifier(citas.fin.name)}`,
        plantilla: 'confirmacion',
      },
      sql`${nueva}`,
    )}),
    visitas as (${visitsUpdate(
      sql`(select ${columnNames(...visitColumns)} from ${citas} union all select ${columnNames(...visitColumns)} from ${nueva})`,
      sql`select ${sql.identifier(citas.pacienteId.name)} from ${nueva}`,
    )}),
    ${notificationsSql({
      recipients: membersAmong(
        sql`${ph('clinicaId')}::uuid`,
        sql`select "dentistaUsuarioId" from ${partes} where "dentistaUsuarioId" <> ${ph('userId')}::text`,
      ),
      values: {
        clinicaId: sql`${ph('clinicaId')}::uuid`,
        titulo: sql`${ph('aviso')}::text`,
        mensaje: sql`replace(${ph('mensaje')}::text, ${PACIENTE}, ${partes}."paciente")`,
        prioridad: sql`'media'`,
        enlace: sql`'/citas/' || ${nueva}.${sql.identifier(citas.id.name)}`,
        tipo: sql`'cita'`,
      },
      from: sql`${partes}, ${nueva}`,
    })}
    select ${partes}.*, (select ${sql.identifier(citas.id.name)} from ${nueva}) as id,
      (select count(*)::int from evento) as publicados
    from ${partes}`,
);

/**
 * Creates a pendiente appointment, in one statement (createStatement): the parties checked, the
 * appointment inserted, the patient's visits refreshed and the dentist told. With `solicitudId`, in
 * one transaction with it: that request becomes atendida, and without a `pacienteId` the request's
 * patient is found or created (`direccion`: the caller's address, for that registration's audit row).
 */
export async function createAppointment(
  db: Database,
  member: Member,
  direccion: string,
  data: AppointmentData,
): Promise<Appointment> {
  checkLocalTimes(member, data);
  const book = async (tx: Executor, pacienteId: string | null | undefined): Promise<Appointment> => {
    if (!pacienteId) throw unprocessable(APPOINTMENT_MESSAGES.pacienteRequired, 'pacienteId');
    const [row] = await createStatement(tx, {
      ...partyValues(member, { pacienteId, dentistaId: data.dentistaId }, null),
      fecha: data.fecha,
      horaInicio: data.horaInicio,
      horaFin: data.horaFin,
      zona: member.zonaHoraria,
      titulo: data.titulo,
      notas: data.notas ?? null,
      solicitudId: data.solicitudId ?? null,
      diasAnteriores: [],
      userId: member.userId,
      ...DENTIST_NOTICES.nueva(PACIENTE, data),
    });
    const party = checkParties(row, { pacienteId, dentistaId: data.dentistaId });
    // What was stored, answered as read (the times are the wall clock asked for: checkLocalTimes
    // refused any the clocks skip), without reading it back.
    return {
      id: row!.id!,
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
  };
  const { solicitudId } = data;
  return guardOverlap(db, member, data, undefined, () =>
    solicitudId
      ? db.transaction(async (tx) => book(tx, await attendRequest(tx, member, direccion, solicitudId, data.pacienteId)))
      : book(db, data.pacienteId),
  );
}

/**
 * An appointment as stored, on the clinic's wall clock, for the writes that change it: its parties and
 * state, its day and times, and whether it is still to end.
 */
const storedColumns = (zona: string) => ({
  dentistaId: citas.dentistaId,
  // The writes below never reach a hold (`onAgenda`): it has no patient and is not in the agenda's states.
  pacienteId: sql<string>`${citas.pacienteId}`,
  estado: sql<AppointmentStatus>`${citas.estado}`,
  fecha: localText(citas.inicio, zona, 'YYYY-MM-DD'),
  horaInicio: localText(citas.inicio, zona, 'HH24:MI'),
  horaFin: localText(citas.fin, zona, 'HH24:MI'),
  futura: sql<boolean>`${citas.fin} > now()`,
  inicio: citas.inicio,
  fin: citas.fin,
  online: citas.online,
});

/**
 * What the patient is told by email of a change (issue 24), put in the outbox by the change's
 * transaction: cancelled by the clinic, moved (day, time or dentist), or booked again (taken out of a
 * cancelled state, or given to another patient), and an online booking approved. A cancellation by the
 * patient, or a change of state through the day, tells them nothing.
 */
function patientNotice(
  before: { estado: AppointmentStatus; pacienteId: string; dentistaId: string; moved: boolean; online: boolean },
  after: { estado: AppointmentStatus; pacienteId: string; dentistaId: string },
): 'cancelacion' | 'cambio' | 'confirmacion' | null {
  const wasCancelled = isCancelledAppointment(before.estado);
  if (after.estado === 'cancelada') return wasCancelled ? null : 'cancelacion';
  if (!(ESTADOS_CITA_PREVISTA as readonly string[]).includes(after.estado)) return null;
  // An online booking waiting for the clinic's approval is confirmed to the patient when approved.
  const approved = before.online && before.estado === 'pendiente' && after.estado === 'confirmada';
  if (wasCancelled || approved || before.pacienteId !== after.pacienteId) return 'confirmacion';
  return before.moved || before.dentistaId !== after.dentistaId ? 'cambio' : null;
}

/** An appointment as the outbox's values: its times as stored (instants) or as SQL that makes them. */
const instant = (value: Date | SQL) => (value instanceof Date ? sql`${value}::timestamptz` : value);
const storedMessage = (
  member: Member,
  citaId: string | null,
  row: { pacienteId: string; dentistaId: string; inicio: Date | SQL; fin: Date | SQL },
) => ({
  clinicaId: member.clinicaId,
  citaId,
  pacienteId: row.pacienteId,
  dentistaId: row.dentistaId,
  inicio: instant(row.inicio),
  fin: instant(row.fin),
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
          ...storedColumns(zona),
          usuarioId: dentistas.usuarioId,
        })
        .from(citas)
        .innerJoin(dentistas, eq(dentistas.id, citas.dentistaId))
        .where(and(eq(citas.clinicaId, member.clinicaId), eq(citas.id, id), onAgenda(citas)))
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
      const cancelled = isCancelledAppointment(data.estado) && !isCancelledAppointment(before.estado);
      const moved =
        before.fecha !== data.fecha || before.horaInicio !== data.horaInicio || before.horaFin !== data.horaFin;
      const notice = patientNotice({ ...before, moved }, data);
      if (notice) {
        // A cancellation names the appointment that was; the other notices, the one that is now.
        const told =
          notice === 'cancelacion'
            ? storedMessage(member, id, before)
            : storedMessage(member, id, {
                ...data,
                inicio: localInstant(data.fecha, data.horaInicio, zona),
                fin: localInstant(data.fecha, data.horaFin, zona),
              });
        await enqueueAppointmentMessage(tx, { ...told, plantilla: notice });
      }
      if (before.dentistaId !== data.dentistaId) {
        await tellDentist(tx, member, before.usuarioId, DENTIST_NOTICES.reasignada(party.paciente, before), null);
        if (!cancelled)
          await tellDentist(tx, member, party.dentistaUsuarioId, DENTIST_NOTICES.nueva(party.paciente, data), enlace);
      } else if (cancelled) {
        await tellDentist(
          tx,
          member,
          party.dentistaUsuarioId,
          DENTIST_NOTICES.cancelada(party.paciente, before),
          enlace,
        );
      } else if (moved && !isCancelledAppointment(data.estado)) {
        await tellDentist(
          tx,
          member,
          party.dentistaUsuarioId,
          DENTIST_NOTICES.movida(party.paciente, before, data),
          enlace,
        );
      }
    }),
  );
  return (await getAppointment(db, member, id))!;
}

/**
 * The desk's one click through the day (issue 24): the appointment's state alone, under its row lock.
 * Leaving a cancelled state takes the slot again (the double-booking 409 if it was taken meanwhile);
 * cancelling one still to come tells its dentist; the patient's visits follow.
 */
export async function setAppointmentState(
  db: Database,
  member: Member,
  id: string,
  estado: AppointmentStatus,
): Promise<Appointment> {
  const zona = member.zonaHoraria;
  let slot: Slot | undefined;
  await guardOverlap(
    db,
    member,
    () => slot,
    id,
    () =>
      db.transaction(async (tx) => {
        const [before] = await tx
          .select(storedColumns(zona))
          .from(citas)
          .where(and(eq(citas.clinicaId, member.clinicaId), eq(citas.id, id), onAgenda(citas)))
          .for('update');
        if (!before) throw appointmentNotFound();
        slot = before;
        if (before.estado === estado) return;
        await tx.update(citas).set({ estado, fechaActualizacion: new Date() }).where(eq(citas.id, id));
        await refreshVisits(tx, member, [before.pacienteId], [before.fecha]);
        const notice = patientNotice({ ...before, moved: false }, { ...before, estado });
        if (notice) await enqueueAppointmentMessage(tx, { ...storedMessage(member, id, before), plantilla: notice });
        if (before.futura && isCancelledAppointment(estado) && !isCancelledAppointment(before.estado)) {
          const party = await parties(tx, member, before, before);
          const notice = DENTIST_NOTICES.cancelada(party.paciente, before);
          await tellDentist(tx, member, party.dentistaUsuarioId, notice, `/citas/${id}`);
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
      .where(and(eq(citas.clinicaId, member.clinicaId), eq(citas.id, id), onAgenda(citas)))
      .returning(storedColumns(zona));
    if (!row) throw appointmentNotFound();
    await refreshVisits(tx, member, [row.pacienteId], [row.fecha]);
    if (patientNotice({ ...row, moved: false }, { ...row, estado: 'cancelada' })) {
      // The appointment is gone: the message keeps its time, not its id.
      await enqueueAppointmentMessage(tx, { ...storedMessage(member, null, row), plantilla: 'cancelacion' });
    }
    if (!row.futura || isCancelledAppointment(row.estado) || ESTADOS_CITA_HECHA.some((e) => e === row.estado)) return;
    const party = await parties(tx, member, row, row);
    await tellDentist(tx, member, party.dentistaUsuarioId, DENTIST_NOTICES.cancelada(party.paciente, row), null);
  });
}

/**
 * The 409 of a double booking, naming the appointment in the way. Looked up after the refused write
 * rolled back; if that one was cancelled or moved meanwhile, the message is the general one.
 */
type Slot = Pick<AppointmentData, 'dentistaId' | 'fecha' | 'horaInicio' | 'horaFin'>;

async function overlapError(db: Database, member: Member, data: Slot, exceptId?: string) {
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
        notInArray(citas.estado, [...ESTADOS_CITA_ANULADA]),
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

/**
 * Runs a write, turning the exclusion constraint's refusal (23P01) into the double-booking 409. A hold
 * that has ended never blocks it: when one is in the way (the background round had not swept it yet),
 * it is deleted and the write tried once more.
 */
async function guardOverlap<T>(
  db: Database,
  member: Member,
  slot: Slot | (() => Slot | undefined),
  exceptId: string | undefined,
  write: () => Promise<T>,
) {
  for (let tries = 0; ; tries++) {
    try {
      return await write();
    } catch (error) {
      // The slot asked for; for a write that reads it first (a state change), as it read it.
      const taken = typeof slot === 'function' ? slot() : slot;
      if (!taken || sqlState(error) !== PG_ERROR.exclusionViolation) throw error;
      const zona = member.zonaHoraria;
      const inicio = localInstant(taken.fecha, taken.horaInicio, zona);
      const fin = localInstant(taken.fecha, taken.horaFin, zona);
      if (tries === 0 && (await clearEndedHolds(db, taken.dentistaId, inicio, fin)) > 0) continue;
      throw await overlapError(db, member, taken, exceptId);
    }
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
