import { publicProfileSchema } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { fileBytes, imageUpload } from '../../platform/storage/images.ts';
import { validate } from '../../platform/validation.ts';
import {
  getPublicProfile,
  removePublicProfileImage,
  setPublicProfileImage,
  updatePublicProfile,
} from './public-profile.service.ts';

/** The caller's clinic's public profile ('Perfil público' in 'Configuración de la Clínica'). */
export const publicProfileRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('clinica.ver'), async (c) =>
    c.json({ perfil: await getPublicProfile(c.var.deps.db, c.var.member.clinicaId) }, 200),
  )
  .put('/', requirePermission('clinica.editar'), validate('json', publicProfileSchema), async (c) => {
    return c.json(
      { perfil: await updatePublicProfile(c.var.deps.db, c.var.member.clinicaId, c.req.valid('json')) },
      200,
    );
  })
  .post('/imagen', requirePermission('clinica.editar'), imageUpload('imagen'), async (c) => {
    const { db, storage } = c.var.deps;
    return c.json(
      await setPublicProfileImage(db, storage, c.var.member.clinicaId, await fileBytes(c.req.valid('form').imagen)),
      200,
    );
  })
  .delete('/imagen', requirePermission('clinica.editar'), async (c) => {
    const { db, storage } = c.var.deps;
    return c.json(await removePublicProfileImage(db, storage, c.var.member.clinicaId), 200);
  });
