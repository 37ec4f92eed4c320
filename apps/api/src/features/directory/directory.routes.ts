import { getConnInfo } from '@hono/node-server/conninfo';
import { DIRECTORY_MESSAGES, directorioQuerySchema, isFechaPreferidaPasada, solicitudCitaRequestSchema, todayInZone } from '@odontia/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { idParam, validate } from '../../platform/validation.ts';
import { checkFormToken, issueFormToken, requestThrottles } from './anti-bot.ts';
import { getClinicaPublica, getInicio, listCiudades, listClinicas, listEspecialidades } from './directory.service.ts';
import { createSolicitud } from './solicitudes.service.ts';

function clientAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'desconocida';
  } catch {
    return 'desconocida'; // In-process requests (tests) have no socket.
  }
}

const clinicaNotFound = () => notFound(DIRECTORY_MESSAGES.notFound);
const clinicaIdParam = idParam(clinicaNotFound);

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
  .get('/clinicas/:id', clinicaIdParam, async (c) => {
    const perfil = await loadPerfilPublico(c, c.req.valid('param').id);
    if (!perfil) throw clinicaNotFound();
    return c.json(perfil, 200);
  })
  /** The Contacto tab's request form. */
  .post('/clinicas/:id/solicitudes', clinicaIdParam, validate('json', solicitudCitaRequestSchema), async (c) => {
    const { db, config, mailer, logger } = c.var.deps;
    const clinica = await getClinicaPublica(db, c.req.valid('param').id);
    if (!clinica) throw clinicaNotFound();
    const { website, token, ...data } = c.req.valid('json');

    const check = checkFormToken(config.authSecret, clinica.id, token);
    if (check === 'too_fast') throw badRequest(DIRECTORY_MESSAGES.formularioRapido);
    if (check !== 'ok') throw badRequest(DIRECTORY_MESSAGES.formularioCaducado);

    if (config.rateLimit) {
      const limits = requestThrottles(c.var.deps);
      if (!limits.porDireccion.take(clientAddress(c)) || !limits.porRemitente.take(`${clinica.id}:${data.email}`)) {
        throw new AppError(429, 'rate_limited', DIRECTORY_MESSAGES.demasiadasSolicitudes);
      }
    }

    // The honeypot was filled: a bot. It is told what a person would be told, and nothing is stored.
    if (website) return c.json({ ok: true as const }, 201);

    if (isFechaPreferidaPasada(data.fechaPreferida, todayInZone(clinica.zonaHoraria))) {
      throw badRequest(DIRECTORY_MESSAGES.fechaPasada, { fechaPreferida: DIRECTORY_MESSAGES.fechaPasada });
    }
    await createSolicitud({ db, mailer, logger, appUrl: config.appUrl }, clinica.id, data);
    return c.json({ ok: true as const }, 201);
  });
