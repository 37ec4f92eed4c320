import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { getLatestTerms } from './terms.service.ts';

/** Public: read before registering. */
export const termsRoutes = new Hono<AppEnv>().get('/', async (c) => {
  return c.json({ terminos: await getLatestTerms(c.var.deps.db) }, 200);
});
