import type { AppNotification, Permission, NotificationPriority } from '@odontia/shared';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';
import { columnNames, selectList } from '../db/column-map.ts';
import { notificaciones, permisos, permisosRol, usuarios, usuariosRol } from '../db/schema/index.ts';
import { publishNotificationsSql } from './realtime/index.ts';

/**
 * Notifications as every feature creates them: `notify(tx, ...)` inside the feature's own write
 * transaction. The notifications feature (list, mark read, stream) reads them back.
 */
export const notificationColumns = {
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

type Row = Omit<AppNotification, 'fechaCreacion' | 'prioridad'> & {
  seq: number;
  prioridad: string;
  fechaCreacion: Date;
};

/** A stored notification with its stream position (`seq`: it orders the stream and stays in the server). */
export type StoredNotificacion = { seq: number; notificacion: AppNotification };

export function toStored(row: Row): StoredNotificacion {
  return {
    seq: Number(row.seq),
    notificacion: {
      id: row.id,
      titulo: row.titulo,
      mensaje: row.mensaje,
      tipo: row.tipo,
      prioridad: row.prioridad as NotificationPriority,
      enlace: row.enlace,
      leida: row.leida,
      fechaCreacion: row.fechaCreacion.toISOString(),
    },
  };
}

export type NotifyInput = {
  clinicaId: string;
  titulo: string;
  mensaje: string;
  prioridad: NotificationPriority;
  enlace?: string | null;
  tipo?: string;
} & ({ userIds: readonly string[] } | { permiso: Permission; alsoUserIds?: readonly string[] });

/**
 * The ids of a clinic's active members whose roles grant a permission: the recipients of
 * `notify({ permiso })`, and of a statement that notifies as one of its steps (the checkout).
 */
export const membersWithPermission = (
  clinicaId: SQL,
  permiso: SQL,
) => sql`select distinct ${usuarios.id} as id from ${usuarios}
  join ${usuariosRol} on ${usuariosRol.usuarioId} = ${usuarios.id}
  join ${permisosRol} on ${permisosRol.rolId} = ${usuariosRol.rolId}
  join ${permisos} on ${permisos.id} = ${permisosRol.permisoId}
  where ${usuarios.clinicaId} = ${clinicaId} and ${usuarios.activo} and ${permisos.nombre} = ${permiso}`;

/**
 * The clinic's active members among `ids` (a query answering user ids): the recipients of
 * `notify({ userIds })`, and of a statement that notifies a member it has just read (a booking).
 */
export const membersAmong = (clinicaId: SQL, ids: SQL) =>
  sql`select ${usuarios.id} as id from ${usuarios}
  where ${usuarios.clinicaId} = ${clinicaId} and ${usuarios.activo} and ${usuarios.id} in (${ids})`;

/** What every notification of one write says; `mensaje` may read the relations named in `from`. */
export type NotificationValues = {
  clinicaId: SQL;
  titulo: SQL;
  mensaje: SQL;
  prioridad: SQL;
  enlace: SQL;
  tipo: SQL;
};

/**
 * Notifications as SQL, two steps of one statement (CTEs): `aviso` writes one notification per row
 * of `recipients` (a query answering user ids as `id`) and answers them (`notificationColumns` and
 * `user_id`); `evento` publishes their realtime events (publishNotificationsSql). `notify()` runs
 * them as its one statement; a statement that notifies as one of its steps (the checkout) embeds them,
 * `from` adding the relations its values read (the order it just wrote). PostgreSQL runs a
 * non-modifying CTE only when referenced: the statement must read `evento` (e.g. count it).
 */
export const notificationsSql = (input: { recipients: SQL; values: NotificationValues; from?: SQL }): SQL => {
  const v = input.values;
  return sql`aviso as (
      insert into ${notificaciones} (${columnNames(
        notificaciones.userId,
        notificaciones.clinicaId,
        notificaciones.titulo,
        notificaciones.mensaje,
        notificaciones.prioridad,
        notificaciones.enlace,
        notificaciones.tipo,
      )})
      select r.id, (${v.clinicaId})::uuid, (${v.titulo})::text, (${v.mensaje})::text, (${v.prioridad})::text, (${v.enlace})::text, (${v.tipo})::text
      from (${input.recipients}) r${input.from ? sql`, ${input.from}` : sql``}
      returning ${selectList(notificationColumns)}, ${notificaciones.userId} as user_id
    ),
    evento as (${publishNotificationsSql(sql`aviso`)})`;
};

/**
 * Creates notifications for members of one clinic and publishes their events, in one statement
 * (notificationsSql) that is part of the caller's transaction, if any: nothing is stored or
 * delivered if it rolls back. Recipients are the clinic's active members, either those named
 * (`userIds`; others are ignored) or those whose roles grant `permiso`.
 */
export async function notify(tx: Executor, input: NotifyInput): Promise<StoredNotificacion[]> {
  let recipients: SQL;
  if ('userIds' in input) {
    if (input.userIds.length === 0) return [];
    recipients = membersAmong(
      sql`${input.clinicaId}::uuid`,
      sql`select unnest(${sql.param([...input.userIds])}::text[])`,
    );
  } else {
    recipients = membersWithPermission(sql`${input.clinicaId}::uuid`, sql`${input.permiso}::text`);
    // Those whose roles grant it and those named (a dentist told of their own appointment), once each.
    if (input.alsoUserIds?.length)
      recipients = sql`${recipients} union ${membersAmong(
        sql`${input.clinicaId}::uuid`,
        sql`select unnest(${sql.param([...input.alsoUserIds])}::text[])`,
      )}`;
  }
  const rows = await rowsOf<Omit<Row, 'fechaCreacion'> & { fechaCreacion: Date | string }>(
    tx.execute(sql`with ${notificationsSql({
      recipients,
      values: {
        clinicaId: sql`${input.clinicaId}`,
        titulo: sql`${input.titulo}`,
        mensaje: sql`${input.mensaje}`,
        prioridad: sql`${input.prioridad}`,
        enlace: sql`${input.enlace ?? null}`,
        tipo: sql`${input.tipo ?? 'info'}`,
      },
    })}
    select a.*, (select count(*) from evento) as publicados from aviso a order by a.seq`),
  );
  // Raw rows: node-postgres hands timestamptz over as text.
  return rows.map((r) => toStored({ ...r, fechaCreacion: new Date(r.fechaCreacion) }));
}
