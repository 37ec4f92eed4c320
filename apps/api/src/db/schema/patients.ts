import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinicas } from './clinics.ts';

export const pacientes = pgTable(
  'pacientes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    nombres: text('nombres').notNull(),
    apellidos: text('apellidos').notNull(),
    email: text('email'),
    telefono: text('telefono'),
    direccion: text('direccion'),
    fechaNacimiento: date('fecha_nacimiento'),
    /** masculino | femenino | otro */
    genero: text('genero'),
    notas: text('notas'),
    fotoUrl: text('foto_url'),
    /** activo | inactivo */
    estado: text('estado').notNull().default('activo'),
    ultimaVisita: date('ultima_visita'),
    proximaVisita: date('proxima_visita'),
    /**
     * The short list of medical alerts the red badge shows (db/alert-labels.ts writes it whenever the
     * patient's alerts change, in the same transaction): read as a column by the record, the chart, the
     * agenda and the lists, instead of a sub-select per row.
     */
    alertas: jsonb('alertas')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Lower-case, accent-free text of the searchable fields, so 'munoz' finds 'Muñoz'.
     * A trigram index on it serves "contains" searches.
     */
    busqueda: text('busqueda').generatedAlwaysAs(
      sql`odontia_normalizar(nombres || ' ' || apellidos || ' ' || coalesce(email, '') || ' ' || coalesce(telefono, ''))`,
    ),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
    /**
     * Set when a patient with clinical records (chart versions) is deleted: they are deactivated and
     * hidden from every list, search and screen instead of erased (DESIGN §1). Their rows are kept.
     */
    fechaArchivado: timestamp('fecha_archivado', { withTimezone: true }),
    /**
     * The patient's consent (issue 24): to reminders and notices of their appointments (without it the
     * outbox sends them nothing), and to the clinic's other communications (recalls). When it was
     * given and the name of the member who recorded it; null: not given, or withdrawn.
     */
    consentimientoRecordatorios: timestamp('consentimiento_recordatorios', { withTimezone: true }),
    consentimientoRecordatoriosPor: text('consentimiento_recordatorios_por'),
    consentimientoComunicaciones: timestamp('consentimiento_comunicaciones', { withTimezone: true }),
    consentimientoComunicacionesPor: text('consentimiento_comunicaciones_por'),
  },
  (t) => [
    index('pacientes_clinica_orden_idx').on(t.clinicaId, t.apellidos, t.nombres, t.id),
    // The new patients report (issue 25).
    index('pacientes_clinica_creacion_idx').on(t.clinicaId, t.fechaCreacion),
    // fastupdate off: with it, new rows wait in a pending list that every search reads in full
    // until vacuum merges it (measured: a search with no match went from 0.06 ms to 0.7 ms in the
    // 50,000-patient clinic). Patients are written one at a time, so direct inserts cost little.
    index('pacientes_busqueda_trgm_idx')
      .using('gin', t.clinicaId, sql`${t.busqueda} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * One row per clinic with its number of patients, kept exact by statement triggers on `pacientes`
 * (migration 0024) in the same transaction as the insert or delete, so the
 * unfiltered list shows "de N" without counting 50,000 rows per page. `version` grows with every
 * change to the clinic's patients: a search count computed at version V stays exact while the
 * version is still V (see patients.service.ts).
 */
export const pacientesConteo = pgTable('pacientes_conteo', {
  clinicaId: uuid('clinica_id')
    .primaryKey()
    .references(() => clinicas.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
