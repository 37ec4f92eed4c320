import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from '../logger.ts';
import { REALTIME_CHANNEL, Subscribers, type Realtime } from './realtime.ts';

/** The embedded database has one process and one connection: `db.listen` on the PGlite instance. */
export function createPgliteRealtime(pglite: PGlite, logger: Logger): Realtime {
  const subscribers = new Subscribers();
  const onError = (error: unknown) => logger.error({ err: error }, 'error al entregar un evento en tiempo real');
  let closed = false;
  const unlisten = pglite.listen(REALTIME_CHANNEL, (payload) => {
    if (!closed) subscribers.deliver(payload, onError);
  });
  return {
    driver: 'pglite',
    ready: unlisten.then(() => undefined),
    subscribe: (listener) => subscribers.add(listener),
    close: async () => {
      if (closed) return;
      closed = true;
      // The database may already be closed by then; nothing is left to unlisten.
      if (!pglite.closed) await (await unlisten)().catch(() => undefined);
    },
  };
}
