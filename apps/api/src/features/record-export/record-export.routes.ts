import { RECORD_EXPORT_MESSAGES as M } from '@odontia/shared';
import { Hono } from 'hono';
import { auditActor } from '../../platform/audit.ts';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam } from '../../platform/validation.ts';
import { exportRecord } from './record-export.service.ts';

const patientIdParam = idParam(() => notFound(M.patientNotFound));

/**
 * 'Exportar historia' (issue 22), mounted under /pacientes: the patient's record as a zip download
 * (`historia.json`, `historia.pdf` and the signed consents' PDFs), with `historia.exportar`. Another
 * clinic's patient, and an archived one, are not found; every export is written to the audit trail.
 */
export const recordExportRoutes = new Hono<AppEnv>().get(
  '/:id/exportar',
  requirePermission('historia.exportar'),
  patientIdParam,
  async (c) => {
    const file = await exportRecord(c.var.deps, auditActor(c), c.req.valid('param').id);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/zip',
      'Content-Length': String(file.bytes.byteLength),
      // The name is ASCII by construction (shared `recordExportFileName`).
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'X-Content-Type-Options': 'nosniff',
    });
  },
);
