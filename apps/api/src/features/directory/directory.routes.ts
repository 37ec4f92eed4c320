import { DIRECTORY_MESSAGES, directorioQuerySchema, solicitudCitaRequestSchema, todayInZone } from '@odontia/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { clientAddress } from '../../platform/client-address.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { consumeLimit } from '../../platform/rate-limit.ts';
import { validate } from '../../platform/validation.ts';
import { checkFormToken, issueFormToken, solicitudLimits } from './anti-bot.ts';
import { getClinicaPublica, getInicio, listCiudades, listClinicas, listEspecialidades } from './directory.service.ts';
import { createSolicitud } from './solicitudes.service.ts';

/** The public profile as the page needs it, with a fresh token for its request form. */
export async function loadPerfilPublico(c: Context<AppEnv>, id: string) {
  const { db, config } = c.var.deps;
  const clinica = await getClinicaPublica(db, id);
  if (!clinica) return null;
  const { zonaHoraria, ...rest } = clinica;
  return { clinica: rest, formulario: { token: issueFormToken(config.authSecret, clinica.id), hoy: todayInZone(zonaHoraria) } };
}

/** The public directory (no session): only published clinics exist here. */
export const directoryRoutes = new Hono<AppEnv>()
  .get('/inicio', async (c) => c.json(await getInicio(c.var.deps.db), 200))
  .get('/especialidades', async (c) => c.json({ especialidades: await listEspecialidades(c.var.deps.db) }, 200))
  .get('/ciudades', async (c) => c.json({ ciudades: await listCiudades(c.var.deps.db) }, 200))
  .get('/clinicas', validate('query', directorioQuerySchema), async (c) =>
    c.json(await listClinicas(c.var.deps.db, c.req.valid('query')), 200),
  )
  .get('/clinicas/:id', async (c) => {
    const perfil = await loadPerfilPublico(c, c.req.param('id'));
    if (!perfil) throw notFound(DIRECTORY_MESSAGES.notFound);
    return c.json(perfil, 200);
  })
  /** The Contacto tab's request form. */
  .post('/clinicas/:id/solicitudes', validate('json', solicitudCitaRequestSchema), async (c) => {
    const { db, config, mailer, logger } = c.var.deps;
    const clinica = await getClinicaPublica(db, c.req.param('id'));
    if (!clinica) throw notFound(DIRECTORY_MESSAGES.notFound);
    const { website, token, ...data } = c.req.valid('json');

    const check = checkFormToken(config.authSecret, clinica.id, token);
    if (check === 'too_fast') throw badRequest(DIRECTORY_MESSAGES.formularioRapido);
    if (check !== 'ok') throw badRequest(DIRECTORY_MESSAGES.formularioCaducado);

    await consumeLimit(c, solicitudLimits.porDireccion, clientAddress(c));
    await consumeLimit(c, solicitudLimits.porRemitente, `${clinica.id}:${data.email.toLowerCase()}`);

    // The honeypot was filled: a bot. It is told what a person would be told, and nothing is stored.
    if (website) return c.json({ ok: true as const }, 201);

    if (data.fechaPreferida && data.fechaPreferida < todayInZone(clinica.zonaHoraria)) {
      throw badRequest(DIRECTORY_MESSAGES.fechaPasada, { fechaPreferida: DIRECTORY_MESSAGES.fechaPasada });
    }
    await createSolicitud({ db, mailer, logger, appUrl: config.appUrl }, clinica.id, data);
    return c.json({ ok: true as const }, 201);
  });
