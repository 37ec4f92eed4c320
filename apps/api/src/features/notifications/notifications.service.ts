import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationListQuery,
  type AppNotification,
  type NotificationPage,
} from '@odontia/shared';
import { and, asc, count, desc, eq, gt, inArray, lt, not, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { notificaciones, session, usuarios } from '../../db/schema/index.ts';
import { notificationColumns as columns, toStored, type StoredNotificacion } from '../../platform/notifications.ts';

/** Whose notifications: one member in one clinic (both from the session). */
export type Owner = { userId: string; clinicaId: string };

const ownedBy = (owner: Owner) =>
  and(eq(notificaciones.userId, owner.userId), eq(notificaciones.clinicaId, owner.clinicaId));

// The bell asks for it with every list and after every mark: built once, and a named prepared statement,
// planned once per connection instead of on every call.
const countQuery = preparedQuery<{ userId: string; clinicaId: string }>('odontia_notificaciones_no_leidas')((db) =>
  db
    .select({ n: count() })
    .from(notificaciones)
    .where(
      and(
        eq(notificaciones.userId, sql.placeholder('userId')),
        eq(notificaciones.clinicaId, sql.placeholder('clinicaId')),
        not(notificaciones.leida),
      ),
    ),
);

/** The member's unread count (the bell's badge), through the partial index of unread rows. */
export async function countUnread(db: Database, owner: Owner): Promise<number> {
  const [row] = await countQuery(db, { userId: owner.userId, clinicaId: owner.clinicaId });
  return row.n;
}

/** One page of the member's notifications, newest first; `antes` continues after that one. */
export async function listNotifications(
  db: Database,
  owner: Owner,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const before = query.antes
    ? lt(
        notificaciones.seq,
        sql`(select ${notificaciones.seq} from ${notificaciones} where ${notificaciones.id} = ${query.antes} and ${ownedBy(owner)})`,
      )
    : undefined;
  const [rows, noLeidas] = await Promise.all([
    db
      .select(columns)
      .from(notificaciones)
      .where(and(ownedBy(owner), before, query.soloNoLeidas === 'true' ? not(notificaciones.leida) : undefined))
      .orderBy(desc(notificaciones.seq))
      .limit(NOTIFICATIONS_PAGE_SIZE + 1),
    countUnread(db, owner),
  ]);
  return {
    notificaciones: rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map((r) => toStored(r).notificacion),
    hayMas: rows.length > NOTIFICATIONS_PAGE_SIZE,
    noLeidas,
  };
}

/** Marks one of the member's notifications read (never back to unread); null when it is not theirs. */
export async function markRead(db: Executor, owner: Owner, id: string): Promise<AppNotification | null> {
  const [row] = await db
    .update(notificaciones)
    .set({ leida: true })
    .where(and(eq(notificaciones.id, id), ownedBy(owner)))
    .returning(columns);
  return row ? toStored(row).notificacion : null;
}

/** Marks every unread notification of the member read; returns how many changed. */
export async function markAllRead(db: Executor, owner: Owner): Promise<number> {
  const rows = await db
    .update(notificaciones)
    .set({ leida: true })
    .where(and(ownedBy(owner), not(notificaciones.leida)))
    .returning({ id: notificaciones.id });
  return rows.length;
}

/** Notifications by id with whose they are: the one read behind a burst of events on an instance. */
export async function getByIds(
  db: Executor,
  ids: readonly string[],
): Promise<(StoredNotificacion & { owner: Owner })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...columns, userId: notificaciones.userId, clinicaId: notificaciones.clinicaId })
    .from(notificaciones)
    .where(inArray(notificaciones.id, [...ids]));
  return rows.map((row) => ({ ...toStored(row), owner: { userId: row.userId, clinicaId: row.clinicaId } }));
}

export type StreamIdentity = Owner & { sessionId: string };
export const streamKey = (s: StreamIdentity) => `${s.sessionId}|${s.userId}|${s.clinicaId}`;

/**
 * Which of these streams may go on (keys of `streamKey`): the session exists, has not expired and
 * is the member's, and the member is still active in that clinic. One query for any number.
 */
export async function allowedStreams(db: Executor, streams: readonly StreamIdentity[]): Promise<Set<string>> {
  if (streams.length === 0) return new Set();
  const rows = await db
    .select({ sessionId: session.id, userId: usuarios.id, clinicaId: usuarios.clinicaId })
    .from(session)
    .innerJoin(usuarios, eq(usuarios.id, session.userId))
    .where(
      and(
        inArray(session.id, [...new Set(streams.map((s) => s.sessionId))]),
        sql`${session.expiresAt} > now()`,
        eq(usuarios.activo, true),
      ),
    );
  return new Set(rows.map(streamKey));
}

/** The member's notifications after stream position `seq`, oldest first (a reconnecting stream's replay). */
export async function listSince(db: Executor, owner: Owner, seq: number, limit: number): Promise<StoredNotificacion[]> {
  const rows = await db
    .select(columns)
    .from(notificaciones)
    .where(and(ownedBy(owner), gt(notificaciones.seq, seq)))
    .orderBy(asc(notificaciones.seq))
    .limit(limit);
  return rows.map(toStored);
}

/**
 * A stream position from an event id (a notification's own id, opaque): where that notification is in
 * the member's stream, or null when it is not one of theirs (or no longer exists).
 */
export async function positionOf(db: Executor, owner: Owner, id: string): Promise<number | null> {
  const [row] = await db
    .select({ seq: notificaciones.seq })
    .from(notificaciones)
    .where(and(eq(notificaciones.id, id), ownedBy(owner)));
  return row ? Number(row.seq) : null;
}

/** The member's latest notification (its id and stream position), where a fresh stream starts; null with none. */
export async function latestPosition(db: Executor, owner: Owner): Promise<{ id: string; seq: number } | null> {
  const [row] = await db
    .select({ id: notificaciones.id, seq: notificaciones.seq })
    .from(notificaciones)
    .where(ownedBy(owner))
    .orderBy(desc(notificaciones.seq))
    .limit(1);
  return row ? { id: row.id, seq: Number(row.seq) } : null;
}

/** Whether one stream may go on (see `allowedStreams`); checked before each ping and replay. */
export async function streamAllowed(db: Executor, stream: StreamIdentity): Promise<boolean> {
  return (await allowedStreams(db, [stream])).has(streamKey(stream));
}
