import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { requireMember } from '../../platform/session.ts';
import { listNews } from './news.service.ts';

/** Community news for the dashboard: the same for everyone, shown to signed-in clinic members. */
export const newsRoutes = new Hono<AppEnv>().get('/', requireMember, async (c) => {
  return c.json({ noticias: await listNews(c.var.deps.db) }, 200);
});
