import type { Permission, Rol } from '@odontia/shared';
import { eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { clinicas, permisos, permisosRol, usuarios, usuariosRol } from '../db/schema/index.ts';
import type { AppEnv, Member, SessionUser } from './context.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import type { Database } from '../db/client.ts';

/** Requires a valid session; sets `c.var.user`. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const result = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!result) throw unauthorized();
  const u = result.user as typeof result.user & { onboardingStep?: string };
  c.set('user', { id: u.id, email: u.email, name: u.name, onboardingStep: u.onboardingStep ?? 'pendiente' } satisfies SessionUser);
  await next();
});

export const CLINIC_REQUIRED_MESSAGE = 'Necesitas configurar tu clínica para continuar';

export async function loadMember(db: Database, userId: string): Promise<Member | null> {
  const rows = await db
    .select({
      clinicaId: usuarios.clinicaId,
      rol: usuarios.rol,
      activo: usuarios.activo,
      zonaHoraria: clinicas.zonaHoraria,
      permisos: sql<string[]>`coalesce(array_agg(distinct ${permisos.nombre}) filter (where ${permisos.nombre} is not null), '{}')`,
    })
    .from(usuarios)
    .innerJoin(clinicas, eq(clinicas.id, usuarios.clinicaId))
    .leftJoin(usuariosRol, eq(usuariosRol.usuarioId, usuarios.id))
    .leftJoin(permisosRol, eq(permisosRol.rolId, usuariosRol.rolId))
    .leftJoin(permisos, eq(permisos.id, permisosRol.permisoId))
    .where(eq(usuarios.id, userId))
    .groupBy(usuarios.clinicaId, usuarios.rol, usuarios.activo, clinicas.zonaHoraria);
  const row = rows[0];
  if (!row || !row.activo) return null;
  return {
    userId,
    clinicaId: row.clinicaId,
    rol: row.rol as Rol,
    permisos: new Set(row.permisos as Permission[]),
    zonaHoraria: row.zonaHoraria,
  };
}

/** Requires a session and membership of a clinic; sets `c.var.user` and `c.var.member`. */
export const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  await requireUser(c, async () => {
    const member = await loadMember(c.var.deps.db, c.var.user.id);
    if (!member) throw new AppError(403, 'clinic_required', CLINIC_REQUIRED_MESSAGE);
    c.set('member', member);
    await next();
  });
});

/**
 * Every clinic route names the permission it needs. The clinic comes from the session's membership;
 * any clinica_id in the request is ignored by construction.
 */
export function requirePermission(permission: Permission) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await requireMember(c, async () => {
      if (!c.var.member.permisos.has(permission)) throw forbidden();
      await next();
    });
  });
}
