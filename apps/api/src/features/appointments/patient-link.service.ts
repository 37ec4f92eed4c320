import {
  ESTADOS_CITA_PREVISTA,
  formatLongDate,
  MESSAGE_MESSAGES,
  type AppointmentStatus,
  type PatientAppointment,
} from '@odontia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { selectList, type RowOf } from '../../db/column-map.ts';
import { localText } from '../../db/local-day.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { citas, clinicas, dentistas, enlacesCita, pacientes } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { appointmentTokenHash } from '../../platform/messages/enqueue.ts';
import { notify } from '../../platform/notifications.ts';
import { refreshVisits } from './booking.service.ts';

/**
 * The patient's page of an appointment (issue 24, `/cita/{token}`): what a link from a message shows,
 * and the patient's two answers, confirming and cancelling. The link works while the appointment is
 * still to end, wherever it has moved; the clinic's staff are told of an answer at once (a notification,
 * and the appointment's state in every agenda).
 */
const zona = sql`${clinicas.zonaHoraria}`;
const linkColumns = {
  citaId: citas.id,
  clinicaId: citas.clinicaId,
  pacienteId: sql<string>`${citas.pacienteId}`,
  zonaHoraria: clinicas.zonaHoraria,
  paciente: sql<string>`${pacientes.nombres} || ' ' || ${pacientes.apellidos}`,
  dentistaUsuarioId: dentistas.usuarioId,
  clinica: clinicas.nombre,
  direccion: clinicas.direccion,
  ciudad: clinicas.ciudad,
  telefono: clinicas.telefono,
  fecha: localText(citas.inicio, zona, 'YYYY-MM-DD'),
  horaInicio: localText(citas.inicio, zona, 'HH24:MI'),
  horaFin: localText(citas.fin, zona, 'HH24:MI'),
  dentista: sql<string>`${dentistas.nombres} || ' ' || ${dentistas.apellidos}`,
  estado: sql<AppointmentStatus>`${citas.estado}`,
  cancelacionHoras: clinicas.cancelacionHoras,
  cancelarHasta: sql<string>`to_char((${citas.inicio} - ${clinicas.cancelacionHoras} * interval '1 hour') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  aTiempo: sql<boolean>`now() < ${citas.inicio} - ${clinicas.cancelacionHoras} * interval '1 hour'`,
};
type LinkRow = RowOf<typeof linkColumns>;

const linkQuery = (locked: boolean) => sql`select ${selectList(linkColumns)} from ${enlacesCita}
  join ${citas} on ${citas.id} = ${enlacesCita.citaId}
  join ${clinicas} on ${clinicas.id} = ${citas.clinicaId}
  join ${pacientes} on ${pacientes.id} = ${citas.pacienteId}
  join ${dentistas} on ${dentistas.id} = ${citas.dentistaId}
  where ${and(eq(enlacesCita.tokenHash, sql.placeholder('tokenHash')), sql`${citas.fin} > now()`)}
  ${locked ? sql`for update of ${citas}` : sql``}`;
const linkStatement = preparedStatement<LinkRow, { tokenHash: string }>('odontia_enlace_cita', linkQuery(false));
const lockedLinkStatement = preparedStatement<LinkRow, { tokenHash: string }>(
  'odontia_enlace_cita_bloqueo',
  linkQuery(true),
);

const linkNotFound = () => notFound(MESSAGE_MESSAGES.linkNotFound);
const isDue = (estado: AppointmentStatus) => (ESTADOS_CITA_PREVISTA as readonly string[]).includes(estado);

function pageOf(row: LinkRow): PatientAppointment {
  const due = isDue(row.estado);
  return {
    clinica: { nombre: row.clinica, direccion: row.direccion, ciudad: row.ciudad, telefono: row.telefono },
    cita: {
      fecha: row.fecha,
      horaInicio: row.horaInicio,
      horaFin: row.horaFin,
      dentista: row.dentista,
      estado: row.estado,
    },
    puedeConfirmar: due && row.estado !== 'confirmada_paciente',
    puedeCancelar: due && row.aTiempo,
    cancelarHasta: row.cancelarHasta,
    cancelacionHoras: row.cancelacionHoras,
  };
}

export async function patientAppointment(db: Database, token: string): Promise<PatientAppointment> {
  const [row] = await linkStatement(db, { tokenHash: appointmentTokenHash(token) });
  if (!row) throw linkNotFound();
  return pageOf(row);
}

/** Tells the desk (members who edit the agenda) and the appointment's dentist of the patient's answer. */
async function tellClinic(tx: Executor, row: LinkRow, titulo: string) {
  await notify(tx, {
    clinicaId: row.clinicaId,
    permiso: 'citas.editar',
    alsoUserIds: row.dentistaUsuarioId ? [row.dentistaUsuarioId] : [],
    titulo,
    mensaje: `${row.paciente}, el ${formatLongDate(row.fecha)} a las ${row.horaInicio}`,
    prioridad: 'media',
    enlace: `/citas/${row.citaId}`,
    tipo: 'cita',
  });
}

/**
 * The patient's answer, under the appointment's row lock: confirming an appointment still to come
 * (again is a no-op), or cancelling it before the clinic's cut-off, which frees its slot. Anything else
 * is a 409 that changes nothing.
 */
export async function answerAppointment(
  db: Database,
  token: string,
  answer: 'confirmar' | 'cancelar',
): Promise<{ cita: PatientAppointment; mensaje: string }> {
  const tokenHash = appointmentTokenHash(token);
  await db.transaction(async (tx) => {
    const [row] = await lockedLinkStatement(tx, { tokenHash });
    if (!row) throw linkNotFound();
    if (answer === 'confirmar') {
      if (row.estado === 'confirmada_paciente') return;
      if (!isDue(row.estado)) throw new AppError(409, 'conflict', MESSAGE_MESSAGES.cannotConfirm);
    } else {
      if (!isDue(row.estado)) throw new AppError(409, 'conflict', MESSAGE_MESSAGES.cannotCancel);
      if (!row.aTiempo)
        throw new AppError(409, 'conflict', MESSAGE_MESSAGES.cancelTooLate(row.cancelacionHoras, row.telefono));
    }
    const estado = answer === 'confirmar' ? 'confirmada_paciente' : 'cancelada_paciente';
    await tx.update(citas).set({ estado, fechaActualizacion: new Date() }).where(eq(citas.id, row.citaId));
    if (answer === 'cancelar') await refreshVisits(tx, row, [row.pacienteId], [row.fecha]);
    await tellClinic(
      tx,
      row,
      answer === 'confirmar' ? MESSAGE_MESSAGES.patientConfirmedTitle : MESSAGE_MESSAGES.patientCancelledTitle,
    );
  });
  return {
    cita: await patientAppointment(db, token),
    mensaje: answer === 'confirmar' ? MESSAGE_MESSAGES.confirmed : MESSAGE_MESSAGES.cancelledByPatient,
  };
}
