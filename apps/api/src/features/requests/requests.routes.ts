import {
  DIRECTORY_MESSAGES,
  appointmentRequestBodySchema,
  appointmentRequestStatusSchema,
  appointmentRequestsQuerySchema,
} from '@odontia/shared';
import { Hono } from 'hono';
import { clientAddress } from '../../platform/client-address.ts';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import { listAppointmentRequests, setAppointmentRequestStatus, submitPublicRequest } from './requests.service.ts';

const requestNotFound = () => notFound(DIRECTORY_MESSAGES.solicitudNoEncontrada);
const clinicNotFound = () => notFound(DIRECTORY_MESSAGES.notFound);

/** Appointment requests received from the clinic's public profile ('Solicitudes' in the staff app). */
export const requestsRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('solicitudes.ver'), validate('query', appointmentRequestsQuerySchema), async (c) =>
    c.json(await listAppointmentRequests(c.var.deps.db, c.var.member.clinicaId, c.req.valid('query')), 200),
  )
  .patch(
    '/:id',
    requirePermission('solicitudes.gestionar'),
    idParam(requestNotFound),
    validate('json', appointmentRequestStatusSchema),
    async (c) => {
      // Another clinic's request answers exactly like a missing one.
      const row = await setAppointmentRequestStatus(
        c.var.deps.db,
        c.var.member.clinicaId,
        c.req.valid('param').id,
        c.req.valid('json').estado,
      );
      if (!row) throw requestNotFound();
      return c.json({ solicitud: row }, 200);
    },
  );

/** The public profile's request form (Contacto tab), mounted under /directorio/clinicas: no session. */
export const publicRequestRoutes = new Hono<AppEnv>().post(
  '/:id/solicitudes',
  idParam(clinicNotFound),
  validate('json', appointmentRequestBodySchema),
  async (c) => {
    await submitPublicRequest(c.var.deps, c.req.valid('param').id, clientAddress(c), c.req.valid('json'));
    return c.json({ ok: true as const }, 201);
  },
);
