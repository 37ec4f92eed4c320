/**
 * One API instance of a bench, in its own process (`notificaciones` runs two side by side on one
 * PostgreSQL, `catalogo` one; started by bench/lib/instance.ts): boots the real app and listens. IPC:
 * 'ready' once listening; on 'session-timings' it answers `sessionTimings` (platform/session.ts) and the pool's queue samples; on 'memory' it collects garbage and answers its memory figures and the
 * number of open notification streams.
 *
 * Environment: PORT, DATABASE_URL, AUTH_SECRET (shared by the instances and the section, so a
 * session works on any of them).
 */
import { serve } from '@hono/node-server';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import { createLogger } from '../../apps/api/src/platform/logger.ts';
import { sessionTimings } from '../../apps/api/src/platform/session.ts';
import { boot } from '../../apps/api/src/server.ts';

const send = (message: unknown) => process.send?.(message);

export type MemoryReport = { type: 'memory'; rss: number; heapUsed: number; external: number; arrayBuffers: number };

try {
  const config = loadConfig({
    ...process.env,
    SEED_DEMO: 'false',
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
  });
  const logger = createLogger(config.logLevel);
  const instance = await boot(config, logger, { serveWeb: false });
  // Requests waiting for a pool connection, sampled every 5 ms (read by the `jornada` section with `sessionTimings`).
  const poolQueue = { poolSamples: 0, poolWaiting: 0 };
  const pool = instance.deps.database.pool;
  if (pool) {
    setInterval(() => {
      poolQueue.poolSamples += 1;
      poolQueue.poolWaiting += pool.waitingCount;
    }, 5).unref();
  }
  const server = serve({ fetch: instance.app.fetch, port: config.port, hostname: '127.0.0.1' }, () =>
    send({ type: 'ready' }),
  );

  const stop = () => {
    server.close();
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    setTimeout(() => void instance.close().finally(() => process.exit(0)), 300);
  };
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'stop') stop();
    if (message?.type === 'session-timings') send({ type: 'session-timings', ...sessionTimings, ...poolQueue });
    if (message?.type === 'memory') {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      gc?.();
      const m = process.memoryUsage();
      send({
        type: 'memory',
        rss: m.rss,
        heapUsed: m.heapUsed,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
      } satisfies MemoryReport);
    }
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  send({ type: 'error', message: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) });
  process.exit(1);
}
