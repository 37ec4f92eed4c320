import { APPOINTMENT_MESSAGES, messageSettingsSchema } from '@odontia/shared';
import { Hono } from 'hono';
import { auditActor } from '../../platform/audit.ts';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import { appointmentMessages, messageSettings, saveMessageSettings } from './messages.service.ts';

const appointmentNotFound = () => notFound(APPOINTMENT_MESSAGES.notFound);

/** The clinic's messages to patients (issue 24): when reminders go, the templates. */
export const messageSettingsRoutes = new Hono<AppEnv>()
  .get('/ajustes', requirePermission('clinica.ver'), async (c) =>
    c.json(await messageSettings(c.var.deps.db, c.var.member), 200),
  )
  .put('/ajustes', requirePermission('clinica.editar'), validate('json', messageSettingsSchema), async (c) =>
    c.json(await saveMessageSettings(c.var.deps.db, c.var.member, c.req.valid('json')), 200),
  );

/** An appointment's message history, under /api/citas/:id/mensajes. */
export const appointmentMessagesRoutes = new Hono<AppEnv>().get(
  '/:id/mensajes',
  requirePermission('citas.ver'),
  idParam(appointmentNotFound),
  async (c) => {
    const rows = await appointmentMessages(c.var.deps.db, auditActor(c), c.req.valid('param').id);
    if (!rows) throw appointmentNotFound();
    return c.json(rows, 200);
  },
);
