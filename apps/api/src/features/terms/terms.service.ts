import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { terminosYCondiciones } from '../../db/schema/index.ts';
import { TERMS_V1 } from './terms.content.ts';

/** Spec 000 §7: the latest version by id (version and contenido), or null when there is none. */
export async function getLatestTerms(db: Executor) {
  const [row] = await db
    .select({
      id: terminosYCondiciones.id,
      version: terminosYCondiciones.version,
      contenido: terminosYCondiciones.contenido,
    })
    .from(terminosYCondiciones)
    .orderBy(desc(terminosYCondiciones.id))
    .limit(1);
  return row ?? null;
}

/**
 * Reference data, not demo data: registration requires accepting the terms, so every installation
 * needs a version. Only an empty table gets it; an operator's newer version is never touched.
 */
export async function seedTerms(db: Executor): Promise<void> {
  await db.execute(sql`
    insert into ${terminosYCondiciones} (version, contenido)
    select ${TERMS_V1.version}, ${TERMS_V1.contenido}
    where not exists (select 1 from ${terminosYCondiciones})
  `);
}
