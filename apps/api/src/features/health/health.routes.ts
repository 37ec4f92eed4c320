import { Hono } from 'hono';
import { isDatabaseReachable } from '../../db/migrate.ts';
import type { AppEnv } from '../../platform/context.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const ok = await isDatabaseReachable(c.var.deps.database);
  if (!ok) {
    return c.json(
      { error: { code: 'service_unavailable' as const, message: 'La base de datos no está disponible' } },
      503,
    );
  }
  return c.json({ status: 'ok' as const, database: c.var.deps.database.driver }, 200);
});
