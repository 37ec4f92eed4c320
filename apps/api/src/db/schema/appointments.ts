import type { StoredAppointmentStatus } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinicas, usuarios } from './clinics.ts';
import { solicitudesCita } from './directory.ts';
import { pacientes } from './patients.ts';

/**
 * A clinic's dentists (spec 001 §3 dentistas; DESIGN §1: they have their own screen). `usuario_id`
 * optionally links a team member, who is then notified of their appointments.
 */
export const dentistas = pgTable(
  'dentistas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    nombres: text('nombres').notNull(),
    apellidos: text('apellidos').notNull(),
    /** One of the eight specialty ids (ESPECIALIDAD_IDS). */
    especialidad: text('especialidad').notNull(),
    /** One of DENTIST_COLORS. */
    color: text('color').notNull(),
    activo: boolean('activo').notNull().default(true),
    usuarioId: text('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
  },
  (t) => [index('dentistas_clinica_idx').on(t.clinicaId, t.nombres, t.apellidos)],
);

/**
 * Appointments (spec 001 §3 citas). The form's fecha + hora_inicio/hora_fin are the clinic's local
 * time; they are stored as the instants `inicio`/`fin`, computed in the database from
 * `clinicas.zona_horaria`, so a daylight-saving change moves no appointment (10:00 stays 10:00).
 *
 * No double booking: the exclusion constraint `citas_sin_solape` (custom migration, btree_gist)
 * refuses two non-cancelled appointments of one dentist whose [inicio, fin) ranges overlap; touching
 * edges (one ends at 10:30, the next starts at 10:30) do not overlap.
 */
export const CITAS_SIN_SOLAPE = 'citas_sin_solape';
export const citas = pgTable(
  'citas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    /** Null only while an online booking holds the slot (`retenida`): the patient is not known yet. */
    pacienteId: uuid('paciente_id').references(() => pacientes.id, { onDelete: 'cascade' }),
    dentistaId: uuid('dentista_id')
      .notNull()
      .references(() => dentistas.id, { onDelete: 'cascade' }),
    inicio: timestamp('inicio', { withTimezone: true }).notNull(),
    fin: timestamp('fin', { withTimezone: true }).notNull(),
    /** Treatment or reason. */
    titulo: text('titulo').notNull(),
    notas: text('notas'),
    /** ESTADOS_CITA (checked by `citas_estado_valido`, migrations 0009 and 0037). */
    estado: text('estado').$type<StoredAppointmentStatus>().notNull().default('pendiente'),
    solicitudId: uuid('solicitud_id').references(() => solicitudesCita.id, { onDelete: 'set null' }),
    /**
     * An online booking's hold (issue 24): the slot is the patient's until then, under the no-overlap
     * constraint like any appointment; a hold that has ended blocks nobody (it is deleted by whoever
     * needs its time, and swept by the outbox's rounds).
     */
    retenidaHasta: timestamp('retenida_hasta', { withTimezone: true }),
    /** Booked by the patient from the public profile, rather than by the clinic. */
    online: boolean('online').notNull().default(false),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
  },
  (t) => [
    check('citas_fin_despues_de_inicio', sql`${t.fin} > ${t.inicio}`),
    check(
      'citas_paciente_salvo_retenida',
      sql`(${t.estado} = 'retenida') = (${t.pacienteId} is null) and (${t.estado} = 'retenida') = (${t.retenidaHasta} is not null)`,
    ),
    index('citas_clinica_inicio_idx').on(t.clinicaId, t.inicio, t.id),
    index('citas_dentista_inicio_idx').on(t.dentistaId, t.inicio),
    index('citas_paciente_idx').on(t.pacienteId, t.inicio),
    // The holds an outbox round deletes once they end.
    index('citas_retenidas_idx')
      .on(t.retenidaHasta)
      .where(sql`${t.estado} = 'retenida'`),
  ],
);

/**
 * Per clinic and dentist, a number moved by triggers (migration 0024) in the same transaction as any
 * write to that dentist's appointments or to the dentist. With the clinic's patient version
 * (pacientes_conteo) it tells when what the agenda shows may have changed: the agenda's reads are
 * reused while their sum holds (docs/decisions/0012). One row per dentist, so that bookings for
 * different dentists do not wait for each other. No foreign keys: a deleted clinic's rows are
 * harmless, and the triggers must not fail while its appointments are deleted by cascade.
 */
export const citasVersion = pgTable(
  'citas_version',
  {
    clinicaId: uuid('clinica_id').notNull(),
    dentistaId: uuid('dentista_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clinicaId, t.dentistaId] })],
);
