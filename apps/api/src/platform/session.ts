import type { CurrencyCode, MemberRole, Permission } from '@odontia/shared';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { accesosVersion, clinicas, permisos, permisosRol, session, usuarios, usuariosRol } from '../db/schema/index.ts';
import type { AppEnv, Member, SessionUser } from './context.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import type { Database } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { Auth } from './auth.ts';
import { Lru } from './lru.ts';
import { perInstance } from './per-instance.ts';

/**
 * Sessions resolved in the last second, by session cookie. Every API request needs the session, and
 * resolving it (cookie signature, session row, user row) cost more than a page of patients; within
 * one second the same browser usually sends several requests. The trade-off: a session revoked
 * elsewhere (another API instance, a direct database change) may still be honoured for up to
 * SESSION_CACHE_MS. Any POST to /api/auth on this instance (sign-out, password reset, revocations)
 * empties it at once (`forgetCachedSessions`). Only sessions better-auth has validated are stored,
 * and only until the sooner of one second and the session's own expiry.
 *
 * Clinic routes (`requireMember`, `sessionCan`) reuse a validated session for longer,
 * MEMBER_SESSION_CACHE_MS, without that trade-off: the membership statement they run on every request
 * anyway also checks that the session's row is still there and unexpired (`loadSessionMember`), so a
 * sign-out, a password reset or a member removed on any instance is refused at the very next request.
 * What they save is better-auth's lookup (the cookie's HMAC, the session and user rows), which the
 * day-load bench (`jornada`: 50 members, a few requests a second each) ran for about one request in
 * eight with one-second entries, and for none in its measured minute since.
 */
export const SESSION_CACHE_MS = 1000;
export const MEMBER_SESSION_CACHE_MS = 5 * 60_000;
const SESSION_CACHE_MAX = 10_000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** A session better-auth validated: its user, its token (the session row's key) and when. */
type ResolvedSession = { user: SessionUser; token: string; verifiedAt: number; expiresAt: number };
type SessionCache = {
  generation: number;
  entries: Lru<string, ResolvedSession>;
  /** Lookups running now, by cookie and generation: concurrent requests of one browser share one. */
  pending: Map<string, Promise<ResolvedSession | null>>;
};
const sessionCacheFor = perInstance((_auth: object): SessionCache => ({
  generation: 0,
  entries: new Lru(SESSION_CACHE_MAX),
  pending: new Map(),
}));

/**
 * Time this process's requests spent waiting for their session (`requireUser`, cache hits included)
 * and their membership (`loadSessionMember` in `requireMember`), and how many session lookups missed the
 * cache. Two clock reads per request; the bench's `jornada` section reads it to tell how much of a
 * request's time goes to the session.
 */
export const sessionTimings = { requests: 0, sessionMs: 0, lookups: 0, members: 0, memberMs: 0 };

/** Drops every cached session of this app instance (called after any change made through /api/auth). */
export function forgetCachedSessions(auth: object): void {
  const cache = sessionCacheFor(auth);
  cache.generation += 1;
  cache.entries.clear();
  cache.pending.clear();
}

/**
 * The request's session, validated by better-auth at most `maxAge` ago (SESSION_CACHE_MS, or
 * MEMBER_SESSION_CACHE_MS where the caller checks the session's row itself) and not expired.
 */
async function resolveSession(auth: Auth, headers: Headers, maxAge: number): Promise<ResolvedSession | null> {
  const key = SESSION_COOKIE.exec(headers.get('cookie') ?? '')?.[1];
  const cache = sessionCacheFor(auth);
  if (!key) return lookUpSession(auth, cache, headers, undefined);
  const hit = cache.entries.get(key);
  const now = Date.now();
  if (hit && now < Math.min(hit.verifiedAt + maxAge, hit.expiresAt)) return hit;
  if (hit && now >= Math.min(hit.verifiedAt + MEMBER_SESSION_CACHE_MS, hit.expiresAt)) cache.entries.delete(key);
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
): Promise<ResolvedSession | null> {
  const now = Date.now();
  const generation = cache.generation;
  sessionTimings.lookups += 1;
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const u = result.user as typeof result.user & { onboardingStep?: string };
  const resolved: ResolvedSession = {
    user: { id: u.id, email: u.email, name: u.name, onboardingStep: u.onboardingStep ?? 'pendiente' },
    token: result.session.token,
    verifiedAt: now,
    expiresAt: new Date(result.session.expiresAt).getTime(),
  };
  // Not stored if a sign-out or revocation happened while this lookup was running.
  if (key && generation === cache.generation) {
    cache.entries.set(key, resolved);
  }
  return resolved;
}

/** Drops the request's cached session (its row was found gone or expired). */
function forgetSession(auth: Auth, headers: Headers): void {
  const key = SESSION_COOKIE.exec(headers.get('cookie') ?? '')?.[1];
  if (key) sessionCacheFor(auth).entries.delete(key);
}

/** Requires a valid session; sets `c.var.user`. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const resolved = await timedSession(resolveSession(c.var.deps.auth, c.req.raw.headers, SESSION_CACHE_MS));
  if (!resolved) throw unauthorized();
  c.set('user', resolved.user);
  await next();
});

async function timedSession<T>(lookup: Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await lookup;
  sessionTimings.requests += 1;
  sessionTimings.sessionMs += performance.now() - started;
  return result;
}

export const CLINIC_REQUIRED_MESSAGE = 'Necesitas configurar tu clínica para continuar';

/**
 * A member's permissions, kept per process and reused while their clinic's `accesos_version` is the
 * one they were read with. The version moves in the very transaction of any change to a grant, a
 * role or a role assignment (triggers, migration 0024), and is read with the member on every
 * request, in the same statement that would read the permissions: a withdrawn permission therefore
 * applies to the very next request, on any instance, exactly as without the cache. Only the
 * aggregation over roles and grants is saved (about three quarters of the membership query's cost);
 * the member's row (active, rol, clinic) is read every time.
 */
type CachedPermissions = { clinicaId: string; version: number; permisos: ReadonlySet<Permission> };
const PERMISSION_CACHE_MAX = 10_000;
const permissionCache = perInstance((_db: Database) => new Lru<string, CachedPermissions>(PERMISSION_CACHE_MAX));

// Runs on every clinic request: built once, and a named prepared statement, planned once per connection
// instead of every time (planning the join cost more than running it).
const memberQuery = preparedQuery<{
  userId: string;
  token: string | null;
  clinicaId: string | null;
  version: number | null;
}>('odontia_load_member')((db) => {
  const version = sql<number>`coalesce(${accesosVersion.version}, 0)`;
  const current = sql`${usuarios.clinicaId} = ${sql.placeholder('clinicaId')}::uuid and ${version} = ${sql.placeholder('version')}::bigint`;
  return db
    .select({
      clinicaId: usuarios.clinicaId,
      rol: usuarios.rol,
      activo: usuarios.activo,
      zonaHoraria: clinicas.zonaHoraria,
      pais: clinicas.pais,
      moneda: sql<CurrencyCode>`${clinicas.moneda}`,
      esProveedor: clinicas.esProveedor,
      version: sql<number>`${version}::float8`,
      // The caller's session row, still there and unexpired (false without a token).
      sessionValid: sql<boolean>`exists (select 1 from ${session} where ${session.token} = ${sql.placeholder('token')}::text
        and ${session.userId} = ${usuarios.id} and ${session.expiresAt} > now())`,
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
    .where(eq(usuarios.id, sql.placeholder('userId')));
});

/** The member row of a user (after `requireUser`, which validated the session itself). */
export async function loadMember(db: Database, userId: string): Promise<Member | null> {
  return (await loadSessionMember(db, userId, null)).member;
}

/**
 * The member row of a user and, in the same statement, whether the session of `token` is still
 * there and unexpired (`sessionValid`, false for a null token). Null member: not an active member.
 */
export async function loadSessionMember(
  db: Database,
  userId: string,
  token: string | null,
): Promise<{ member: Member | null; sessionValid: boolean }> {
  const cache = permissionCache(db);
  const cached = cache.get(userId);
  const rows = await memberQuery(db, {
    userId,
    token,
    clinicaId: cached?.clinicaId ?? null,
    version: cached?.version ?? null,
  });
  const row = rows[0];
  if (!row || !row.activo) return { member: null, sessionValid: row?.sessionValid ?? false };
  let permissions = cached?.permisos;
  if (row.permisos !== null || !permissions) {
    permissions = new Set((row.permisos ?? []) as Permission[]);
    cache.set(userId, { clinicaId: row.clinicaId, version: Number(row.version), permisos: permissions });
  }
  return {
    member: {
      userId,
      clinicaId: row.clinicaId,
      rol: row.rol as MemberRole,
      permisos: permissions,
      zonaHoraria: row.zonaHoraria,
      pais: row.pais,
      moneda: row.moneda,
      esProveedor: row.esProveedor,
    },
    sessionValid: row.sessionValid,
  };
}

/**
 * The request's session and membership, for clinic routes: the session may have been validated up
 * to MEMBER_SESSION_CACHE_MS ago, and the membership statement checks its row. A session found gone
 * is forgotten and answered as no session; a non-member (no row to check it with) is checked again
 * through better-auth if it was validated more than SESSION_CACHE_MS ago.
 */
async function sessionMember(c: Context<AppEnv>): Promise<{ user: SessionUser; member: Member | null } | null> {
  const { auth, db } = c.var.deps;
  const headers = c.req.raw.headers;
  const resolved = await timedSession(resolveSession(auth, headers, MEMBER_SESSION_CACHE_MS));
  if (!resolved) return null;
  const started = performance.now();
  const { member, sessionValid } = await loadSessionMember(db, resolved.user.id, resolved.token);
  sessionTimings.members += 1;
  sessionTimings.memberMs += performance.now() - started;
  if (member && sessionValid) return { user: resolved.user, member };
  if (member || Date.now() - resolved.verifiedAt > SESSION_CACHE_MS) {
    forgetSession(auth, headers);
    if (member) return null;
    const again = await resolveSession(auth, headers, SESSION_CACHE_MS);
    return again && { user: again.user, member: null };
  }
  return { user: resolved.user, member: null };
}

/** Requires a session and membership of a clinic; sets `c.var.user` and `c.var.member`. */
export const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  const found = await sessionMember(c);
  if (!found) throw unauthorized();
  c.set('user', found.user);
  if (!found.member) throw new AppError(403, 'clinic_required', CLINIC_REQUIRED_MESSAGE);
  c.set('member', found.member);
  await next();
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
  const member = (await sessionMember(c as Context<AppEnv>))?.member;
  return member != null && member.clinicaId === access.clinicaId && member.permisos.has(access.permission);
}
