import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, type App } from '../app.ts';
import { createApiClient, type ApiClient } from '../client.ts';
import { openPostgres, type DatabaseHandle } from '../db/client.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import type { Deps } from '../platform/context.ts';
import type { ErrorBody } from '../platform/errors.ts';
import { createLogger } from '../platform/logger.ts';
import type { Mailer } from '../platform/mail.ts';
import { createDeps } from '../server.ts';

export type { ApiClient };

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * A built web app's folder with a bare index.html (title, description, its entry script, #root), for
 * the SEO transform's tests.
 */
export async function tempWebDist(): Promise<string> {
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'odontia-dist-'));
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Odontia</title><meta name="description" content="genérica" /><script type="module" crossorigin src="/assets/index-prueba.js"></script></head><body><div id="root"></div></body></html>',
  );
  return distDir;
}

export type TestApp = {
  app: App;
  deps: Deps;
  db: Deps['db'];
  database: DatabaseHandle & { dispose: () => Promise<void> };
  config: Config;
  dataDir: string;
  /**
   * The web app's typed client (`hc<AppType>`) over this app, as a browser with this session cookie
   * (or none): paths, inputs and response bodies are the routes' own types.
   */
  client: (cookie?: string) => ApiClient;
  /**
   * Sends a raw request the way the browser would (same Origin, JSON body): for what the typed client
   * cannot send. `address` plays the socket's remote address (in-process requests have no socket).
   */
  request: (
    pathname: string,
    init?: RequestInit & { json?: unknown; cookie?: string; address?: string },
  ) => Promise<Response>;
  close: () => Promise<void>;
};

export async function createTestApp(
  env: Record<string, string> = {},
  options: Parameters<typeof createApp>[1] = {},
): Promise<TestApp> {
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
    client: (cookie) =>
      createApiClient(`${TEST_ORIGIN}/api`, {
        fetch: async (input: Request | string | URL, init?: RequestInit) => app.request(input, init),
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      }),
    request: (pathname, init = {}) => {
      const { json, cookie, address, headers: extra, ...rest } = init;
      const headers = new Headers(extra);
      if (!headers.has('origin')) headers.set('origin', TEST_ORIGIN);
      if (cookie) headers.set('cookie', cookie);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return Promise.resolve(
        app.request(
          `${TEST_ORIGIN}${pathname}`,
          { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body },
          address ? { incoming: { socket: { remoteAddress: address } } } : undefined,
        ),
      );
    },
    close: async () => {
      await deps.realtime.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `run` with the app's mailer sending through `replace(send)` (`send` is the real one, to pass a
 * message on), and puts the real one back afterwards, even when `run` throws.
 */
export async function withMailer<T>(
  t: TestApp,
  replace: (send: Mailer['send']) => Mailer['send'],
  run: () => Promise<T>,
): Promise<T> {
  const send = t.deps.mailer.send;
  t.deps.mailer.send = replace(send);
  try {
    return await run();
  } finally {
    t.deps.mailer.send = send;
  }
}

/** The error a failed response carries, typed by the server's own ErrorBody. */
export async function errorOf(res: { json(): Promise<unknown> }): Promise<ErrorBody['error']> {
  return ((await res.json()) as ErrorBody).error;
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
  const res = await t.request('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password, acceptTerms: true },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  return { email, password, userId: body.user.id, cookie: cookiesFrom(res) };
}

/**
 * A signed-up user who owns a configured clinic (Administrador). Optionally adds a team member
 * with one of the default roles, for permission tests.
 */
export async function createClinicOwner(
  t: TestApp,
  clinic: { nombre?: string; pais?: string; ciudad?: string; direccion?: string } = {},
) {
  const { createClinic } = await import('../features/clinic/clinic.service.ts');
  const account = await signUp(t);
  const clinica = await createClinic(
    t.db,
    { id: account.userId, email: account.email, nombres: 'Ana' },
    {
      nombre: clinic.nombre ?? 'Clínica de prueba',
      telefono: '600123456',
      pais: clinic.pais ?? 'España',
      ciudad: clinic.ciudad ?? 'Madrid',
      direccion: clinic.direccion ?? 'Calle Mayor 1',
    },
  );
  return { ...account, clinica };
}

/** A clinic in Bogotá, which counts in pesos: the store's currency (issue 23). */
export const BOGOTA = { pais: 'Colombia', ciudad: 'Bogotá', direccion: 'Calle 100 # 15-20' } as const;

/** Changes what a clinic role may do, as the clinic's roles screen would. */
export async function setRolePermissions(t: TestApp, rolId: string, permisos: string[]) {
  const { setRolePermissions: save } = await import('../features/clinic/clinic.service.ts');
  await save(t.db, rolId, permisos);
}

/** Adds a signed-up user to a clinic with one of its roles (by role name, e.g. 'Recepción'). */
export async function addTeamMember(
  t: TestApp,
  clinicaId: string,
  roleName: string,
  rol: 'admin' | 'dentista' | 'asistente' | 'recepcion',
) {
  const { and, eq } = await import('drizzle-orm');
  const { rolesClinica, usuarios, usuariosRol, user } = await import('../db/schema/index.ts');
  const account = await signUp(t);
  const [role] = await t.db
    .select()
    .from(rolesClinica)
    .where(and(eq(rolesClinica.clinicaId, clinicaId), eq(rolesClinica.nombre, roleName)));
  await t.db.insert(usuarios).values({ id: account.userId, clinicaId, nombres: 'Miembro', email: account.email, rol });
  await t.db.insert(usuariosRol).values({ usuarioId: account.userId, rolId: role.id });
  await t.db.update(user).set({ onboardingStep: 'completado' }).where(eq(user.id, account.userId));
  return { ...account, rolId: role.id };
}

/**
 * A second API instance on the test's PostgreSQL database, served on a real port: its own pool, its
 * own realtime listener, the same configuration. For tests that show something crosses instances.
 */
export async function startSecondInstance(t: TestApp): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  if (!t.database.url) throw new Error('A second instance needs PostgreSQL (TEST_DATABASE_URL)');
  const handle = openPostgres(t.database.url, 2);
  const deps = createDeps(t.config, handle, t.deps.logger);
  await deps.realtime.ready;
  const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      (server as unknown as { closeAllConnections: () => void }).closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await deps.realtime.close();
      await handle.close();
    },
  };
}
