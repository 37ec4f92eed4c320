import { DIRECTORY_MESSAGES, directoryQuerySchema } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { jsonText } from '../../platform/http.ts';
import { idParam, validate } from '../../platform/validation.ts';
import { getHomeJson, listCities, listClinicsJson, listSpecialties, loadPublicProfile } from './directory.service.ts';

const clinicNotFound = () => notFound(DIRECTORY_MESSAGES.notFound);

/** The public directory (no session): only published clinics exist here. */
export const directoryRoutes = new Hono<AppEnv>()
  .get('/inicio', async (c) => jsonText(c, await getHomeJson(c.var.deps.db)))
  .get('/especialidades', async (c) => c.json({ especialidades: await listSpecialties(c.var.deps.db) }, 200))
  .get('/ciudades', async (c) => c.json({ ciudades: await listCities(c.var.deps.db) }, 200))
  .get('/clinicas', validate('query', directoryQuerySchema), async (c) =>
    jsonText(c, await listClinicsJson(c.var.deps.db, c.req.valid('query'))),
  )
  .get('/clinicas/:id', idParam(clinicNotFound), async (c) => {
    const { db, config } = c.var.deps;
    const perfil = await loadPublicProfile(db, config.authSecret, c.req.valid('param').id);
    if (!perfil) throw clinicNotFound();
    return c.json(perfil, 200);
  });
