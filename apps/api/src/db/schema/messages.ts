import {
  PLANTILLAS_GUARDADAS,
  type MessageChannel,
  type MessageStatus,
  type StoredMessageTemplate,
} from '@odontia/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { citas } from './appointments.ts';
import { clinicas, usuarios } from './clinics.ts';
import { pacientes } from './patients.ts';

/**
 * The outbox of messages to patients (issue 24, docs/decisions/0022): every email about an appointment
 * is a row here first, written in the same transaction as the change it tells of, and sent by the API
 * process itself (platform/outbox.ts), which claims due rows with FOR UPDATE SKIP LOCKED so that any
 * number of instances share the work and none sends a row another holds. A claim is a lease
 * (`reclamado_hasta`): a row whose instance died is claimed again once it ends. A failed send waits
 * and is tried again (`intentos`, `ultimo_error`) until it is `fallido`.
 *
 * The appointment is kept as it was when the message was made (`cita_inicio`, `cita_fin`,
 * `dentista`), so a cancellation is told right after the appointment is deleted, and a reminder whose
 * appointment moved since is dropped, not sent with the old time. WhatsApp reminders are sent by a
 * member from the browser; they are recorded here as sent, with who sent them. So are check-up recalls
 * (`revision`), which are emailed at once, never queued: the check keeps them `enviado`.
 */
export const mensajes = pgTable(
  'mensajes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    citaId: uuid('cita_id').references(() => citas.id, { onDelete: 'set null' }),
    pacienteId: uuid('paciente_id')
      .notNull()
      .references(() => pacientes.id, { onDelete: 'cascade' }),
    canal: text('canal').$type<MessageChannel>().notNull(),
    plantilla: text('plantilla').$type<StoredMessageTemplate>().notNull(),
    /** An email address, or a phone in E.164 for WhatsApp. */
    destinatario: text('destinatario').notNull(),
    /** The appointment as it was; null for a message about the patient's account (`saldo`) or a recall (`revision`). */
    citaInicio: timestamp('cita_inicio', { withTimezone: true }),
    citaFin: timestamp('cita_fin', { withTimezone: true }),
    dentista: text('dentista'),
    /** A balance reminder's amount owed when it was made (minor units of the clinic's currency). */
    importe: bigint('importe', { mode: 'number' }),
    enviarEn: timestamp('enviar_en', { withTimezone: true }).notNull().defaultNow(),
    estado: text('estado').$type<MessageStatus>().notNull().default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    reclamadoHasta: timestamp('reclamado_hasta', { withTimezone: true }),
    /**
     * When the instance sending the row was about to send the line that ends the email (its SMTP data
     * was all with the server): a claim that ends with it set was delivered, and is not sent again.
     */
    cierreEn: timestamp('cierre_en', { withTimezone: true }),
    ultimoError: text('ultimo_error'),
    fechaEnvio: timestamp('fecha_envio', { withTimezone: true }),
    enviadoPor: text('enviado_por').references(() => usuarios.id, { onDelete: 'set null' }),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('mensajes_canal_valido', sql`${t.canal} in ('email', 'whatsapp')`),
    check(
      'mensajes_plantilla_valida',
      sql`${t.plantilla} in (${sql.raw(PLANTILLAS_GUARDADAS.map((p) => `'${p}'`).join(', '))})`,
    ),
    check(
      'mensajes_forma_valida',
      sql`case when ${t.plantilla} in ('saldo', 'saldo_whatsapp') then ${t.importe} is not null and ${t.importe} > 0 when ${t.plantilla} in ('revision', 'revision_whatsapp') then ${t.citaId} is null and ${t.importe} is null and ${t.estado} = 'enviado' else ${t.citaInicio} is not null and ${t.citaFin} is not null and ${t.dentista} is not null end`,
    ),
    check('mensajes_estado_valido', sql`${t.estado} in ('pendiente', 'enviando', 'enviado', 'fallido', 'descartado')`),
    // What the outbox claims: only the few rows still to send are in it.
    index('mensajes_por_enviar_idx')
      .on(t.enviarEn)
      .where(sql`${t.estado} in ('pendiente', 'enviando')`),
    index('mensajes_cita_idx').on(t.citaId, t.fechaCreacion.desc().nullsFirst()),
    // The debtors' list reads each patient's last balance reminder.
    index('mensajes_saldo_paciente_idx')
      .on(t.pacienteId, t.fechaCreacion.desc().nullsFirst())
      .where(sql`${t.plantilla} in ('saldo', 'saldo_whatsapp')`),
    // 'Revisiones pendientes' reads each patient's last recall.
    index('mensajes_revision_paciente_idx')
      .on(t.pacienteId, t.fechaCreacion.desc().nullsFirst())
      .where(sql`${t.plantilla} in ('revision', 'revision_whatsapp')`),
    // One email reminder per appointment and start time, however many instances sweep for them.
    uniqueIndex('mensajes_recordatorio_key')
      .on(t.citaId, t.citaInicio)
      .where(sql`${t.plantilla} = 'recordatorio'`),
  ],
);

/**
 * A link a message gave the patient to their appointment's page (`/cita/{token}`). Only the SHA-256 of
 * its token is kept. It works while the appointment is still to end, wherever it has moved.
 */
export const enlacesCita = pgTable(
  'enlaces_cita',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    citaId: uuid('cita_id')
      .notNull()
      .references(() => citas.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enlaces_cita_token_key').on(t.tokenHash), index('enlaces_cita_cita_idx').on(t.citaId)],
);
