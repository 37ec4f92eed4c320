import {
  CONSENT_MESSAGES as M,
  consentInputSchema,
  consentPreviewQuerySchema,
  consentTemplateInputSchema,
} from '@odontia/shared';
import { Hono } from 'hono';
import { auditActor } from '../../platform/audit.ts';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import {
  consentPdf,
  createTemplate,
  deleteTemplate,
  listPatientConsents,
  listTemplates,
  previewConsent,
  signConsent,
  updateTemplate,
} from './consents.service.ts';

const patientIdParam = idParam(() => notFound(M.patientNotFound));
const consentIdParam = idParam(() => notFound(M.consentNotFound));
const templateIdParam = idParam(() => notFound(M.templateNotFound));

/**
 * A patient's signed consents, mounted under /pacientes (issue 22): listed with historia.ver, signed
 * with consentimientos.firmar (after reading the text the server filled, `/texto`). Another clinic's patient, and an archived one, answer 404.
 */
export const patientConsentsRoutes = new Hono<AppEnv>()
  .get('/:id/consentimientos', requirePermission('historia.ver'), patientIdParam, async (c) =>
    c.json(await listPatientConsents(c.var.deps.db, auditActor(c), c.req.valid('param').id), 200),
  )
  .get(
    '/:id/consentimientos/texto',
    requirePermission('consentimientos.firmar'),
    patientIdParam,
    validate('query', consentPreviewQuerySchema),
    async (c) =>
      c.json(await previewConsent(c.var.deps.db, auditActor(c), c.req.valid('param').id, c.req.valid('query')), 200),
  )
  .post(
    '/:id/consentimientos',
    requirePermission('consentimientos.firmar'),
    patientIdParam,
    validate('json', consentInputSchema),
    async (c) =>
      c.json(
        await signConsent(
          c.var.deps.db,
          c.var.deps.storage,
          auditActor(c),
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
        201,
      ),
  );

/**
 * A signed consent's PDF, mounted at /consentimientos: the only way its file leaves the server (the
 * public /files/ route never serves the `consentimientos/` prefix), each download audited.
 */
export const consentsRoutes = new Hono<AppEnv>().get(
  '/:id/pdf',
  requirePermission('historia.ver'),
  consentIdParam,
  async (c) => {
    const pdf = await consentPdf(c.var.deps.db, c.var.deps.storage, auditActor(c), c.req.valid('param').id);
    return c.body(pdf.bytes, 200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.bytes.byteLength),
      'Content-Disposition': `attachment; filename="${pdf.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  },
);

/** The clinic's consent templates, mounted at /plantillas-consentimientos: read with historia.ver, managed with historia.editar. */
export const consentTemplatesRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('historia.ver'), async (c) =>
    c.json(await listTemplates(c.var.deps.db, c.var.member.clinicaId), 200),
  )
  .post('/', requirePermission('historia.editar'), validate('json', consentTemplateInputSchema), async (c) =>
    c.json(await createTemplate(c.var.deps.db, c.var.member.clinicaId, c.req.valid('json')), 201),
  )
  .put(
    '/:id',
    requirePermission('historia.editar'),
    templateIdParam,
    validate('json', consentTemplateInputSchema),
    async (c) =>
      c.json(
        await updateTemplate(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .delete('/:id', requirePermission('historia.editar'), templateIdParam, async (c) => {
    await deleteTemplate(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });
