import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clinicas, perfilesUsuario, user } from '../../db/schema/index.ts';
import { loadMember } from '../../platform/session.ts';

/** Everything the web app needs to know about the signed-in person, in one round trip. */
export async function getCurrentAccount(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      onboardingStep: user.onboardingStep,
      nombres: perfilesUsuario.nombres,
      apellidos: perfilesUsuario.apellidos,
      telefono: perfilesUsuario.telefono,
      fotoUrl: perfilesUsuario.fotoUrl,
    })
    .from(user)
    .leftJoin(perfilesUsuario, eq(perfilesUsuario.id, user.id))
    .where(eq(user.id, userId));
  if (!row) return null;
  const member = await loadMember(db, userId);
  const [clinica] = member
    ? await db
        .select({ id: clinicas.id, nombre: clinicas.nombre, logoUrl: clinicas.logoUrl, zonaHoraria: clinicas.zonaHoraria })
        .from(clinicas)
        .where(eq(clinicas.id, member.clinicaId))
    : [];
  return {
    user: { id: row.id, email: row.email, onboardingStep: row.onboardingStep },
    perfil: { nombres: row.nombres, apellidos: row.apellidos, telefono: row.telefono, fotoUrl: row.fotoUrl },
    clinica: clinica ?? null,
    rol: member?.rol ?? null,
    permisos: member ? [...member.permisos].sort() : [],
  };
}

export type CurrentAccount = NonNullable<Awaited<ReturnType<typeof getCurrentAccount>>>;
