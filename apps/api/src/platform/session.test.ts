import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../db/schema/index.ts';
import { setRolePermissions } from '../features/clinic/clinic.service.ts';
import { addTeamMember, createClinicOwner, createTestApp, signUp, type TestApp } from '../test/app.ts';
import { SESSION_CACHE_MS } from './session.ts';

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
    expect((await t.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie: account.cookie })).status).toBe(200);
    expect((await me(account.cookie)).status).toBe(401);
  });

  it('does not cache memberships: a withdrawn permission applies to the next request', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    expect((await t.request('/api/pacientes', { cookie: member.cookie })).status).toBe(200);
    await setRolePermissions(t.db, member.rolId, []);
    expect((await t.request('/api/pacientes', { cookie: member.cookie })).status).toBe(403);
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
