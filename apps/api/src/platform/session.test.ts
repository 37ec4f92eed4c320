import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { permisos, permisosRol, rolesClinica, session, usuarios, usuariosRol } from '../db/schema/index.ts';
import {
  addTeamMember,
  createClinicOwner,
  createTestApp,
  signUp,
  type TestApp,
  setRolePermissions,
} from '../test/app.ts';
import { loadMember, MEMBER_SESSION_CACHE_MS, SESSION_CACHE_MS } from './session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const me = (cookie: string) => t.client(cookie).me.$get();

describe('session cache', () => {
  it('honours a session revoked behind its back for at most SESSION_CACHE_MS', async () => {
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    const account = await signUp(t);
    expect((await me(account.cookie)).status).toBe(200);

    // Revoked without going through /api/auth (another instance, an operator).
    await t.db.delete(session).where(eq(session.userId, account.userId));
    vi.setSystemTime(start + SESSION_CACHE_MS - 10);
    expect((await me(account.cookie)).status).toBe(200);
    vi.setSystemTime(start + SESSION_CACHE_MS + 1);
    expect((await me(account.cookie)).status).toBe(401);
  });

  it('resolves one expired session once for the requests that arrive together', async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const start = Date.now() + 10 * SESSION_CACHE_MS;
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    const getSession = vi.spyOn(t.deps.auth.api, 'getSession');
    try {
      const responses = await Promise.all(Array.from({ length: 5 }, () => me(account.cookie)));
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(getSession).toHaveBeenCalledTimes(1);
      // Another browser's cookie is looked up on its own, never answered with this one's.
      getSession.mockClear();
      const [mine, theirs] = await Promise.all([me(account.cookie), me(other.cookie)]);
      expect((await mine.json()).user.id).toBe(account.userId);
      expect((await theirs.json()).user.id).toBe(other.userId);
      expect(getSession).toHaveBeenCalledTimes(1);
    } finally {
      getSession.mockRestore();
    }
  });

  it('forgets a session at once when it signs out through the API', async () => {
    const account = await signUp(t);
    expect((await me(account.cookie)).status).toBe(200);
    expect((await t.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie: account.cookie })).status).toBe(
      200,
    );
    expect((await me(account.cookie)).status).toBe(401);
  });

  it('never serves one cookie the session of another', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const [resA, resB] = await Promise.all([me(a.cookie), me(b.cookie)]);
    expect((await resA.json()).user.id).toBe(a.userId);
    expect((await resB.json()).user.id).toBe(b.userId);
    // A forged cookie with a real token but no valid signature is not found in the cache.
    const forged = a.cookie.replace(/(session_token=[^.;]+)\.[^;]+/, '$1.firma-falsa');
    expect((await me(forged)).status).toBe(401);
  });
});

/**
 * Permissions are kept per process behind the clinic's accesos_version (platform/session.ts): every
 * way of changing what a member may do, even straight in SQL, must apply to the very next request.
 */
describe('clinic routes and the session cache', () => {
  const pacientes = (cookie: string) => t.request('/api/pacientes', { cookie });

  it('refuse a session signed out on this instance at once', async () => {
    const owner = await createClinicOwner(t);
    expect((await pacientes(owner.cookie)).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie: owner.cookie });
    expect(out.status).toBe(200);
    expect((await pacientes(owner.cookie)).status).toBe(401);
    expect((await me(owner.cookie)).status).toBe(401);
  });

  it('refuse a session ended on another instance at the next request', async () => {
    const owner = await createClinicOwner(t);
    expect((await pacientes(owner.cookie)).status).toBe(200);
    // Signed out on another instance: its row is gone, this instance's cache knows nothing.
    await t.db.delete(session).where(eq(session.userId, owner.userId));
    expect((await pacientes(owner.cookie)).status).toBe(401);
    // The entry was dropped when the clinic route found the row gone.
    expect((await me(owner.cookie)).status).toBe(401);
  });

  it('refuse an expired session at the next request', async () => {
    const owner = await createClinicOwner(t);
    expect((await pacientes(owner.cookie)).status).toBe(200);
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, owner.userId));
    expect((await pacientes(owner.cookie)).status).toBe(401);
  });

  it('reuse a validated session for MEMBER_SESSION_CACHE_MS without better-auth, checking its row each time', async () => {
    const owner = await createClinicOwner(t);
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    const getSession = vi.spyOn(t.deps.auth.api, 'getSession');
    try {
      expect((await pacientes(owner.cookie)).status).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(1);
      vi.setSystemTime(start + 10 * SESSION_CACHE_MS);
      expect((await pacientes(owner.cookie)).status).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(1);
      // /api/me checks only through better-auth: its one-second bound still applies.
      expect((await me(owner.cookie)).status).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(2);
      // That lookup validated it again: it is reused until MEMBER_SESSION_CACHE_MS after it.
      vi.setSystemTime(start + 10 * SESSION_CACHE_MS + MEMBER_SESSION_CACHE_MS - 10);
      expect((await pacientes(owner.cookie)).status).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(2);
      vi.setSystemTime(start + 10 * SESSION_CACHE_MS + MEMBER_SESSION_CACHE_MS + 1);
      expect((await pacientes(owner.cookie)).status).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(3);
    } finally {
      getSession.mockRestore();
    }
  });

  it('answer a signed-in non-member 403, and 401 once their session is gone', async () => {
    const account = await signUp(t);
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    expect((await pacientes(account.cookie)).status).toBe(403);
    await t.db.delete(session).where(eq(session.userId, account.userId));
    vi.setSystemTime(start + SESSION_CACHE_MS + 1);
    expect((await pacientes(account.cookie)).status).toBe(401);
  });
});

describe('cached permissions', () => {
  const pacientes = (cookie: string) => t.request('/api/pacientes', { cookie });
  const permisoId = async (nombre: string) =>
    (await t.db.select({ id: permisos.id }).from(permisos).where(eq(permisos.nombre, nombre)))[0].id;

  it('a grant taken from or given to the role applies to the next request', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    expect((await pacientes(member.cookie)).status).toBe(200);
    const ver = await permisoId('pacientes.ver');
    await t.db.delete(permisosRol).where(and(eq(permisosRol.rolId, member.rolId), eq(permisosRol.permisoId, ver)));
    expect((await pacientes(member.cookie)).status).toBe(403);
    await t.db.insert(permisosRol).values({ rolId: member.rolId, permisoId: ver });
    expect((await pacientes(member.cookie)).status).toBe(200);
    await setRolePermissions(t, member.rolId, []);
    expect((await pacientes(member.cookie)).status).toBe(403);
  });

  it('a role given, moved or taken applies to the next request', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const [empty] = await t.db
      .insert(rolesClinica)
      .values({ clinicaId: owner.clinica.id, nombre: 'Sin permisos' })
      .returning();
    expect((await pacientes(member.cookie)).status).toBe(200);
    await t.db.update(usuariosRol).set({ rolId: empty.id }).where(eq(usuariosRol.usuarioId, member.userId));
    expect((await pacientes(member.cookie)).status).toBe(403);
    await t.db.insert(usuariosRol).values({ usuarioId: member.userId, rolId: member.rolId });
    expect((await pacientes(member.cookie)).status).toBe(200);
    await t.db
      .delete(usuariosRol)
      .where(and(eq(usuariosRol.usuarioId, member.userId), eq(usuariosRol.rolId, member.rolId)));
    expect((await pacientes(member.cookie)).status).toBe(403);
  });

  it('a deleted role takes its permissions with it', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const [extra] = await t.db
      .insert(rolesClinica)
      .values({ clinicaId: owner.clinica.id, nombre: 'Temporal' })
      .returning();
    await setRolePermissions(t, extra.id, ['auditoria.ver']);
    await t.db.insert(usuariosRol).values({ usuarioId: member.userId, rolId: extra.id });
    expect((await t.request('/api/auditoria', { cookie: member.cookie })).status).toBe(200);
    await t.db.delete(rolesClinica).where(eq(rolesClinica.id, extra.id));
    expect((await t.request('/api/auditoria', { cookie: member.cookie })).status).toBe(403);
  });

  it('a permission renamed in the catalogue applies to the next request', async () => {
    const owner = await createClinicOwner(t);
    expect((await t.request('/api/auditoria', { cookie: owner.cookie })).status).toBe(200);
    await t.db.update(permisos).set({ nombre: 'auditoria.ver-antes' }).where(eq(permisos.nombre, 'auditoria.ver'));
    try {
      expect((await t.request('/api/auditoria', { cookie: owner.cookie })).status).toBe(403);
    } finally {
      await t.db.update(permisos).set({ nombre: 'auditoria.ver' }).where(eq(permisos.nombre, 'auditoria.ver-antes'));
    }
    expect((await t.request('/api/auditoria', { cookie: owner.cookie })).status).toBe(200);
  });

  it('reuses the permissions it read while the clinic version is unchanged, and only then', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    expect((await loadMember(t.db, member.userId))?.permisos.has('pacientes.ver')).toBe(true);
    // A change made with the triggers switched off (as a restore would) does not move the version:
    // the cached permissions are still served, which shows the cache is in use.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(permisosRol).where(eq(permisosRol.rolId, member.rolId));
    });
    expect((await loadMember(t.db, member.userId))?.permisos.has('pacientes.ver')).toBe(true);
    // Any change to the clinic's access (here another role's grants) moves the version: read again.
    await setRolePermissions(t, (await addTeamMember(t, owner.clinica.id, 'Dentista', 'dentista')).rolId, []);
    expect((await loadMember(t.db, member.userId))?.permisos.size).toBe(0);
  });

  it('reads the member row itself every time', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    expect((await pacientes(member.cookie)).status).toBe(200);
    await t.db.update(usuarios).set({ activo: false }).where(eq(usuarios.id, member.userId));
    expect((await pacientes(member.cookie)).status).toBe(403);
  });
});
