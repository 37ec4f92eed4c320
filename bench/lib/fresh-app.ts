import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createApp } from '../../apps/api/src/app.ts';
import { openPostgres, type DatabaseHandle } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { user } from '../../apps/api/src/db/schema/index.ts';
import { seedReferenceData } from '../../apps/api/src/seed/seed.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import { createLogger } from '../../apps/api/src/platform/logger.ts';
import { createDeps } from '../../apps/api/src/server.ts';
import { recreateDatabase } from './database.ts';

export type FreshApp = {
  handle: DatabaseHandle;
  deps: ReturnType<typeof createDeps>;
  /** The environment of an API instance (lib/instance.ts) that serves this same database. */
  env: Record<string, string>;
  /** An account signed up through the app, onboarding completed: its id and session cookie. */
  signUp(email: string): Promise<{ userId: string; cookie: string }>;
  close(): Promise<void>;
};

/**
 * A section's own database made anew (dropped, created, migrated, reference data seeded) and the app
 * in this process over it, to sign up the accounts the section needs before it measures.
 */
export async function openFreshApp(url: string, name: string, connections: number): Promise<FreshApp> {
  const authSecret = randomBytes(32).toString('hex');
  const tmp = await mkdtemp(path.join(os.tmpdir(), `odontia-bench-${name}-`));
  const origin = 'http://127.0.0.1:9';
  await recreateDatabase(url);
  const handle = openPostgres(url, connections);
  let deps: ReturnType<typeof createDeps> | undefined;
  const close = async () => {
    await deps?.realtime.close();
    await handle.close();
    await rm(tmp, { recursive: true, force: true });
  };
  try {
    await runMigrations(handle);
    await seedReferenceData(handle.db);
    const config = loadConfig({
      DATABASE_URL: url,
      DATA_DIR: tmp,
      AUTH_SECRET: authSecret,
      APP_URL: origin,
      SEED_DEMO: 'false',
      RATE_LIMIT: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
    });
    deps = createDeps(config, handle, createLogger('silent'));
    const app = createApp(deps);
    const signUp = async (email: string) => {
      const res = await app.request(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email, password: 'bench-secreto-123', acceptTerms: true }),
      });
      if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .filter((c) => !c.endsWith('='))
        .join('; ');
      const userId = ((await res.json()) as { user: { id: string } }).user.id;
      await handle.db.update(user).set({ onboardingStep: 'completado' }).where(eq(user.id, userId));
      return { userId, cookie };
    };
    return { handle, deps, env: { DATABASE_URL: url, DATA_DIR: tmp, AUTH_SECRET: authSecret }, signUp, close };
  } catch (error) {
    await close();
    throw error;
  }
}
