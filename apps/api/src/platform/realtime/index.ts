import type { DatabaseHandle } from '../../db/client.ts';
import type { Logger } from '../logger.ts';
import { createPgliteRealtime } from './pglite.ts';
import { createPostgresRealtime } from './postgres.ts';
import type { Realtime } from './realtime.ts';

export {
  publish,
  publishNotificationsSql,
  type Realtime,
  type RealtimeEvent,
  type RealtimeListener,
} from './realtime.ts';

/** The realtime implementation matching the database driver. */
export function createRealtime(database: DatabaseHandle, logger: Logger): Realtime {
  if (database.driver === 'postgres') return createPostgresRealtime(database.url!, logger);
  return createPgliteRealtime(database.pglite!, logger);
}
