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

/**
 * `auditInsert` for a prepared statement (db/prepared.ts): the same INSERT with the actor and the entry
 * as placeholders (`audit_*`, filled by `auditValues`), so the statement's text never changes and it is
 * planned once per connection. `select.from` as in `auditInsert`.
 */
export function auditInsertPrepared(select: { from?: SQL } = {}): SQL {
  const p = (name: keyof ReturnType<typeof auditValues>) => sql.placeholder(name);
  return sql`insert into auditoria (clinica_id, usuario_id, usuario_nombre, accion, paciente_id, direccion, detalle)
    select ${p('audit_clinica_id')}::uuid, ${p('audit_usuario_id')}::text, coalesce((select nombres from usuarios where id = ${p('audit_usuario_id')}::text), ''),
           ${p('audit_accion')}::text, ${p('audit_paciente_id')}::uuid, ${p('audit_direccion')}::text, ${p('audit_detalle')}::jsonb
    ${select.from ? sql`from ${select.from}` : sql``}`;
}

/** The values of `auditInsertPrepared`'s placeholders. */
export function auditValues(actor: AuditActor, entry: AuditEntry) {
  return {
    audit_clinica_id: actor.clinicaId,
    audit_usuario_id: actor.userId,
    audit_accion: entry.accion,
    audit_paciente_id: entry.pacienteId,
    audit_direccion: actor.direccion,
    audit_detalle: entry.detalle ? JSON.stringify(entry.detalle) : null,
  };
}

export async function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.execute(auditInsert(actor, entry));
}
