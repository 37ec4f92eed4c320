import { isId, ODONTOGRAM_MESSAGES, odontogramHistoryQuerySchema, odontogramSaveSchema } from '@odontia/shared';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { auditActor } from '../../platform/audit.ts';
import type { AppEnv } from '../../platform/context.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { jsonText } from '../../platform/http.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import { getVersion, listChartServices, listVersions, loadChart, saveChart } from './odontogram.service.ts';

const patientNotFound = () => notFound(ODONTOGRAM_MESSAGES.patientNotFound);
const versionNotFound = () => notFound(ODONTOGRAM_MESSAGES.versionNotFound);
const patientIdParam = idParam(patientNotFound);

/** `/:id/odontograma/versiones/:version`: the patient id as every route's, the version a positive integer. */
const versionParam = validator('param', (value: Record<string, string>) => {
  const id = value.id ?? '';
  if (!isId(id)) throw patientNotFound();
  const version = /^[1-9]\d{0,9}$/.test(value.version ?? '') ? Number(value.version) : NaN;
  if (!Number.isSafeInteger(version) || version > 2_000_000_000) throw versionNotFound();
  return { id: id.toLowerCase(), version };
});

/**
 * The odontogram of a patient (spec 000 §2-§5, DESIGN §1), mounted under /pacientes: the current chart,
 * saves as new versions (409 when someone saved since the version the screen started from), and the
 * history. Another clinic's patient, and an archived one, answer like one that does not exist. Every read
 * of a chart and every save is written to the audit trail.
 */
export const odontogramRoutes = new Hono<AppEnv>()
  .get('/:id/odontograma', requirePermission('odontograma.ver'), patientIdParam, async (c) => {
    const chart = await loadChart(c.var.deps.db, auditActor(c), c.req.valid('param').id);
    if (!chart) throw patientNotFound();
    return jsonText(c, chart);
  })
  .put(
    '/:id/odontograma',
    requirePermission('odontograma.editar'),
    patientIdParam,
    validate('json', odontogramSaveSchema, { status: 422 }),
    async (c) => {
      const result = await saveChart(c.var.deps.db, auditActor(c), c.req.valid('param').id, c.req.valid('json'));
      if ('notFound' in result) throw patientNotFound();
      if ('unknownService' in result) throw unprocessable(ODONTOGRAM_MESSAGES.unknownService, 'chart');
      if ('conflict' in result)
        throw conflict(ODONTOGRAM_MESSAGES.conflict(result.conflict.version, result.conflict.autor));
      return jsonText(c, result.saved);
    },
  )
  .get(
    '/:id/odontograma/versiones',
    requirePermission('odontograma.ver'),
    patientIdParam,
    validate('query', odontogramHistoryQuerySchema),
    async (c) => {
      const page = await listVersions(
        c.var.deps.db,
        c.var.member.clinicaId,
        c.req.valid('param').id,
        c.req.valid('query').pagina,
      );
      if (!page) throw patientNotFound();
      return jsonText(c, page);
    },
  )
  .get('/:id/odontograma/versiones/:version', requirePermission('odontograma.ver'), versionParam, async (c) => {
    const { id, version } = c.req.valid('param');
    const detail = await getVersion(c.var.deps.db, auditActor(c), id, version);
    if ('missing' in detail) throw detail.missing === 'paciente' ? patientNotFound() : versionNotFound();
    return c.json(detail, 200);
  });

/**
 * `/api/odontograma/servicios`: the catalogue services a chart entry can be planned with (issue 22),
 * for whoever may edit a chart, without the catalogue's own permission.
 */
export const odontogramServiceRoutes = new Hono<AppEnv>().get(
  '/servicios',
  requirePermission('odontograma.editar'),
  async (c) => c.json(await listChartServices(c.var.deps.db, c.var.member.clinicaId), 200),
);
