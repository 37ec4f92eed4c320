import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam } from '../../platform/validation.ts';
import { reminderAppointmentNotFound, sendWhatsappReminder, tomorrowReminders } from './reminders.service.ts';

/** 'Recordatorios de mañana' (issue 24): tomorrow's appointments and their WhatsApp reminders. */
export const remindersRoutes = new Hono<AppEnv>()
  .get('/manana', requirePermission('citas.ver'), async (c) => {
    return c.json(await tomorrowReminders(c.var.deps.db, c.var.member), 200);
  })
  /** Records the reminder as sent by the caller and answers the `wa.me` link that opens it written. */
  .post('/:id/whatsapp', requirePermission('citas.editar'), idParam(reminderAppointmentNotFound), async (c) => {
    const { db, config } = c.var.deps;
    return c.json(await sendWhatsappReminder(db, c.var.member, config.appUrl, c.req.valid('param').id), 201);
  });
