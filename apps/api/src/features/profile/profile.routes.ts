import { profileSchema } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { requireUser } from '../../platform/session.ts';
import { fileBytes, imageUpload } from '../../platform/storage/images.ts';
import { validate } from '../../platform/validation.ts';
import { getProfile, saveProfile, setProfilePhoto } from './profile.service.ts';

/**
 * The signed-in person's own profile (perfiles_usuario). There is no id in any path: the profile is
 * always the session's, so nobody can read or change another person's.
 */
export const profileRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => {
    const profile = await getProfile(c.var.deps.db, c.var.user.id);
    if (!profile) throw unauthorized();
    return c.json(profile, 200);
  })
  .put('/', requireUser, validate('json', profileSchema), async (c) => {
    const saved = await saveProfile(c.var.deps.db, c.var.user.id, c.req.valid('json'));
    return c.json(saved, 200);
  })
  .post('/foto', requireUser, imageUpload('foto'), async (c) => {
    const { db, storage } = c.var.deps;
    const result = await setProfilePhoto(db, storage, c.var.user.id, await fileBytes(c.req.valid('form').foto));
    return c.json(result, 200);
  });
