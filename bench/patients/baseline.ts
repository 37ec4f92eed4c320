import { PATIENTS_PAGE_SIZE, patientListQuerySchema } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../apps/api/src/platform/context.ts';
import { requirePermission } from '../../apps/api/src/platform/session.ts';
import { validate } from '../../apps/api/src/platform/validation.ts';
import { listPatients } from '../../apps/api/src/features/patients/patients.service.ts';

/**
 * Routes that exist only in the bench's server, measured side by side with the real ones so the
 * gain is visible in the same run:
 * - /bench/pacientes/baseline: the straightforward query (the page with an exact
 *   `count(*) over ()`, as the spec's "SELECT ... with exact count" reads), same session checks,
 *   same search column and index;
 * - /bench/pacientes/sin-cache: the real service with the reuse of search counts turned off, so
 *   that the cost of a first search of a term is visible too.
 */
export const benchRoutes = new Hono<AppEnv>()
  .get(
    '/pacientes/baseline',
    requirePermission('pacientes.ver'),
    validate('query', patientListQuerySchema),
    async (c) => {
      const { q, pagina } = c.req.valid('query');
      const clinicaId = c.var.member.clinicaId;
      const filter = q ? sql`and busqueda like '%' || odontia_normalizar(${q}) || '%'` : sql``;
      const result = await c.var.deps.db.execute(sql`
      select id, nombres, apellidos, email, telefono, foto_url, estado, ultima_visita::text, proxima_visita::text,
             count(*) over () as total
      from pacientes
      where clinica_id = ${clinicaId} ${filter}
      order by apellidos, nombres, id
      limit ${PATIENTS_PAGE_SIZE} offset ${(pagina - 1) * PATIENTS_PAGE_SIZE}`);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      return c.json(
        { pacientes: rows, total: Number(rows[0]?.total ?? 0), pagina, porPagina: PATIENTS_PAGE_SIZE },
        200,
      );
    },
  )
  .get(
    '/pacientes/sin-cache',
    requirePermission('pacientes.ver'),
    validate('query', patientListQuerySchema),
    async (c) => {
      return c.json(
        await listPatients(c.var.deps.db, c.var.member.clinicaId, c.req.valid('query'), { reuseSearchCount: false }),
        200,
      );
    },
  );
