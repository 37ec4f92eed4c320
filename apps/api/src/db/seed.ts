import { PERMISSIONS } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client.ts';
import { seedTerms } from '../features/terms/terms.service.ts';
import { seedDirectoryDemo, seedEspecialidades } from '../features/directory/directory.seed.ts';
import { seedNoticias } from '../features/news/news.seed.ts';
import { permisos } from './schema/index.ts';

/**
 * Reference data every installation needs, whatever SEED_DEMO says: the permission catalogue
 * (new permissions appear on upgrade; descriptions follow the code), the terms and conditions
 * every registration accepts, and the community news of the dashboard.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(permisos)
    .values(PERMISSIONS.map((p) => ({ nombre: p.nombre, descripcion: p.descripcion, modulo: p.modulo })))
    .onConflictDoUpdate({
      target: permisos.nombre,
      set: { descripcion: sql`excluded.descripcion`, modulo: sql`excluded.modulo` },
    });
  await seedTerms(db);
  await seedEspecialidades(db);
  await seedNoticias(db);
}

export type DemoSeeder = (tx: Executor) => Promise<void>;

/**
 * Demo data (sample clinics, specialties, terms...) is contributed by the features that own it and
 * runs once, on an empty database (no user yet), when SEED_DEMO is on.
 */
export const demoSeeders: DemoSeeder[] = [seedDirectoryDemo];

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ empty: sql<boolean>`not exists (select 1 from "user") and not exists (select 1 from clinicas)` })
    .from(sql`(select 1) as uno`);
  return Boolean(row?.empty);
}

export async function seed(db: Database, options: { demo: boolean }): Promise<{ demo: boolean }> {
  await seedReferenceData(db);
  if (!options.demo || !(await isDatabaseEmpty(db))) return { demo: false };
  // All or nothing: a half-seeded database would never be seeded again (it is no longer empty).
  await db.transaction(async (tx) => {
    for (const seeder of demoSeeders) await seeder(tx);
  });
  return { demo: true };
}
