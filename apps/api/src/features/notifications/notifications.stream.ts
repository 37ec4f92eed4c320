import { isId, NOTIFICATION_EVENT } from '@odontia/shared';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Realtime } from '../../platform/realtime/index.ts';
import { notificationHub, type StreamListener } from './notifications.hub.ts';
import type { StoredNotificacion } from '../../platform/notifications.ts';
import { latestPosition, listSince, positionOf, streamAllowed, type Owner } from './notifications.service.ts';
import { sseFrame, type SseSink } from './notifications.sse.ts';

export { STREAM_TIMING } from './notifications.hub.ts';

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
  /** `Last-Event-ID` of a reconnecting browser (see parseLastEventId): what it already has. */
  lastEventId: string | null;
};

/** The event id of a stream whose member had no notification when it started: everything is new to it. */
export const STREAM_START = '0';

/**
 * A valid `Last-Event-ID`, lower-cased: a notification's id, or STREAM_START; else null (a fresh stream).
 * An id of another member's notification is only an id that is not theirs: the stream starts fresh.
 */
export function parseLastEventId(value: string | undefined): string | null {
  if (value === STREAM_START) return value;
  return value && isId(value) ? value.toLowerCase() : null;
}

/**
 * One member's live notifications. Each event is the notification as JSON with its own id as the
 * event id: opaque, so that no clinic can read the platform's volume from it (the table's `seq` is
 * one counter for everyone, and stays inside: it orders the member's stream). A reconnecting browser
 * sends the last id it received and first gets what it missed after that notification, read from the
 * table, so an instance restart or a dropped connection loses nothing. Work is done one
 * step at a time (a queue) so events leave in the order they were handled. Before every event and
 * ping the session and the membership are checked again: a revoked session or a deactivated member
 * ends the stream.
 *
 * A class rather than closures: thousands of these sit idle per instance, and methods on the
 * prototype cost nothing per stream (bench `notificaciones`: memory per idle stream).
 */
class NotificationStream implements StreamListener {
  pingAt = 0;
  readonly userId: string;
  readonly clinicaId: string;
  readonly sessionId: string;
  private cursor: number;
  private sent: Set<string> | null = null;
  private ended = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;
  private finish: () => void = () => undefined;
  readonly finished = new Promise<void>((resolve) => (this.finish = resolve));

  constructor(
    private readonly sink: SseSink,
    private readonly ctx: StreamContext,
  ) {
    this.cursor = 0;
    this.userId = ctx.owner.userId;
    this.clinicaId = ctx.owner.clinicaId;
    this.sessionId = ctx.sessionId;
    // Subscribed before anything is read: an event committed from here on is either replayed or delivered.
    this.unsubscribe = notificationHub(ctx).subscribe(this);
    sink.onClose(() => this.end());
    this.enqueue(() => this.start());
  }

  deliver(item: StoredNotificacion, allowed: boolean): void {
    this.enqueue(async () => {
      if (!allowed) this.end();
      else await this.send(item);
    });
  }

  resync(): void {
    this.enqueue(() => this.catchUp());
  }

  ping(): void {
    this.enqueue(async () => {
      if (await this.allowed()) await this.sink.write(': ping\n\n');
    });
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.unsubscribe();
    this.finish();
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue
      .then(async () => {
        if (!this.ended && !this.sink.closed) await work();
      })
      .catch((error: unknown) => {
        this.ctx.logger.warn({ err: error, userId: this.ctx.owner.userId }, 'flujo de notificaciones interrumpido');
        this.end();
      });
  }

  private async start(): Promise<void> {
    await this.sink.write(`retry: ${RETRY_MS}\n: conectado\n\n`);
    const { db, owner, lastEventId } = this.ctx;
    const resumeAt =
      lastEventId === null ? null : lastEventId === STREAM_START ? 0 : await positionOf(db, owner, lastEventId);
    if (resumeAt === null) {
      const latest = await latestPosition(db, owner);
      this.cursor = latest?.seq ?? 0;
      // An id-only frame sets the browser's Last-Event-ID without firing an event: a tab that has
      // received nothing yet still reconnects from here, and gets what was committed meanwhile.
      await this.sink.write(`id: ${latest?.id ?? STREAM_START}\n\n`);
    } else {
      this.cursor = resumeAt;
      await this.catchUp();
    }
  }

  private async allowed(): Promise<boolean> {
    if (await streamAllowed(this.ctx.db, this)) return true;
    this.end();
    return false;
  }

  private async send(item: StoredNotificacion): Promise<void> {
    const { id } = item.notificacion;
    this.sent ??= new Set();
    if (this.sent.has(id)) return;
    this.sent.add(id);
    if (this.sent.size > REMEMBERED) this.sent.delete(this.sent.values().next().value!);
    this.cursor = Math.max(this.cursor, item.seq);
    await this.sink.write(
      sseFrame({ event: NOTIFICATION_EVENT, id: item.notificacion.id, data: JSON.stringify(item.notificacion) }),
    );
  }

  private async catchUp(): Promise<void> {
    if (!(await this.allowed())) return;
    for (;;) {
      const batch = await listSince(this.ctx.db, this.ctx.owner, this.cursor, REPLAY_BATCH);
      for (const item of batch) await this.send(item);
      if (batch.length < REPLAY_BATCH) return;
    }
  }
}

/** Runs one member's stream until the client leaves, the session ends or the member is deactivated. */
export function runNotificationStream(sink: SseSink, ctx: StreamContext): Promise<void> {
  return new NotificationStream(sink, ctx).finished;
}
