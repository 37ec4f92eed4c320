import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { openPostgres, type DatabaseHandle } from '../db/client.ts';
import { rateLimit } from '../db/schema/index.ts';
import { AUTH_MESSAGES } from '@odontia/shared';
import { createTestApp, TEST_ORIGIN, uniqueEmail, type TestApp } from '../test/app.ts';
import { defineLimit, limiterFor } from './rate-limit.ts';

/**
 * Two API instances on one PostgreSQL database, as behind a load balancer: this test process's app
 * and a second server process (`main.ts`). Every limit must count once in total, not once per
 * instance. (Two processes, because better-auth's memory store is shared by every app in a process.)
 */
const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 3120) + 7;
const ADDRESS = '127.0.0.1'; // The second process sees our socket; the in-process app is told the same.

let first: TestApp;
let server: ChildProcess;
let dataDir: string;
let url: string;

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the second instance did not start');
}

beforeAll(async () => {
  first = await createTestApp({ RATE_LIMIT: 'true' });
  url = (first.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'odontia-second-'));
  server = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      APP_URL: TEST_ORIGIN,
      AUTH_SECRET: first.config.authSecret,
      RATE_LIMIT: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(Date.now() + 45_000);
}, 60_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await first?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Instance 0 is this process's app, instance 1 the second server. */
function post(instance: number, pathname: string, json: unknown): Promise<Response> {
  const init = {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  };
  if (instance % 2 === 1) return fetch(`http://127.0.0.1:${PORT}${pathname}`, init);
  return Promise.resolve(
    first.app.request(`${TEST_ORIGIN}${pathname}`, init, { incoming: { socket: { remoteAddress: ADDRESS } } }),
  );
}

describe('limits across two instances on one PostgreSQL', () => {
  it("better-auth's sign-up limit (5 a minute per address) is 5 in total, alternating instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(
        (await post(i, '/api/auth/sign-up/email', { email: uniqueEmail(), password: 'secreto123', acceptTerms: true }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('the per-account sign-in lock (10 failures) counts the failures both instances saw', async () => {
    const email = uniqueEmail();
    await first.deps.auth.api.signUpEmail({ body: { email, password: 'secreto123', name: 'dos' } });
    // Reset the per-address sign-in counter (10 a minute), so that only the per-account limit applies.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      await first.db.delete(rateLimit).where(like(rateLimit.key, '%/sign-in/email'));
      statuses.push((await post(i, '/api/auth/sign-in/email', { email, password: 'incorrecta' })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    await first.db.delete(rateLimit).where(like(rateLimit.key, '%/sign-in/email'));
    const locked = await post(1, '/api/auth/sign-in/email', { email, password: 'secreto123' });
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { error: { message: string } }).error.message).toBe(AUTH_MESSAGES.accountLocked);
  });

  it('our store counts concurrent hits from two connection pools exactly: N allowed, not N per instance', async () => {
    const other: DatabaseHandle = openPostgres(url, 4);
    try {
      const rule = defineLimit({ name: 'prueba-concurrente', points: 5, durationSeconds: 60 });
      const limiters = [limiterFor(first.db, rule), limiterFor(other.db, rule)];
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => limiters[i % 2].consume('misma-clave')),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    } finally {
      await other.close();
    }
  });
});
