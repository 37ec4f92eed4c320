import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { clinicas } from '../db/schema/index.ts';

/**
 * Where a clinic is (its country and zone): what the rules its country sets are read from, through
 * `clinicCountry` (currency, tax types, the first day of its weeks). Null for an unknown clinic.
 */
export async function clinicPlace(db: Executor, clinicaId: string) {
  const [place] = await db
    .select({ pais: clinicas.pais, zonaHoraria: clinicas.zonaHoraria })
    .from(clinicas)
    .where(eq(clinicas.id, clinicaId));
  return place ?? null;
}
