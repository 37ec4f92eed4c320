import { AUDIT_PAGE_SIZE, type AuditAction } from '@odontia/shared';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { localMidnight } from '../../db/local-day.ts';
import type { Member } from '../../platform/context.ts';

export type AuditRecord = {
  id: number;
  /** ISO instant. */
  fecha: string;
  accion: AuditAction;
  usuario: { id: string; nombre: string };
  /** Null for an action on no patient; the name of an erased patient comes from the row of their deletion. */
  paciente: { id: string; nombre: string } | null;
  direccion: string;
  detalle: Record<string, string | number> | null;
};
export type AuditPage = { registros: AuditRecord[]; total: number; pagina: number; porPagina: number };
export type AuditFilters = {
  paciente: string | null;
  usuario: string | null;
  desde: string | null;
  hasta: string | null;
  pagina: number;
};

type Row = {
  id: string | number;
  fecha: Date | string;
  accion: AuditAction;
  usuario_id: string;
  usuario_nombre: string;
  paciente_id: string | null;
  paciente_nombre: string | null;
  direccion: string;
  detalle: Record<string, string | number> | null;
};

/**
 * One page of the clinic's audit trail, newest first, filtered by patient, member and days (both
 * included, days of the clinic's time zone). Read only: nothing here writes to it.
 */
export async function listAudit(db: Executor, member: Member, filters: AuditFilters): Promise<AuditPage> {
  const conditions: SQL[] = [sql`a.clinica_id = ${member.clinicaId}::uuid`];
  if (filters.paciente) conditions.push(sql`a.paciente_id = ${filters.paciente}::uuid`);
  if (filters.usuario) conditions.push(sql`a.usuario_id = ${filters.usuario}`);
  if (filters.desde) conditions.push(sql`a.fecha >= ${localMidnight(filters.desde, member.zonaHoraria)}`);
  if (filters.hasta) conditions.push(sql`a.fecha < ${localMidnight(filters.hasta, member.zonaHoraria, 1)}`);
  const where = sql.join(conditions, sql` and `);
  const offset = (filters.pagina - 1) * AUDIT_PAGE_SIZE;
  const [rows, [count]] = await Promise.all([
    rowsOf<Row>(
      db.execute(sql`
        select a.id, a.fecha, a.accion, a.usuario_id, a.usuario_nombre, a.paciente_id, a.direccion, a.detalle,
               coalesce(
                 p.nombres || ' ' || p.apellidos,
                 (select d.detalle->>'paciente' from auditoria d
                  where d.clinica_id = a.clinica_id and d.paciente_id = a.paciente_id and d.accion = 'paciente.eliminar' limit 1)
               ) as paciente_nombre
        from auditoria a left join pacientes p on p.id = a.paciente_id and p.clinica_id = a.clinica_id
        where ${where}
        order by a.id desc
        limit ${AUDIT_PAGE_SIZE} offset ${offset}`),
    ),
    rowsOf<{ total: number }>(db.execute(sql`select count(*)::int as total from auditoria a where ${where}`)),
  ]);
  return {
    registros: rows.map((r) => ({
      id: Number(r.id),
      fecha: new Date(r.fecha).toISOString(),
      accion: r.accion,
      usuario: { id: r.usuario_id, nombre: r.usuario_nombre },
      paciente: r.paciente_id ? { id: r.paciente_id, nombre: r.paciente_nombre ?? '' } : null,
      direccion: r.direccion,
      detalle: r.detalle,
    })),
    total: Number(count.total),
    pagina: filters.pagina,
    porPagina: AUDIT_PAGE_SIZE,
  };
}

/** The member filter's choices: the clinic's members, active or not, by name. */
export async function auditMembers(db: Executor, clinicaId: string): Promise<{ id: string; nombre: string }[]> {
  return rowsOf(
    db.execute(
      sql`select id, nombres as nombre from usuarios where clinica_id = ${clinicaId}::uuid order by nombres, id`,
    ),
  );
}
