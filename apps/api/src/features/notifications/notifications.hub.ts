import type { Realtime } from '../../platform/realtime/index.ts';

export type StreamListener = {
  /** A notification for this user was committed (its id). */
  notification: (id: string) => void;
  /** Events may have been missed (the instance's LISTEN connection came back): read what is new. */
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
 * instance, and one timer for every stream's pings: each stream is pinged 25 s after its last ping,
 * so the pings (and their session checks) of streams opened together stay spread out.
 */
class NotificationHub {
  private readonly byUser = new Map<string, Set<StreamListener>>();
  private count = 0;
  private ticker: NodeJS.Timeout | null = null;

  constructor(realtime: Realtime) {
    realtime.subscribe({
      event: (event) => {
        if (event.kind !== 'notificacion') return;
        for (const listener of this.byUser.get(event.userId) ?? []) listener.notification(event.id);
      },
      resync: () => this.each((listener) => listener.resync()),
    });
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

  subscribe(userId: string, listener: StreamListener): () => void {
    let listeners = this.byUser.get(userId);
    if (!listeners) {
      listeners = new Set();
      this.byUser.set(userId, listeners);
    }
    listeners.add(listener);
    listener.pingAt = Date.now() + STREAM_TIMING.pingMs;
    this.count += 1;
    this.ticker ??= setInterval(this.tick, Math.min(STREAM_TIMING.tickMs, STREAM_TIMING.pingMs));
    return () => {
      if (!listeners.delete(listener)) return;
      this.count -= 1;
      if (listeners.size === 0 && this.byUser.get(userId) === listeners) this.byUser.delete(userId);
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

export function notificationHub(realtime: Realtime): NotificationHub {
  let hub = hubs.get(realtime);
  if (!hub) {
    hub = new NotificationHub(realtime);
    hubs.set(realtime, hub);
  }
  return hub;
}
