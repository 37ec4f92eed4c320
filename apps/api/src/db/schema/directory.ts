import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinicas } from './clinics.ts';

export const especialidades = pgTable('especialidades', {
  /** Slug, e.g. 'estetica-dental' (spec 000 §3). */
  id: text('id').primaryKey(),
  nombre: text('nombre').notNull(),
  icono: text('icono').notNull(),
  descripcion: text('descripcion').notNull(),
});

/**
 * One row whose version moves with every write to what the public pages show (clinicas, dentistas,
 * especialidades; triggers of migration 0042, in the writing transaction): the rendered public pages
 * are reused while it holds (features/directory/seo/page-cache.ts).
 */
export const directorioVersion = pgTable(
  'directorio_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('directorio_version_una_fila', sql`${t.id} = 1`)],
);

/** Appointment requests sent by visitors from a clinic's public profile. */
export const solicitudesCita = pgTable(
  'solicitudes_cita',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    email: text('email').notNull(),
    telefono: text('telefono'),
    mensaje: text('mensaje').notNull(),
    fechaPreferida: date('fecha_preferida'),
    /** nueva | atendida */
    estado: text('estado').notNull().default('nueva'),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
  },
  (t) => [index('solicitudes_cita_clinica_idx').on(t.clinicaId, t.fechaCreacion.desc().nullsFirst())],
);
