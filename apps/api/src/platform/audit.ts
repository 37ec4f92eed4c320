import type { AuditAction } from '@odontia/shared';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { columnNames } from '../db/column-map.ts';
import { preparedStatement } from '../db/prepared.ts';
import { auditoria, usuarios } from '../db/schema/index.ts';
import type { Context } from 'hono';
import type { Executor } from '../db/client.ts';
import { clientAddress } from './client-address.ts';
import type { AppEnv, Member } from './context.ts';

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

/** The clinic's country (its payment methods), zone (its "today") and currency, from the session's membership. */
export type ClinicSettings = Pick<Member, 'pais' | 'zonaHoraria' | 'moneda'>;

/** The audit actor with its clinic's settings, which the money features' rules need (budgets, payments, cash). */
export type ClinicActor = AuditActor & ClinicSettings;

export const clinicActor = (c: Context<AppEnv>): ClinicActor => {
  const { pais, zonaHoraria, moneda } = c.var.member;
  return { ...auditActor(c), pais, zonaHoraria, moneda };
};

export type AuditEntry = { accion: AuditAction; pacienteId: string | null; detalle?: Record<string, string | number> };

/** The values of an audit row, named as the placeholders of `auditInsertPrepared` (filled by `auditValues`). */
export function auditValues(actor: AuditActor, entry: AuditEntry) {
  return {
    auditClinicaId: actor.clinicaId,
    auditUsuarioId: actor.userId,
    auditAccion: entry.accion,
    auditPacienteId: entry.pacienteId,
    auditDireccion: actor.direccion,
    auditDetalle: entry.detalle ? JSON.stringify(entry.detalle) : null,
  };
}
export type AuditValues = ReturnType<typeof auditValues>;

/**
 * The one INSERT of an audit row, with the member's current name, its values given as SQL (bound
 * values or placeholders); `select.from` makes it conditional (`from <cte>`), for statements that
 * write it only when the patient was found.
 */
function auditInsertOf(v: (name: keyof AuditValues) => SQL | Placeholder, select: { from?: SQL }): SQL {
  const a = auditoria;
  return sql`insert into ${auditoria} (${columnNames(a.clinicaId, a.usuarioId, a.usuarioNombre, a.accion, a.pacienteId, a.direccion, a.detalle)})
    select ${v('auditClinicaId')}::uuid, ${v('auditUsuarioId')}::text,
           coalesce((select ${usuarios.nombres} from ${usuarios} where ${usuarios.id} = ${v('auditUsuarioId')}::text), ''),
           ${v('auditAccion')}::text, ${v('auditPacienteId')}::uuid, ${v('auditDireccion')}::text, ${v('auditDetalle')}::jsonb
    ${select.from ? sql`from ${select.from}` : sql``}`;
}

/**
 * The audit INSERT with the actor and the entry as bound values; `select.detalle` gives the detail as SQL
 * instead, for a statement whose detail is only known inside it (a number it takes).
 */
export function auditInsert(actor: AuditActor, entry: AuditEntry, select: { from?: SQL; detalle?: SQL } = {}): SQL {
  const values = auditValues(actor, entry);
  return auditInsertOf(
    (name) => (name === 'auditDetalle' && select.detalle ? select.detalle : sql`${values[name]}`),
    select,
  );
}

/**
 * The audit INSERT for a prepared statement (db/prepared.ts): the actor and the entry as placeholders
 * (filled by `auditValues`), so the statement's text never changes and it is planned once per connection.
 */
export function auditInsertPrepared(select: { from?: SQL } = {}): SQL {
  return auditInsertOf((name) => sql.placeholder(name), select);
}

/** `recordAudit`'s statement: the same text for every row, so it is planned once per connection. */
const auditStatement = preparedStatement<never, AuditValues>('odontia_auditoria', auditInsertPrepared());

export async function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await auditStatement(db, auditValues(actor, entry));
}
