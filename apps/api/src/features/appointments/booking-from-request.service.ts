import { APPOINTMENT_MESSAGES, type AppointmentRequestDraft } from '@odontia/shared';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { pacientes, solicitudesCita } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { Member } from '../../platform/context.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';

/** A request from the public profile, turned into an appointment by 'Crear cita'. */
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
 * The booking's part of a request, in the booking's transaction: the request becomes atendida, and
 * the patient is the one chosen or else the request's (found or created). Answers the patient's id.
 */
export async function attendRequest(
  tx: Executor,
  member: Member,
  direccion: string,
  solicitudId: string,
  pacienteId: string | null | undefined,
): Promise<string> {
  const solicitud = await findRequest(tx, member, solicitudId);
  if (!solicitud) throw unprocessable(APPOINTMENT_MESSAGES.solicitudNotFound, 'solicitudId');
  const patient = pacienteId ?? (await patientFromRequest(tx, member, direccion, solicitud));
  await tx
    .update(solicitudesCita)
    .set({ estado: 'atendida', fechaActualizacion: new Date() })
    .where(eq(solicitudesCita.id, solicitud.id));
  return patient;
}
