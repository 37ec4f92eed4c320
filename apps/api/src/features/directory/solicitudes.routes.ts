import { DIRECTORY_MESSAGES, solicitudEstadoSchema, solicitudesQuerySchema } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import { listSolicitudes, setEstadoSolicitud } from './solicitudes.service.ts';

const solicitudNotFound = () => notFound(DIRECTORY_MESSAGES.solicitudNoEncontrada);

/** Appointment requests received from the clinic's public profile ('Solicitudes' in the staff app). */
export const solicitudesRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('solicitudes.ver'), validate('query', solicitudesQuerySchema), async (c) =>
    c.json(await listSolicitudes(c.var.deps.db, c.var.member.clinicaId, c.req.valid('query')), 200),
  )
  .patch('/:id', requirePermission('solicitudes.gestionar'), idParam(solicitudNotFound), validate('json', solicitudEstadoSchema), async (c) => {
    // Another clinic's request answers exactly like a missing one.
    const row = await setEstadoSolicitud(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id, c.req.valid('json').estado);
    if (!row) throw solicitudNotFound();
    return c.json({ solicitud: row }, 200);
  });
