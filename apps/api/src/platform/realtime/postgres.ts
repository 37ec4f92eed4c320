import pg from 'pg';
import type { Logger } from '../logger.ts';
import { REALTIME_CHANNEL, Subscribers, type Realtime } from './realtime.ts';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

/**
 * LISTEN on PostgreSQL through one dedicated connection per instance. Never a pooled connection: a
 * pool hands its connections to other queries and closes idle ones, and a LISTEN belongs to its
 * session. When the connection drops it reconnects with exponential backoff (250 ms doubling up to
 * 10 s) and tells the subscribers to resync, since events sent meanwhile were not received.
 */
export function createPostgresRealtime(url: string, logger: Logger): Realtime {
  const subscribers = new Subscribers();
  const onError = (error: unknown) => logger.error({ err: error }, 'error al entregar un evento en tiempo real');
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let connectedOnce = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  async function connect(): Promise<void> {
    retryTimer = null;
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: 'odontia-realtime' });
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (closed) return;
      logger.warn({ err: error, retryMs }, 'conexión de tiempo real perdida; reintentando');
      retryTimer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
    next.on('error', fail);
    next.on('end', () => fail(new Error('conexión cerrada')));
    next.on('notification', (message) => {
      if (message.channel === REALTIME_CHANNEL) subscribers.deliver(message.payload, onError);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${REALTIME_CHANNEL}`);
    } catch (error) {
      fail(error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
    if (connectedOnce) {
      logger.info('conexión de tiempo real restablecida');
      subscribers.resync(onError);
    }
    connectedOnce = true;
    markReady();
  }

  void connect();

  return {
    driver: 'postgres',
    ready,
    subscribe: (listener) => subscribers.add(listener),
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      markReady();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
