import { eq, sql, type Column } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ph, preparedQuery } from '../../db/prepared.ts';
import { archivos } from '../../db/schema/index.ts';
import { assertSafeKey, plainBytes, servableContentType, storableContentType, type Storage } from './storage.ts';

/** The value an upsert tried to insert, for its DO UPDATE (so the bytes are sent once, not twice). */
const excluded = (column: Column) => sql`excluded.${sql.identifier(column.name)}`;

/** A file's type and bytes by its key: built once, a named prepared statement. */
const fileByKey = preparedQuery<{ clave: string }>('archivo_por_clave')((db) =>
  db
    .select({ contentType: archivos.tipoContenido, bytes: archivos.contenido })
    .from(archivos)
    .where(eq(archivos.clave, ph('clave'))),
);

/**
 * Files in the `archivos` table, shared by every API instance on the database. Serving a file is
 * one read by primary key (a prepared statement); public files are then cached by browsers for a
 * year (`/files/...`), so the database sees about one read per browser and file.
 *
 * Takes the database, never a transaction: a file is stored before the row that points at it is
 * written, and deleted after (see stored-images.ts).
 */
export function createPostgresStorage(db: Database): Storage {
  return {
    driver: 'postgres',

    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await db
        .insert(archivos)
        .values({ clave: key, tipoContenido: storableContentType(contentType), contenido: bytes })
        .onConflictDoUpdate({
          target: archivos.clave,
          set: {
            tipoContenido: excluded(archivos.tipoContenido),
            contenido: excluded(archivos.contenido),
            fechaActualizacion: sql`now()`,
          },
        });
    },

    async get(key) {
      assertSafeKey(key);
      const [row] = await fileByKey(db, { clave: key });
      return row ? { bytes: plainBytes(row.bytes), contentType: servableContentType(row.contentType) } : null;
    },

    async delete(key) {
      assertSafeKey(key);
      await db.delete(archivos).where(eq(archivos.clave, key));
    },
  };
}
