import { debtorsQuerySchema } from '@odontia/shared';
import { Hono } from 'hono';
import { auditActor } from '../../platform/audit.ts';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import { debtorNotFound, listDebtors, queueDebtReminderEmail, sendDebtReminderWhatsapp } from './debtors.service.ts';

const patientIdParam = idParam(debtorNotFound);

/**
 * 'Pacientes con saldo pendiente' (issue 25), mounted at /saldos: the list (`cobros.ver`) and the
 * balance reminders by email (queued in the outbox) and WhatsApp (`wa.me`), with `cobros.registrar`.
 */
export const debtorsRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('cobros.ver'), validate('query', debtorsQuerySchema), async (c) =>
    c.json(await listDebtors(c.var.deps.db, c.var.member, c.req.valid('query')), 200),
  )
  .post('/:id/email', requirePermission('cobros.registrar'), patientIdParam, async (c) =>
    c.json(await queueDebtReminderEmail(c.var.deps.db, auditActor(c), c.req.valid('param').id), 201),
  )
  /** Records the reminder as sent by the caller and answers the `wa.me` link that opens it written. */
  .post('/:id/whatsapp', requirePermission('cobros.registrar'), patientIdParam, async (c) =>
    c.json(await sendDebtReminderWhatsapp(c.var.deps.db, auditActor(c), c.var.member, c.req.valid('param').id), 201),
  );
