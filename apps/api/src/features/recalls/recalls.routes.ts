import { recallsQuerySchema } from '@odontia/shared';
import { Hono } from 'hono';
import { auditActor } from '../../platform/audit.ts';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import { listRecalls, recallPatientNotFound, sendRecallEmail, whatsappRecall } from './recalls.service.ts';

const patientIdParam = idParam(recallPatientNotFound);

/**
 * 'Revisiones pendientes' (issue 24): the patients due a check-up, read with pacientes.ver; inviting
 * one back (an email sent now, or the WhatsApp link to send), recorded and audited, with pacientes.editar.
 */
export const recallsRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('pacientes.ver'), validate('query', recallsQuerySchema), async (c) =>
    c.json(await listRecalls(c.var.deps.db, c.var.member, c.req.valid('query').pagina), 200),
  )
  .post('/:id/email', requirePermission('pacientes.editar'), patientIdParam, async (c) => {
    const { db, mailer, config } = c.var.deps;
    await sendRecallEmail({ db, mailer, appUrl: config.appUrl }, auditActor(c), c.var.member, c.req.valid('param').id);
    return c.json({ enviado: true as const }, 200);
  })
  .post('/:id/whatsapp', requirePermission('pacientes.editar'), patientIdParam, async (c) => {
    const { db, config } = c.var.deps;
    return c.json(await whatsappRecall(db, auditActor(c), c.var.member, config.appUrl, c.req.valid('param').id), 200);
  });
