import type { MessageTemplateId } from '@odontia/shared';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { columnNames } from '../../db/column-map.ts';
import { dentistas, enlacesCita, mensajes, pacientes } from '../../db/schema/index.ts';

/**
 * How a change to an appointment tells the patient (issue 24): one row of the outbox, written by the
 * change's own statement or transaction, so a message is never lost nor sent for a change that rolled
 * back. The one place the rule of who is written to lives: a patient of the clinic with an email, about
 * an appointment still to start. These notices are part of the service the patient booked; reminders
 * are not, and only go to those who consented to them (the outbox's sweep, docs/decisions/0022).
 */
export type AppointmentMessageValues = {
  clinicaId: SQL;
  citaId: SQL;
  pacienteId: SQL;
  dentistaId: SQL;
  inicio: SQL;
  fin: SQL;
  plantilla: MessageTemplateId;
};

/** The INSERT … SELECT of one appointment's email; `from` names relations the values read (a CTE). */
export const appointmentMessageSql = (values: AppointmentMessageValues, from?: SQL): SQL =>
  sql`insert into ${mensajes} (${columnNames(
    mensajes.clinicaId,
    mensajes.citaId,
    mensajes.pacienteId,
    mensajes.canal,
    mensajes.plantilla,
    mensajes.destinatario,
    mensajes.citaInicio,
    mensajes.citaFin,
    mensajes.dentista,
  )})
  select ${values.clinicaId}, ${values.citaId}, ${pacientes.id}, 'email', ${sql.raw(`'${values.plantilla}'`)},
    ${pacientes.email}, ${values.inicio}, ${values.fin}, ${dentistas.nombres} || ' ' || ${dentistas.apellidos}
  from ${from ? sql`${from}, ` : sql``}${pacientes}, ${dentistas}
  where ${and(
    eq(pacientes.id, values.pacienteId),
    eq(pacientes.clinicaId, values.clinicaId),
    eq(dentistas.id, values.dentistaId),
    isNotNull(pacientes.email),
    gt(values.inicio, sql`now()`),
  )}`;

/** Writes one appointment's email to the outbox, inside the caller's transaction. */
export async function enqueueAppointmentMessage(
  tx: Executor,
  values: {
    clinicaId: string;
    citaId: string | null;
    pacienteId: string;
    dentistaId: string;
    inicio: SQL;
    fin: SQL;
    plantilla: MessageTemplateId;
  },
): Promise<void> {
  await tx.execute(
    appointmentMessageSql({
      ...values,
      clinicaId: sql`${values.clinicaId}::uuid`,
      citaId: sql`${values.citaId}::uuid`,
      pacienteId: sql`${values.pacienteId}::uuid`,
      dentistaId: sql`${values.dentistaId}::uuid`,
    }),
  );
}

/** The SHA-256 of a patient's appointment token: the only form of it that is stored. */
export const appointmentTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new link to an appointment's page for the patient (`/cita/{token}`): 32 random bytes, of which only
 * the hash is stored. Answers the token, to be written into the message that carries it.
 */
export async function createAppointmentLink(tx: Executor, clinicaId: string, citaId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(enlacesCita).values({ clinicaId, citaId, tokenHash: appointmentTokenHash(token) });
  return token;
}

/** The patient's page of an appointment, for a link's token. */
export const appointmentPageUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, '')}/cita/${token}`;

/**
 * A message a member sent themselves (a WhatsApp opened from the browser, a recall emailed at once): it
 * is recorded already sent, now, by them; the outbox never claims it.
 */
export const sentByMember = (userId: string) =>
  ({ estado: 'enviado', fechaEnvio: sql`now()`, enviadoPor: userId }) as const;
