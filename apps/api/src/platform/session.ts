import type { MemberRol, Permission } from '@odontia/shared';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { accesosVersion, clinicas, permisos, permisosRol, usuarios, usuariosRol } from '../db/schema/index.ts';
import type { AppEnv, Member, SessionUser } from './context.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import type { Database } from '../db/client.ts';
import type { Auth } from './auth.ts';
import { Lru } from './lru.ts';

/**
 * Sessions resolved in the last second, by session cookie. Every API request needs the session, and
 * resolving it (cookie signature, session row, user row) cost more than a page of patients; within
 * one second the same browser usually sends several requests. The trade-off: a session revoked
 * elsewhere (another API instance, a direct database change) may still be honoured for up to
 * SESSION_CACHE_MS. Any POST to /api/auth on this instance (sign-out, password reset, revocations)
 * empties it at once (`forgetCachedSessions`). Only sessions better-auth has validated are stored,
 * and only until the sooner of one second and the session's own expiry.
 */
export const SESSION_CACHE_MS = 1000;
const SESSION_CACHE_MAX = 10_000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

type SessionCache = {
  generation: number;
  entries: Lru<string, { user: SessionUser; until: number }>;
  /** Lookups running now, by cookie and generation: concurrent requests of one browser share one. */
  pending: Map<string, Promise<SessionUser | null>>;
};
const sessionCaches = new WeakMap<object, SessionCache>();

function sessionCacheFor(auth: object): SessionCache {
  let cache = sessionCaches.get(auth);
  if (!cache) {
    cache = { generation: 0, entries: new Lru(SESSION_CACHE_MAX), pending: new Map() };
    sessionCaches.set(auth, cache);
  }
  return cache;
}

/** Drops every cached session of this app instance (called after any change made through /api/auth). */
export function forgetCachedSessions(auth: object): void {
  const cache = sessionCacheFor(auth);
  cache.generation += 1;
  cache.entries.clear();
  cache.pending.clear();
}

async function resolveSessionUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const key = SESSION_COOKIE.exec(headers.get('cookie') ?? '')?.[1];
  const cache = sessionCacheFor(auth);
  if (!key) return lookUpSession(auth, cache, headers, undefined);
  const hit = cache.entries.get(key);
  if (hit && hit.until > Date.now()) return hit.user;
  if (hit) cache.entries.delete(key);
  // When the entry expires, the requests a browser has in flight would each verify the same cookie
  // and read the same rows at once: they wait for the one lookup already running instead. Keyed by
  // the whole Cookie header, so requests that differ in any other cookie never share an answer.
  const pendingKey = `${cache.generation}\n${headers.get('cookie')}`;
  let pending = cache.pending.get(pendingKey);
  if (!pending) {
    pending = lookUpSession(auth, cache, headers, key).finally(() => cache.pending.delete(pendingKey));
    cache.pending.set(pendingKey, pending);
  }
  return pending;
}

async function lookUpSession(
  auth: Auth,
  cache: SessionCache,
  headers: Headers,
  key: string | undefined,
): Promise<SessionUser | null> {
  const now = Date.now();
  const generation = cache.generation;
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const u = result.user as typeof result.user & { onboardingStep?: string };
  const user: SessionUser = { id: u.id, email: u.email, name: u.name, onboardingStep: u.onboardingStep ?? 'pendiente' };
  // Not stored if a sign-out or revocation happened while this lookup was running.
  if (key && generation === cache.generation) {
    cache.entries.set(key, {
      user,
      until: Math.min(now + SESSION_CACHE_MS, new Date(result.session.expiresAt).getTime()),
    });
  }
  return user;
}

/** Requires a valid session; sets `c.var.user`. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = await resolveSessionUser(c.var.deps.auth, c.req.raw.headers);
  if (!user) throw unauthorized();
  c.set('user', user);
  await next();
});

export const CLINIC_REQUIRED_MESSAGE = 'Necesitas configurar tu clínica para continuar';

/**
 * A member's permissions, kept per process and reused while their clinic's `accesos_version` is the
 * one they were read with. The version moves in the very transaction of any change to a grant, a
 * role or a role assignment (triggers of migration 0016), and is read with the member on every
 * request, in the same statement that would read the permissions: a withdrawn permission therefore
 * applies to the very next request, on any instance, exactly as without the cache. Only the
 * aggregation over roles and grants is saved (about three quarters of the membership query's cost);
 * the member's row (active, rol, clinic) is read every time.
 */
type CachedPermissions = { clinicaId: string; version: number; permisos: ReadonlySet<Permission> };
const PERMISSION_CACHE_MAX = 10_000;
const permissionCaches = new WeakMap<Database, Lru<string, CachedPermissions>>();

function prepareMemberQuery(db: Database) {
  const version = sql<number>`coalesce(${accesosVersion.version}, 0)`;
  const current = sql`${usuarios.clinicaId} = ${sql.placeholder('clinicaId')}::uuid and ${version} = ${sql.placeholder('version')}::bigint`;
  return db
    .select({
      clinicaId: usuarios.clinicaId,
      rol: usuarios.rol,
      activo: usuarios.activo,
      zonaHoraria: clinicas.zonaHoraria,
      esProveedor: clinicas.esProveedor,
      version: sql<number>`${version}::float8`,
      // Null when the caller's cached permissions (clinic and version given) are still exact.
      permisos: sql<string[] | null>`case when ${current} then null else (
        select coalesce(array_agg(distinct ${permisos.nombre}), '{}')
        from ${usuariosRol}
        join ${permisosRol} on ${permisosRol.rolId} = ${usuariosRol.rolId}
        join ${permisos} on ${permisos.id} = ${permisosRol.permisoId}
        where ${usuariosRol.usuarioId} = ${usuarios.id}
      ) end`,
    })
    .from(usuarios)
    .innerJoin(clinicas, eq(clinicas.id, usuarios.clinicaId))
    .leftJoin(accesosVersion, eq(accesosVersion.clinicaId, usuarios.clinicaId))
    .where(eq(usuarios.id, sql.placeholder('userId')))
    .prepare('odontia_load_member');
}

// Runs on every clinic request: a named prepared statement is planned once per connection instead
// of every time (planning the join cost more than running it).
const memberQueries = new WeakMap<Database, ReturnType<typeof prepareMemberQuery>>();

export async function loadMember(db: Database, userId: string): Promise<Member | null> {
  let query = memberQueries.get(db);
  let cache = permissionCaches.get(db);
  if (!query || !cache) {
    query = prepareMemberQuery(db);
    memberQueries.set(db, query);
    cache = new Lru(PERMISSION_CACHE_MAX);
    permissionCaches.set(db, cache);
  }
  const cached = cache.get(userId);
  const rows = await query.execute({ userId, clinicaId: cached?.clinicaId ?? null, version: cached?.version ?? null });
  const row = rows[0];
  if (!row || !row.activo) return null;
  let permissions = cached?.permisos;
  if (row.permisos !== null || !permissions) {
    permissions = new Set((row.permisos ?? []) as Permission[]);
    cache.set(userId, { clinicaId: row.clinicaId, version: Number(row.version), permisos: permissions });
  }
  return {
    userId,
    clinicaId: row.clinicaId,
    rol: row.rol as MemberRol,
    permisos: permissions,
    zonaHoraria: row.zonaHoraria,
    esProveedor: row.esProveedor,
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
export function requirePermission(permission: Permission, message?: string) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    await requireMember(c, async () => {
      if (!c.var.member.permisos.has(permission)) throw forbidden(message);
      await next();
    });
  });
  return Object.assign(middleware, { [ROUTE_PERMISSION]: permission });
}

const ROUTE_PERMISSION = Symbol('odontia.routePermission');

/**
 * The permission a route's handler requires, read from the route table (`app.routes`): the
 * permission matrix test walks every route with this, so a route added later is covered too.
 */
export function routePermission(handler: unknown): Permission | undefined {
  return (handler as { [ROUTE_PERMISSION]?: Permission } | null)?.[ROUTE_PERMISSION];
}

/**
 * For routes that answer everyone (files): whether the request's session belongs to an active member
 * of `clinicaId` whose role has `permission`. Never throws for a missing or foreign session.
 */
export async function sessionCan(c: Context, access: { clinicaId: string; permission: Permission }): Promise<boolean> {
  const { auth, db } = (c as Context<AppEnv>).var.deps;
  const user = await resolveSessionUser(auth, c.req.raw.headers);
  if (!user) return false;
  const member = await loadMember(db, user.id);
  return member !== null && member.clinicaId === access.clinicaId && member.permisos.has(access.permission);
}
