import {
  templatesOf,
  type AppointmentMessage,
  type MessageSettings,
  type MessageTemplateId,
  type MessageTemplates,
} from '@odontia/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isoTimestampSql } from '../../db/prepared.ts';
import { citas, clinicas, mensajes, usuarios } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { Member } from '../../platform/context.ts';

/** The clinic's reminder settings and templates, its own merged over the defaults. */
export async function messageSettings(db: Database, member: Pick<Member, 'clinicaId'>): Promise<MessageSettings> {
  const [row] = await db
    .select({
      recordatorioHoras: clinicas.recordatorioHoras,
      cancelacionHoras: clinicas.cancelacionHoras,
      plantillas: clinicas.plantillasMensajes,
    })
    .from(clinicas)
    .where(eq(clinicas.id, member.clinicaId));
  return { ...row!, plantillas: templatesOf(row!.plantillas) };
}

/** Stores every template sent: what the clinic sees is what it sends, even where it equals the default. */
export async function saveMessageSettings(
  db: Database,
  member: Pick<Member, 'clinicaId'>,
  data: MessageSettings,
): Promise<MessageSettings> {
  await db
    .update(clinicas)
    .set({
      recordatorioHoras: data.recordatorioHoras,
      cancelacionHoras: data.cancelacionHoras,
      plantillasMensajes: data.plantillas satisfies MessageTemplates,
      fechaActualizacion: new Date(),
    })
    .where(eq(clinicas.id, member.clinicaId));
  return messageSettings(db, member);
}

/**
 * What was sent (or tried) to the patient about one of the clinic's appointments, newest first; null
 * when the appointment is not the clinic's. A view of it is a row of the audit trail: the messages
 * carry the patient's contact and appointments.
 */
export async function appointmentMessages(
  db: Database,
  actor: AuditActor,
  citaId: string,
): Promise<AppointmentMessage[] | null> {
  return db.transaction(async (tx) => {
    const [cita] = await tx
      .select({ pacienteId: citas.pacienteId })
      .from(citas)
      .where(and(eq(citas.id, citaId), eq(citas.clinicaId, actor.clinicaId)));
    if (!cita) return null;
    const rows = await tx
      .select({
        id: mensajes.id,
        canal: mensajes.canal,
        // A message about an appointment has one of its templates (the balance reminders name no appointment).
        plantilla: sql<MessageTemplateId>`${mensajes.plantilla}`,
        destinatario: mensajes.destinatario,
        estado: mensajes.estado,
        intentos: mensajes.intentos,
        enviarEn: isoTimestampSql(mensajes.enviarEn),
        fechaEnvio: isoTimestampSql(mensajes.fechaEnvio),
        ultimoError: mensajes.ultimoError,
        enviadoPor: sql<string | null>`nullif(${usuarios.nombres}, '')`,
      })
      .from(mensajes)
      .leftJoin(usuarios, eq(usuarios.id, mensajes.enviadoPor))
      .where(and(eq(mensajes.citaId, citaId), eq(mensajes.clinicaId, actor.clinicaId)))
      .orderBy(desc(mensajes.fechaCreacion), desc(mensajes.id));
    await recordAudit(tx, actor, { accion: 'mensajes.ver', pacienteId: cita.pacienteId, detalle: { citaId } });
    return rows;
  });
}
