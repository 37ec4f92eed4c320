import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../apps/api/src/platform/context.ts';
import { requirePermission } from '../../apps/api/src/platform/session.ts';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Routes that exist only in the agenda bench's server:
 * - /bench/citas/baseline: the straightforward read, every appointment of the clinic joined with
 *   its patient and dentist (as the spec's `select *, pacientes(*), dentistas(*)` call reads them),
 *   which a client would then filter to the month, week or page it shows;
 * - /bench/citas/pacientes: the clinic's patient ids, to spread the write load over them.
 */
export const agendaBenchRoutes = new Hono<AppEnv>()
  .get('/citas/baseline', requirePermission('citas.ver'), async (c) => {
    const result = await c.var.deps.db.execute(sql`
      select c.*, row_to_json(p.*) as paciente, row_to_json(d.*) as dentista
      from citas c
      join pacientes p on p.id = c.paciente_id
      join dentistas d on d.id = c.dentista_id
      where c.clinica_id = ${c.var.member.clinicaId}
      order by c.inicio`);
    return c.json(rowsOf(result), 200);
  })
  .get('/citas/pacientes', requirePermission('citas.ver'), async (c) => {
    const result = await c.var.deps.db.execute(
      sql`select id from pacientes where clinica_id = ${c.var.member.clinicaId} order by id`,
    );
    return c.json(
      rowsOf(result).map((r) => r.id as string),
      200,
    );
  });
