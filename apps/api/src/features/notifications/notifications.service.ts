import { NOTIFICATIONS_PAGE_SIZE, type ListNotificacionesQuery, type Notificacion, type NotificacionesPage, type Permission, type PrioridadNotificacion } from '@odontia/shared';
import { and, asc, count, desc, eq, gt, inArray, lt, not, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notificaciones, permisos, permisosRol, session, usuarios, usuariosRol } from '../../db/schema/index.ts';
import { publish } from '../../platform/realtime/index.ts';

/** Whose notifications: one member in one clinic (both from the session). */
export type Owner = { userId: string; clinicaId: string };

const columns = {
  id: notificaciones.id,
  seq: notificaciones.seq,
  titulo: notificaciones.titulo,
  mensaje: notificaciones.mensaje,
  tipo: notificaciones.tipo,
  prioridad: notificaciones.prioridad,
  enlace: notificaciones.enlace,
  leida: notificaciones.leida,
  fechaCreacion: notificaciones.fechaCreacion,
};

type Row = Omit<Notificacion, 'fechaCreacion' | 'prioridad'> & { seq: number; prioridad: string; fechaCreacion: Date };

/** A stored notification with its stream position (`seq`, the Server-Sent Event id). */
export type StoredNotificacion = { seq: number; notificacion: Notificacion };

function toStored(row: Row): StoredNotificacion {
  return {
    seq: Number(row.seq),
    notificacion: {
      id: row.id,
      titulo: row.titulo,
      mensaje: row.mensaje,
      tipo: row.tipo,
      prioridad: row.prioridad as PrioridadNotificacion,
      enlace: row.enlace,
      leida: row.leida,
      fechaCreacion: row.fechaCreacion.toISOString(),
    },
  };
}

const ownedBy = (owner: Owner) => and(eq(notificaciones.userId, owner.userId), eq(notificaciones.clinicaId, owner.clinicaId));

export async function countUnread(db: Executor, owner: Owner): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificaciones)
    .where(and(ownedBy(owner), not(notificaciones.leida)));
  return row.n;
}

/** One page of the member's notifications, newest first; `antes` continues after that one. */
export async function listNotificaciones(db: Executor, owner: Owner, query: ListNotificacionesQuery): Promise<NotificacionesPage> {
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
export async function markRead(db: Executor, owner: Owner, id: string): Promise<Notificacion | null> {
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

export type NotifyInput = {
  clinicaId: string;
  titulo: string;
  mensaje: string;
  prioridad: PrioridadNotificacion;
  enlace?: string | null;
  tipo?: string;
} & ({ userIds: readonly string[] } | { permiso: Permission });

/**
 * Creates notifications for members of one clinic and publishes their events, as part of the
 * caller's transaction (a nested transaction, i.e. a savepoint, when given one): nothing is stored
 * or delivered if it rolls back. Recipients are the clinic's active members, either those named
 * (`userIds`; others are ignored) or those whose roles grant `permiso`.
 */
export async function notify(tx: Executor, input: NotifyInput): Promise<StoredNotificacion[]> {
  const recipients =
    'userIds' in input
      ? input.userIds.length === 0
        ? []
        : await tx
            .select({ id: usuarios.id })
            .from(usuarios)
            .where(and(eq(usuarios.clinicaId, input.clinicaId), eq(usuarios.activo, true), inArray(usuarios.id, [...input.userIds])))
      : await tx
          .selectDistinct({ id: usuarios.id })
          .from(usuarios)
          .innerJoin(usuariosRol, eq(usuariosRol.usuarioId, usuarios.id))
          .innerJoin(permisosRol, eq(permisosRol.rolId, usuariosRol.rolId))
          .innerJoin(permisos, eq(permisos.id, permisosRol.permisoId))
          .where(and(eq(usuarios.clinicaId, input.clinicaId), eq(usuarios.activo, true), eq(permisos.nombre, input.permiso)));
  if (recipients.length === 0) return [];
  return tx.transaction(async (inner) => {
    const rows = await inner
      .insert(notificaciones)
      .values(
        recipients.map((r) => ({
          userId: r.id,
          clinicaId: input.clinicaId,
          titulo: input.titulo,
          mensaje: input.mensaje,
          prioridad: input.prioridad,
          enlace: input.enlace ?? null,
          tipo: input.tipo ?? 'info',
        })),
      )
      .returning({ ...columns, userId: notificaciones.userId });
    await publish(
      inner,
      rows.map((r) => ({ kind: 'notificacion' as const, userId: r.userId, id: r.id })),
    );
    return rows.map(toStored);
  });
}

const sessionValid = (owner: Owner, sessionId: string) =>
  sql<boolean>`exists (select 1 from ${session} where ${session.id} = ${sessionId} and ${session.userId} = ${owner.userId} and ${session.expiresAt} > now())`;
const activeMember = (owner: Owner) => and(eq(usuarios.id, owner.userId), eq(usuarios.clinicaId, owner.clinicaId), eq(usuarios.activo, true));

/**
 * The notification a stream was told about, with the stream's right to go on checked in the same
 * round trip: `allowed` is false once the session is gone or the member is no longer active in the
 * clinic; `item` is null when the notification is not this member's.
 */
export async function getForStream(
  db: Executor,
  owner: Owner,
  sessionId: string,
  id: string,
): Promise<{ allowed: boolean; item: StoredNotificacion | null }> {
  const [row] = await db
    .select({ sesion: sessionValid(owner, sessionId), n: columns })
    .from(usuarios)
    .leftJoin(notificaciones, and(eq(notificaciones.id, id), eq(notificaciones.userId, usuarios.id), eq(notificaciones.clinicaId, usuarios.clinicaId)))
    .where(activeMember(owner));
  if (!row?.sesion) return { allowed: false, item: null };
  return { allowed: true, item: row.n ? toStored(row.n) : null };
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

/** The member's latest stream position (0 with none), where a fresh stream starts. */
export async function latestSeq(db: Executor, owner: Owner): Promise<number> {
  const [row] = await db
    .select({ seq: notificaciones.seq })
    .from(notificaciones)
    .where(ownedBy(owner))
    .orderBy(desc(notificaciones.seq))
    .limit(1);
  return row ? Number(row.seq) : 0;
}

/**
 * Whether a stream may go on: its session still exists and has not expired, and the member is still
 * active in the same clinic. Checked before every event and ping.
 */
export async function streamAllowed(db: Executor, owner: Owner, sessionId: string): Promise<boolean> {
  const [row] = await db.select({ ok: sessionValid(owner, sessionId) }).from(usuarios).where(activeMember(owner));
  return Boolean(row?.ok);
}
