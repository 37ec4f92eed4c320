import { sql } from 'drizzle-orm';
import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** bytea as bytes: node-postgres reads a Buffer and PGlite a Uint8Array, both Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded files when the API runs on PostgreSQL (platform/storage/postgres.ts), so that every
 * instance serves every file: one row per storage key, read by its primary key.
 */
export const archivos = pgTable('archivos', {
  /** The storage key (`logos/{clinic}/…`), as `/files/{clave}` serves it. */
  clave: text('clave').primaryKey(),
  tipoContenido: text('tipo_contenido').notNull(),
  contenido: bytea('contenido').notNull(),
  /** Kept by PostgreSQL from `contenido`, to size the table without reading the files. */
  tamano: integer('tamano')
    .notNull()
    .generatedAlwaysAs(sql`octet_length(contenido)`),
  fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
});
