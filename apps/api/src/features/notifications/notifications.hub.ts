import type { Realtime } from '../../platform/realtime/index.ts';

export type StreamListener = {
  /** A notification for this user was committed (its id). */
  notification: (id: string) => void;
  /** Events may have been missed (the instance's LISTEN connection came back): read what is new. */
  resync: () => void;
};

/**
 * The open streams of one instance by user, so an event reaches only its user's streams without a
 * look at the others (thousands of idle streams per instance). One realtime subscription per instance.
 */
class NotificationHub {
  private readonly byUser = new Map<string, Set<StreamListener>>();

  constructor(realtime: Realtime) {
    realtime.subscribe({
      event: (event) => {
        if (event.kind !== 'notificacion') return;
        for (const listener of this.byUser.get(event.userId) ?? []) listener.notification(event.id);
      },
      resync: () => {
        for (const listeners of this.byUser.values()) for (const listener of listeners) listener.resync();
      },
    });
  }

  subscribe(userId: string, listener: StreamListener): () => void {
    let listeners = this.byUser.get(userId);
    if (!listeners) {
      listeners = new Set();
      this.byUser.set(userId, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.byUser.get(userId) === listeners) this.byUser.delete(userId);
    };
  }

  /** Open streams on this instance (for tests and the bench). */
  get size(): number {
    let n = 0;
    for (const listeners of this.byUser.values()) n += listeners.size;
    return n;
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
