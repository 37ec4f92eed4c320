import type { AuditAction } from '@odontia/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Executor } from '../db/client.ts';
import { clientAddress } from './client-address.ts';
import type { AppEnv } from './context.ts';

/**
 * The audit trail of the clinical record (DESIGN §1), written by the features that show or change it
 * (patients, odontogram) and read by the audit feature. A change writes its row in the transaction of
 * the change, so there is never a change without its row nor a row for a change that rolled back.
 */

/** Who acts, in which clinic, from where: taken from the session and the connection, never the request body. */
export type AuditActor = { clinicaId: string; userId: string; direccion: string };

export const auditActor = (c: Context<AppEnv>): AuditActor => ({
  clinicaId: c.var.member.clinicaId,
  userId: c.var.user.id,
  direccion: clientAddress(c),
});

export type AuditEntry = { accion: AuditAction; pacienteId: string | null; detalle?: Record<string, string | number> };

/**
 * The INSERT of one audit row as SQL, with the member's current name; `select` makes it conditional
 * (`from <cte>`), for statements that write it only when the patient was found.
 */
export function auditInsert(actor: AuditActor, entry: AuditEntry, select: { from?: SQL } = {}): SQL {
  const detalle = entry.detalle ? JSON.stringify(entry.detalle) : null;
  return sql`insert into auditoria (clinica_id, usuario_id, usuario_nombre, accion, paciente_id, direccion, detalle)
    select ${actor.clinicaId}::uuid, ${actor.userId}, coalesce((select nombres from usuarios where id = ${actor.userId}), ''),
           ${entry.accion}, ${entry.pacienteId}::uuid, ${actor.direccion}, ${detalle}::jsonb
    ${select.from ? sql`from ${select.from}` : sql``}`;
}

export async function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.execute(auditInsert(actor, entry));
}
