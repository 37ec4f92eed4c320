import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Events that cross API instances (DESIGN §5). A write publishes its event with `publish(tx, event)`
 * inside its own transaction: PostgreSQL delivers a NOTIFY only when that transaction commits, so a
 * rolled-back write publishes nothing. Every instance LISTENs on one channel and hands each event to
 * its local subscribers (open Server-Sent Event streams).
 *
 * A payload names the kind and ids only, never data: a subscriber reads what it needs from the
 * tables (which also check who may see it), and NOTIFY payloads must stay under 8,000 bytes.
 * Other features add their kinds to this union.
 */
export type RealtimeEvent =
  | {
      /** A notification for one user (`notificaciones.id`). */
      kind: 'notificacion';
      userId: string;
      id: string;
    }
  | {
      /** A user's access changed (deactivated, removed, sessions ended): their open streams check again now. */
      kind: 'acceso';
      userId: string;
    };

export type RealtimeListener = {
  event: (event: RealtimeEvent) => void;
  /**
   * The instance was not listening for a while (its connection dropped and came back): events may
   * have been missed, so a subscriber re-reads what it shows from the tables.
   */
  resync?: () => void;
};

export interface Realtime {
  readonly driver: 'pglite' | 'postgres';
  /** Resolves once this instance is listening (events committed afterwards reach it). */
  ready: Promise<void>;
  subscribe(listener: RealtimeListener): () => void;
  close(): Promise<void>;
}

/** The one channel every instance LISTENs on (lower case: LISTEN folds unquoted names). */
export const REALTIME_CHANNEL = 'odontia_eventos';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;

export function encodeEvent(event: RealtimeEvent): string {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
    throw new Error(`Evento en tiempo real demasiado grande (${event.kind})`);
  return payload;
}

/** A payload from the channel, or null when it is not one of ours (anyone may NOTIFY a channel). */
export function decodeEvent(payload: string | undefined): RealtimeEvent | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as { kind?: unknown; userId?: unknown; id?: unknown };
    if (value.kind === 'notificacion' && typeof value.userId === 'string' && typeof value.id === 'string') {
      return { kind: value.kind, userId: value.userId, id: value.id };
    }
    if (value.kind === 'acceso' && typeof value.userId === 'string') return { kind: value.kind, userId: value.userId };
  } catch {
    // Not JSON: ignored like any other foreign payload.
  }
  return null;
}

/**
 * Publishes events as part of `tx`: they leave when it commits and vanish if it rolls back.
 * One statement whatever the number of events.
 */
export async function publish(tx: Executor, events: RealtimeEvent | readonly RealtimeEvent[]): Promise<void> {
  const list = Array.isArray(events) ? events : [events as RealtimeEvent];
  if (list.length === 0) return;
  const payloads = sql.join(
    list.map((event) => sql`${encodeEvent(event)}`),
    sql`, `,
  );
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, p) from unnest(array[${payloads}]::text[]) as p`);
}

/**
 * `publish` from inside a statement that writes notifications itself (a CTE): one event per row of
 * `rows` (with `id` and `user_id`), the payload `encodeEvent` makes for a notificacion. Part of the
 * statement's transaction like `publish`, without a round trip of its own.
 */
export const publishNotificationsSql = (rows: SQL) =>
  sql`select pg_notify(${REALTIME_CHANNEL}, json_build_object('kind', 'notificacion', 'userId', r.user_id, 'id', r.id)::text) from ${rows} as r`;

/** The listeners of one instance; both drivers deliver through it. */
export class Subscribers {
  private readonly listeners = new Set<RealtimeListener>();

  add(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(payload: string | undefined, onError: (error: unknown) => void): void {
    const event = decodeEvent(payload);
    if (!event) return;
    for (const listener of this.listeners) {
      try {
        listener.event(event);
      } catch (error) {
        onError(error);
      }
    }
  }

  resync(onError: (error: unknown) => void): void {
    for (const listener of this.listeners) {
      try {
        listener.resync?.();
      } catch (error) {
        onError(error);
      }
    }
  }
}
