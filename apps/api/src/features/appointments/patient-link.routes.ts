import { APPOINTMENT_TOKEN, MESSAGE_MESSAGES } from '@odontia/shared';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { answerAppointment, patientAppointment } from './patient-link.service.ts';

const tokenParam = validator('param', (value: Record<string, string>) => {
  const token = value.token ?? '';
  if (!APPOINTMENT_TOKEN.test(token)) throw notFound(MESSAGE_MESSAGES.linkNotFound);
  return { token };
});

/** The patient's appointment page (issue 24), public: the token is the only key, and it opens one appointment. */
export const patientAppointmentRoutes = new Hono<AppEnv>()
  .get('/:token', tokenParam, async (c) =>
    c.json(await patientAppointment(c.var.deps.db, c.req.valid('param').token), 200),
  )
  .post('/:token/confirmar', tokenParam, async (c) =>
    c.json(await answerAppointment(c.var.deps.db, c.req.valid('param').token, 'confirmar'), 200),
  )
  .post('/:token/cancelar', tokenParam, async (c) =>
    c.json(await answerAppointment(c.var.deps.db, c.req.valid('param').token, 'cancelar'), 200),
  );
