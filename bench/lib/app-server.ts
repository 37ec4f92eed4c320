/**
 * The app under test, in its own process so that the load generator does not share its event loop:
 * boots the real app (migrations, reference data) on the bench database, loads the section's data
 * set if it is missing, adds the section's bench-only routes and listens. Talks to the section
 * (bench/lib/app-process.ts) over IPC. Each section has a tiny entry file that calls `serveBench`.
 *
 * Environment: PORT, and DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite).
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { DatabaseHandle } from '../../apps/api/src/db/client.ts';
import type { AppEnv, Deps } from '../../apps/api/src/platform/context.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import { errorResponse, noStore, originCheck, requestLog } from '../../apps/api/src/platform/http.ts';
import { securityHeaders } from '../../apps/api/src/platform/security-headers.ts';
import { createLogger } from '../../apps/api/src/platform/logger.ts';
import { boot } from '../../apps/api/src/server.ts';

export type BenchServerOptions = {
  /** Migrates and loads the data set (reusing it when already there). */
  prepare: (handle: DatabaseHandle, deps: Deps, log: (line: string) => void) => Promise<{ clinicaId: string }>;
  /** Mounted under /bench (the baselines). */
  routes: Hono<AppEnv>;
};

export async function serveBench({ prepare, routes }: BenchServerOptions): Promise<void> {
  const send = (message: unknown) => process.send?.(message);
  const log = (line: string) => send({ type: 'log', line });
  try {
    const config = loadConfig({
      ...process.env,
      SEED_DEMO: 'false',
      RATE_LIMIT: 'false',
      // Requests are logged as in production (one JSON line each); stdout goes to /dev/null.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      NODE_ENV: 'production',
    });
    const logger = createLogger(config.logLevel);
    const instance = await boot(config, logger, { serveWeb: false });
    const { clinicaId } = await prepare(instance.deps.database, instance.deps, log);

    const outer = new Hono<AppEnv>();
    // The same middleware as /api/* (createApp), so that the baseline differs only in its query.
    outer.use(
      '/bench/*',
      securityHeaders({ scriptHashes: [] }),
      requestLog(logger),
      async (c, next) => {
        c.set('deps', instance.deps);
        await next();
      },
      noStore(),
      originCheck(config.trustedOrigins),
    );
    outer.route('/bench', routes);
    outer.onError((error, c) => errorResponse(error, c, logger));
    outer.route('/', instance.app);

    const server = serve({ fetch: outer.fetch, port: config.port, hostname: '127.0.0.1' }, () => {
      send({ type: 'ready', clinicaId, driver: instance.deps.database.driver });
    });

    const stop = () => {
      server.close();
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      // Requests still running when the load stopped finish before the pool closes.
      setTimeout(() => void instance.close().finally(() => process.exit(0)), 300);
    };
    process.on('message', (message: { type?: string }) => {
      if (message?.type === 'stop') stop();
    });
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) });
    process.exit(1);
  }
}
