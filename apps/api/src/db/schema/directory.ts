import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinicas } from './clinics.ts';

export const especialidades = pgTable('especialidades', {
  /** Slug, e.g. 'estetica-dental' (spec 000 §3). */
  id: text('id').primaryKey(),
  nombre: text('nombre').notNull(),
  icono: text('icono').notNull(),
  descripcion: text('descripcion').notNull(),
});

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
