import type { Database } from '../../db/client.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Realtime } from '../../platform/realtime/index.ts';
import type { StoredNotificacion } from '../../platform/notifications.ts';
import { allowedStreams, getByIds, streamKey, type StreamIdentity } from './notifications.service.ts';

export type StreamListener = StreamIdentity & {
  /**
   * A notification of this member was committed; `allowed` says whether the stream may go on
   * (session and membership checked for this event).
   */
  deliver: (item: StoredNotificacion, allowed: boolean) => void;
  /** Events may have been missed (the instance's LISTEN connection came back, a read failed): read what is new. */
  resync: () => void;
  /** Time for this stream's keep-alive ping (and its session check). */
  ping: () => void;
  /** When the next ping is due (ms since the epoch); the hub moves it on. */
  pingAt: number;
};

/** A comment line every 25 s keeps proxies from closing an idle stream; tests shorten it. */
export const STREAM_TIMING = { pingMs: 25_000, tickMs: 1000 };

/**
 * The open streams of one instance by user, so an event reaches only its user's streams without a
 * look at the others (thousands of idle streams per instance). One realtime subscription per
 * instance. Events that arrive together (a notification for the 50 members of a clinic is 50
 * events) are read together: one query for the notifications, one for the sessions of the streams
 * they go to, whatever their number. One timer pings every stream 25 s after its last ping, so
 * the pings (and their session checks) of streams opened together stay spread out.
 */
class NotificationHub {
  private readonly byUser = new Map<string, Set<StreamListener>>();
  private count = 0;
  private ticker: NodeJS.Timeout | null = null;
  private pending: string[] = [];

  constructor(
    realtime: Realtime,
    private readonly db: Database,
    private readonly logger: Logger,
  ) {
    realtime.subscribe({
      event: (event) => {
        const listeners = this.byUser.get(event.userId);
        if (!listeners) return;
        // Access changed: each of this user's streams checks its session and membership now (and ends if refused).
        if (event.kind === 'acceso') return listeners.forEach((listener) => listener.ping());
        if (event.kind !== 'notificacion') return;
        if (this.pending.push(event.id) === 1) setImmediate(() => void this.flush());
      },
      resync: () => this.each((listener) => listener.resync()),
    });
  }

  private async flush(): Promise<void> {
    const ids = this.pending;
    this.pending = [];
    try {
      const items = await getByIds(this.db, ids);
      const targets: [StreamListener, StoredNotificacion][] = [];
      for (const item of items) {
        for (const listener of this.byUser.get(item.owner.userId) ?? []) {
          if (listener.clinicaId === item.owner.clinicaId) targets.push([listener, item]);
        }
      }
      if (targets.length === 0) return;
      const allowed = await allowedStreams(this.db, [...new Set(targets.map(([listener]) => listener))]);
      for (const [listener, item] of targets) listener.deliver(item, allowed.has(streamKey(listener)));
    } catch (error) {
      // Nothing is lost: the streams read what is new from the table.
      this.logger.warn({ err: error }, 'no se pudieron leer notificaciones para los flujos abiertos');
      this.each((listener) => listener.resync());
    }
  }

  private each(fn: (listener: StreamListener) => void) {
    for (const listeners of this.byUser.values()) for (const listener of listeners) fn(listener);
  }

  private tick = () => {
    const now = Date.now();
    this.each((listener) => {
      if (listener.pingAt > now) return;
      listener.pingAt = now + STREAM_TIMING.pingMs;
      listener.ping();
    });
  };

  subscribe(listener: StreamListener): () => void {
    let listeners = this.byUser.get(listener.userId);
    if (!listeners) {
      listeners = new Set();
      this.byUser.set(listener.userId, listeners);
    }
    listeners.add(listener);
    listener.pingAt = Date.now() + STREAM_TIMING.pingMs;
    this.count += 1;
    this.ticker ??= setInterval(this.tick, Math.min(STREAM_TIMING.tickMs, STREAM_TIMING.pingMs));
    return () => {
      if (!listeners.delete(listener)) return;
      this.count -= 1;
      if (listeners.size === 0 && this.byUser.get(listener.userId) === listeners) this.byUser.delete(listener.userId);
      if (this.count === 0 && this.ticker) {
        clearInterval(this.ticker);
        this.ticker = null;
      }
    };
  }

  /** Open streams on this instance (for tests and the bench). */
  get size(): number {
    return this.count;
  }
}

const hubs = new WeakMap<Realtime, NotificationHub>();

/** The hub of one instance (its realtime listener), reading through that instance's database. */
export function notificationHub(deps: { realtime: Realtime; db: Database; logger: Logger }): NotificationHub {
  let hub = hubs.get(deps.realtime);
  if (!hub) {
    hub = new NotificationHub(deps.realtime, deps.db, deps.logger);
    hubs.set(deps.realtime, hub);
  }
  return hub;
}
