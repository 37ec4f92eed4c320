import type { Notificacion, Permission, PrioridadNotificacion } from '@odontia/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';
import { notificaciones, permisos, permisosRol, usuarios, usuariosRol } from '../db/schema/index.ts';
import { publish } from './realtime/index.ts';

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

type Row = Omit<Notificacion, 'fechaCreacion' | 'prioridad'> & { seq: number; prioridad: string; fechaCreacion: Date };

/** A stored notification with its stream position (`seq`: it orders the stream and stays in the server). */
export type StoredNotificacion = { seq: number; notificacion: Notificacion };

export function toStored(row: Row): StoredNotificacion {
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

export type NotifyInput = {
  clinicaId: string;
  titulo: string;
  mensaje: string;
  prioridad: PrioridadNotificacion;
  enlace?: string | null;
  tipo?: string;
} & ({ userIds: readonly string[] } | { permiso: Permission });

/**
 * The ids of a clinic's active members whose roles grant a permission: the recipients of
 * `notify({ permiso })`, also for statements that write their notifications in SQL (the checkout).
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
            .where(
              and(
                eq(usuarios.clinicaId, input.clinicaId),
                eq(usuarios.activo, true),
                inArray(usuarios.id, [...input.userIds]),
              ),
            )
      : await rowsOf<{ id: string }>(tx.execute(membersWithPermission(sql`${input.clinicaId}`, sql`${input.permiso}`)));
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
      .returning({ ...notificationColumns, userId: notificaciones.userId });
    await publish(
      inner,
      rows.map((r) => ({ kind: 'notificacion' as const, userId: r.userId, id: r.id })),
    );
    return rows.map(toStored);
  });
}
