import { Hono } from 'hono';
import { findDemoCredentials } from '../../seed/demo.ts';
import type { AppEnv } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Public: the demo owner's credentials, for the hint on /auth, only while the demo clinic exists
 * (SEED_DEMO on when the database was created) and they still sign in; 404 otherwise, and the page
 * shows no hint.
 */
export const demoRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const credentials = await findDemoCredentials(c.var.deps.db);
  if (!credentials) throw new AppError(404, 'not_found', 'No hay clínica de demostración');
  return c.json({ demo: credentials }, 200);
});
