import type { BlockKind } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, time, timestamp, uuid } from 'drizzle-orm/pg-core';
import { citas, dentistas } from './appointments.ts';
import { clinicas } from './clinics.ts';

/**
 * A dentist's working hours (issue 24): one row per range of a weekday (ISO: 1 Monday … 7 Sunday), on
 * the clinic's wall clock; a day may have several (morning and afternoon). Free slots for online
 * booking are computed from them; the Día grid shows the time outside them as closed.
 */
export const horariosDentista = pgTable(
  'horarios_dentista',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    dentistaId: uuid('dentista_id')
      .notNull()
      .references(() => dentistas.id, { onDelete: 'cascade' }),
    diaSemana: smallint('dia_semana').notNull(),
    horaInicio: time('hora_inicio').notNull(),
    horaFin: time('hora_fin').notNull(),
  },
  (t) => [
    check('horarios_dentista_dia_valido', sql`${t.diaSemana} between 1 and 7`),
    check('horarios_dentista_fin_despues_de_inicio', sql`${t.horaFin} > ${t.horaInicio}`),
    index('horarios_dentista_dentista_idx').on(t.dentistaId, t.diaSemana, t.horaInicio),
  ],
);

/**
 * Time when a dentist (or, with no dentist, the whole clinic) does not see patients: holidays,
 * training, breaks. Stored as instants, entered on the clinic's wall clock.
 */
export const bloqueosAgenda = pgTable(
  'bloqueos_agenda',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    /** Null: the whole clinic is closed (a public holiday). */
    dentistaId: uuid('dentista_id').references(() => dentistas.id, { onDelete: 'cascade' }),
    inicio: timestamp('inicio', { withTimezone: true }).notNull(),
    fin: timestamp('fin', { withTimezone: true }).notNull(),
    tipo: text('tipo').$type<BlockKind>().notNull(),
    motivo: text('motivo'),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bloqueos_agenda_fin_despues_de_inicio', sql`${t.fin} > ${t.inicio}`),
    check('bloqueos_agenda_tipo_valido', sql`${t.tipo} in ('vacaciones', 'festivo', 'formacion', 'descanso', 'otro')`),
    index('bloqueos_agenda_clinica_idx').on(t.clinicaId, t.inicio),
    index('bloqueos_agenda_dentista_idx').on(t.dentistaId, t.inicio),
  ],
);

/**
 * An online booking in progress (issue 24): the held slot (an appointment `retenida` until
 * `retenida_hasta`), who asked for it, and the 6-digit code emailed to prove the address (its SHA-256,
 * 10 minutes, 5 tries). The browser holds the booking's token (only its hash is here). Once confirmed,
 * the appointment has its patient and the row keeps when that happened.
 */
export const reservasOnline = pgTable(
  'reservas_online',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    citaId: uuid('cita_id').references(() => citas.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique('reservas_online_token_key'),
    servicioId: uuid('servicio_id').notNull(),
    nombres: text('nombres'),
    apellidos: text('apellidos'),
    email: text('email'),
    telefono: text('telefono'),
    /** The patient asked for reminders of this appointment (their consent, recorded on confirming). */
    aceptaRecordatorios: boolean('acepta_recordatorios').notNull().default(false),
    codigoHash: text('codigo_hash'),
    codigoExpira: timestamp('codigo_expira', { withTimezone: true }),
    intentos: integer('intentos').notNull().default(0),
    direccion: text('direccion').notNull(),
    /** The signature of the proof-of-work challenge solved for this hold: each challenge holds one slot. */
    desafio: text('desafio').notNull().unique('reservas_online_desafio_key'),
    fechaConfirmacion: timestamp('fecha_confirmacion', { withTimezone: true }),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reservas_online_cita_idx').on(t.citaId)],
);
