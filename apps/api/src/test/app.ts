import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp, type App } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import type { Deps } from '../platform/context.ts';
import { createLogger } from '../platform/logger.ts';
import { createDeps } from '../server.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export type TestApp = {
  app: App;
  deps: Deps;
  db: Deps['db'];
  database: DatabaseHandle & { dispose: () => Promise<void> };
  config: Config;
  dataDir: string;
  /** Sends a request the way the browser would (same Origin, JSON body). */
  request: (pathname: string, init?: RequestInit & { json?: unknown; cookie?: string }) => Promise<Response>;
  close: () => Promise<void>;
};

export async function createTestApp(env: Record<string, string> = {}, options: Parameters<typeof createApp>[1] = {}): Promise<TestApp> {
  const { openTestDatabase } = await import('./template.ts');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'odontia-test-'));
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL: TEST_ORIGIN, SEED_DEMO: 'false', ...env });
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const deps = createDeps(config, database, logger);
  await deps.realtime.ready;
  const app = createApp(deps, options);
  return {
    app,
    deps,
    db: database.db,
    database,
    config,
    dataDir,
    request: (pathname, init = {}) => {
      const { json, cookie, headers: extra, ...rest } = init;
      const headers = new Headers(extra);
      if (!headers.has('origin')) headers.set('origin', TEST_ORIGIN);
      if (cookie) headers.set('cookie', cookie);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return Promise.resolve(
        app.request(`${TEST_ORIGIN}${pathname}`, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }),
      );
    },
    close: async () => {
      await deps.realtime.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie(s) a response sets, ready for a Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

let counter = 0;
export function uniqueEmail(prefix = 'usuario'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@ejemplo.test`;
}

/** Creates an account through the real sign-up endpoint and returns its session cookie. */
export async function signUp(t: TestApp, email = uniqueEmail(), password = 'secreto123') {
  const res = await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email, password, acceptTerms: true } });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  return { email, password, userId: body.user.id, cookie: cookiesFrom(res) };
}

/**
 * A signed-up user who owns a configured clinic (Administrador). Optionally adds a team member
 * with one of the default roles, for permission tests.
 */
export async function createClinicOwner(t: TestApp, clinic: { nombre?: string } = {}) {
  const { createClinic } = await import('../features/clinic/clinic.service.ts');
  const account = await signUp(t);
  const clinica = await createClinic(
    t.db,
    { id: account.userId, email: account.email, nombres: 'Ana' },
    { nombre: clinic.nombre ?? 'Clínica de prueba', telefono: '600123456', pais: 'España', ciudad: 'Madrid', direccion: 'Calle Mayor 1' },
  );
  return { ...account, clinica };
}

/** Adds a signed-up user to a clinic with one of its roles (by role name, e.g. 'Recepción'). */
export async function addTeamMember(t: TestApp, clinicaId: string, roleName: string, rol: 'admin' | 'dentista' | 'asistente' | 'recepcion') {
  const { and, eq } = await import('drizzle-orm');
  const { rolesClinica, usuarios, usuariosRol, user } = await import('../db/schema/index.ts');
  const account = await signUp(t);
  const [role] = await t.db.select().from(rolesClinica).where(and(eq(rolesClinica.clinicaId, clinicaId), eq(rolesClinica.nombre, roleName)));
  await t.db.insert(usuarios).values({ id: account.userId, clinicaId, nombres: 'Miembro', email: account.email, rol });
  await t.db.insert(usuariosRol).values({ usuarioId: account.userId, rolId: role.id });
  await t.db.update(user).set({ onboardingStep: 'completado' }).where(eq(user.id, account.userId));
  return { ...account, rolId: role.id };
}
