import type { CollectionMethod } from '@odontia/shared';
import { bigint, date, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { clinicas } from './clinics.ts';

/**
 * Daily rollups of the reports (issue 25): per clinic and local day (its `zona_horaria`) and the
 * dimensions the reports group by, the counts and sums of the raw rows. They are kept exact by
 * statement-level triggers on the raw tables (migration 0041: one aggregated delta per statement, old
 * rows subtracted and new ones added), applied when the transaction commits (migration 0050: the rollup
 * rows are locked only during the commit), and rebuilt for a clinic by `reconstruir_resumenes(clinica)`,
 * which runs when the clinic's zone changes (its local days move). A row whose counts went back to zero
 * stays (readers skip it). The dimension columns hold ids with no foreign key: when a dentist or a service
 * is deleted, the raw rows' update (set null) moves their counts, as any other update does.
 */

/** Treatments done (`tratamientos_realizados`) per local day of `fecha`, dentist and service. */
export const resumenProduccion = pgTable(
  'resumen_produccion',
  {
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    dentistaId: uuid('dentista_id'),
    servicioId: uuid('servicio_id'),
    tratamientos: integer('tratamientos').notNull(),
    importe: bigint('importe', { mode: 'number' }).notNull(),
  },
  (t) => [unique('resumen_produccion_key').on(t.clinicaId, t.dia, t.dentistaId, t.servicioId).nullsNotDistinct()],
);

/**
 * Payments (`cobros`) per local day of `fecha`, method and member who took them: payments and
 * annulments counted and summed apart (annulments' amounts are negative, as in `cobros`).
 */
export const resumenCobros = pgTable(
  'resumen_cobros',
  {
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    metodo: text('metodo').$type<CollectionMethod>().notNull(),
    cobradoPor: text('cobrado_por'),
    cobradoPorNombre: text('cobrado_por_nombre').notNull(),
    cobros: integer('cobros').notNull(),
    importeCobros: bigint('importe_cobros', { mode: 'number' }).notNull(),
    anulaciones: integer('anulaciones').notNull(),
    importeAnulaciones: bigint('importe_anulaciones', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('resumen_cobros_key').on(t.clinicaId, t.dia, t.metodo, t.cobradoPor, t.cobradoPorNombre).nullsNotDistinct(),
  ],
);

/** Appointments (`citas`) per local day of `inicio`, dentist and state; online booking holds are left out. */
export const resumenCitas = pgTable(
  'resumen_citas',
  {
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    dentistaId: uuid('dentista_id').notNull(),
    estado: text('estado').notNull(),
    citas: integer('citas').notNull(),
  },
  (t) => [primaryKey({ name: 'resumen_citas_pkey', columns: [t.clinicaId, t.dia, t.dentistaId, t.estado] })],
);

/**
 * What the balance report reads (issue 25): per clinic and local day, the production (treatments done,
 * `resumen_produccion_dia`) and the net collections (payments less annulments, `resumen_cobros_dia`),
 * without dimensions. Its opening balance sums every day before the range: the production rollup has a
 * row per day, dentist and service (up to one per treatment), these one a day. Kept by the same
 * trigger statements as the rollups above (migration 0044). Two tables, not one: a payment, which holds
 * the clinic's receipt counter until it commits, never waits for a treatment being recorded.
 */
export const resumenProduccionDia = pgTable(
  'resumen_produccion_dia',
  {
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    importe: bigint('importe', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'resumen_produccion_dia_pkey', columns: [t.clinicaId, t.dia] })],
);

export const resumenCobrosDia = pgTable(
  'resumen_cobros_dia',
  {
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    importe: bigint('importe', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'resumen_cobros_dia_pkey', columns: [t.clinicaId, t.dia] })],
);
