import type { CurrencyCode } from '@odontia/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clinicas } from '../../db/schema/index.ts';
import { loadMember } from '../../platform/session.ts';
import { getProfile } from './profile.service.ts';

/**
 * Everything the web app needs to know about the signed-in person, in one request: the profile
 * comes from the profile service, so /api/me and /api/perfil read it the same way.
 */
export async function getCurrentAccount(db: Database, userId: string) {
  const profile = await getProfile(db, userId);
  if (!profile) return null;
  const { email, onboardingStep, ...perfil } = profile;
  const member = await loadMember(db, userId);
  const [clinica] = member
    ? await db
        .select({
          id: clinicas.id,
          nombre: clinicas.nombre,
          logoUrl: clinicas.logoUrl,
          // The clinic's date rules on the web: its "today" and the first day of its weeks.
          pais: clinicas.pais,
          zonaHoraria: clinicas.zonaHoraria,
          // How its amounts are written (issue 23).
          moneda: sql<CurrencyCode>`${clinicas.moneda}`,
          esProveedor: clinicas.esProveedor,
        })
        .from(clinicas)
        .where(eq(clinicas.id, member.clinicaId))
    : [];
  return {
    user: { id: userId, email, onboardingStep },
    perfil,
    clinica: clinica ?? null,
    rol: member?.rol ?? null,
    permisos: member ? [...member.permisos].sort() : [],
  };
}

export type CurrentAccount = NonNullable<Awaited<ReturnType<typeof getCurrentAccount>>>;
