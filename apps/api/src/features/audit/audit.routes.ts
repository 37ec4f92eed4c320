import { auditListQuerySchema } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { validate } from '../../platform/validation.ts';
import { auditMembers, listAudit } from './audit.service.ts';

/**
 * The audit trail of the clinical record, read only (DESIGN §1): there is no route that changes or
 * deletes it. `/opciones` gives the member filter its choices (the team list needs usuarios.ver).
 */
export const auditRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('auditoria.ver'), validate('query', auditListQuerySchema), async (c) => {
    return c.json(await listAudit(c.var.deps.db, c.var.member, c.req.valid('query')), 200);
  })
  .get('/opciones', requirePermission('auditoria.ver'), async (c) => {
    return c.json({ usuarios: await auditMembers(c.var.deps.db, c.var.member.clinicaId) }, 200);
  });
