import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { gettingStarted } from './getting-started.service.ts';

/**
 * The dashboard's own reads. 'Primeros pasos' is for those who set the clinic up (`clinica.editar`:
 * the owner and administrators): which of its steps are done.
 */
export const dashboardRoutes = new Hono<AppEnv>().get(
  '/primeros-pasos',
  requirePermission('clinica.editar'),
  async (c) => c.json(await gettingStarted(c.var.deps.db, c.var.member.clinicaId), 200),
);
