import { NOTIFICATION_EVENT } from '@odontia/shared';
import type { SSEStreamingApi } from 'hono/streaming';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Realtime } from '../../platform/realtime/index.ts';
import { notificationHub } from './notifications.hub.ts';
import { getForStream, latestSeq, listSince, streamAllowed, type Owner, type StoredNotificacion } from './notifications.service.ts';

/** A comment line every 25 s keeps proxies from closing an idle stream; tests shorten it. */
export const STREAM_TIMING = { pingMs: 25_000 };
/** How long a browser waits before reconnecting after the stream drops. */
const RETRY_MS = 3000;
const REPLAY_BATCH = 100;
/** Ids recently sent, so one sent by a replay is not sent again when its own event arrives. */
const REMEMBERED = 256;

export type StreamContext = {
  db: Database;
  realtime: Realtime;
  logger: Logger;
  owner: Owner;
  sessionId: string;
  /** `Last-Event-ID` of a reconnecting browser: what it already has. */
  lastSeq: number | null;
};

/** A valid `Last-Event-ID` (a stream position), else null (a fresh stream). */
export function parseLastEventId(value: string | undefined): number | null {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/**
 * One member's live notifications. Each event is the notification as JSON with its `seq` as the
 * event id. A reconnecting browser sends the last id it received and first gets what it missed, read
 * from the table, so an instance restart or a dropped connection loses nothing. Work is done one
 * step at a time (a queue) so events leave in the order they were handled. Before every event and
 * ping the session and the membership are checked again: a revoked session or a deactivated member
 * ends the stream.
 */
export async function runNotificationStream(stream: SSEStreamingApi, ctx: StreamContext): Promise<void> {
  const { db, owner } = ctx;
  let cursor = ctx.lastSeq ?? 0;
  const sent = new Set<string>();
  let ended = false;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const end = () => {
    if (ended) return;
    ended = true;
    finish();
  };

  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue
      .then(async () => {
        if (!ended && !stream.aborted) await work();
      })
      .catch((error: unknown) => {
        ctx.logger.warn({ err: error, userId: owner.userId }, 'flujo de notificaciones interrumpido');
        end();
      });
  };

  const allowed = async () => {
    if (await streamAllowed(db, owner, ctx.sessionId)) return true;
    end();
    return false;
  };

  const send = async (item: StoredNotificacion) => {
    const { id } = item.notificacion;
    if (sent.has(id)) return;
    sent.add(id);
    if (sent.size > REMEMBERED) sent.delete(sent.values().next().value!);
    cursor = Math.max(cursor, item.seq);
    await stream.writeSSE({ event: NOTIFICATION_EVENT, id: String(item.seq), data: JSON.stringify(item.notificacion) });
  };

  const catchUp = async () => {
    if (!(await allowed())) return;
    for (;;) {
      const batch = await listSince(db, owner, cursor, REPLAY_BATCH);
      for (const item of batch) await send(item);
      if (batch.length < REPLAY_BATCH) return;
    }
  };

  // Subscribed before anything is read: an event committed from here on is either replayed or delivered.
  const unsubscribe = notificationHub(ctx.realtime).subscribe(owner.userId, {
    notification: (id) =>
      enqueue(async () => {
        if (!(await allowed())) return;
        const item = await getForStream(db, owner, id);
        if (item) await send(item);
      }),
    resync: () => enqueue(catchUp),
  });
  stream.onAbort(end);
  const ping = setInterval(
    () =>
      enqueue(async () => {
        if (await allowed()) await stream.write(': ping\n\n');
      }),
    STREAM_TIMING.pingMs,
  );

  enqueue(async () => {
    await stream.write(`retry: ${RETRY_MS}\n: conectado\n\n`);
    if (ctx.lastSeq === null) cursor = await latestSeq(db, owner);
    else await catchUp();
  });

  try {
    await finished;
  } finally {
    clearInterval(ping);
    unsubscribe();
  }
}
