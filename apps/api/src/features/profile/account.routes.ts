import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { requireUser } from '../../platform/session.ts';
import { getCurrentAccount } from './account.service.ts';

export const accountRoutes = new Hono<AppEnv>().get('/', requireUser, async (c) => {
  const account = await getCurrentAccount(c.var.deps.db, c.var.user.id);
  if (!account) throw unauthorized();
  return c.json(account, 200);
});
