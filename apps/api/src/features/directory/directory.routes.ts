import { DIRECTORY_MESSAGES, directoryQuerySchema } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { idParam, validate } from '../../platform/validation.ts';
import { getHome, listCities, listClinics, listSpecialties, loadPublicProfile } from './directory.service.ts';

const clinicNotFound = () => notFound(DIRECTORY_MESSAGES.notFound);

/** The public directory (no session): only published clinics exist here. */
export const directoryRoutes = new Hono<AppEnv>()
  .get('/inicio', async (c) => c.json(await getHome(c.var.deps.db), 200))
  .get('/especialidades', async (c) => c.json({ especialidades: await listSpecialties(c.var.deps.db) }, 200))
  .get('/ciudades', async (c) => c.json({ ciudades: await listCities(c.var.deps.db) }, 200))
  .get('/clinicas', validate('query', directoryQuerySchema), async (c) =>
    c.json(await listClinics(c.var.deps.db, c.req.valid('query')), 200),
  )
  .get('/clinicas/:id', idParam(clinicNotFound), async (c) => {
    const { db, config } = c.var.deps;
    const perfil = await loadPublicProfile(db, config.authSecret, c.req.valid('param').id);
    if (!perfil) throw clinicNotFound();
    return c.json(perfil, 200);
  });
