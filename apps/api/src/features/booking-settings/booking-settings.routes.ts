import { bookingRulesSchema } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { validate } from '../../platform/validation.ts';
import { bookingRules, saveBookingRules } from './booking-settings.service.ts';

/**
 * The clinic's online-booking rules and recall interval (issue 24), mounted at /api/reservas/ajustes:
 * read with clinica.ver, changed with clinica.editar.
 */
export const bookingSettingsRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('clinica.ver'), async (c) => c.json(await bookingRules(c.var.deps.db, c.var.member), 200))
  .put('/', requirePermission('clinica.editar'), validate('json', bookingRulesSchema), async (c) =>
    c.json(await saveBookingRules(c.var.deps.db, c.var.member, c.req.valid('json')), 200),
  );
