import {
  APPOINTMENT_MESSAGES,
  appointmentListQuerySchema,
  calendarQuerySchema,
  createAppointmentSchema,
  createDentistSchema,
  dentistListQuerySchema,
  updateAppointmentSchema,
  updateDentistSchema,
} from '@odontia/shared';
import { Hono } from 'hono';
import { clientAddress } from '../../platform/client-address.ts';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { notFound } from '../../platform/errors.ts';
import { jsonText } from '../../platform/http.ts';
import { idParam, validate } from '../../platform/validation.ts';
import {
  agendaHours,
  appointmentNotFound,
  appointmentRequestDraft,
  calendarAppointmentsJson,
  createAppointment,
  deleteAppointment,
  getAppointment,
  listAppointmentsJson,
  monthAppointmentsJson,
  updateAppointment,
} from './appointments.service.ts';
import {
  createDentist,
  deactivateDentist,
  dentistNotFound,
  getDentist,
  listDentistMembers,
  listDentists,
  updateDentist,
} from './dentists.service.ts';

/**
 * Dentists (DESIGN §1: their own screen). The clinic is the caller's membership; another clinic's
 * dentist answers exactly like one that does not exist.
 */
export const dentistsRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('dentistas.ver'), validate('query', dentistListQuerySchema), async (c) => {
    return c.json(await listDentists(c.var.deps.db, c.var.member.clinicaId, c.req.valid('query')), 200);
  })
  /** The members with rol dentista a dentist may be linked to (the dialog's select). */
  .get('/miembros', requirePermission('dentistas.gestionar'), async (c) => {
    return c.json(await listDentistMembers(c.var.deps.db, c.var.member.clinicaId), 200);
  })
  .get('/:id', requirePermission('dentistas.ver'), idParam(dentistNotFound), async (c) => {
    const dentista = await getDentist(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id);
    if (!dentista) throw dentistNotFound();
    return c.json(dentista, 200);
  })
  .post('/', requirePermission('dentistas.gestionar'), validate('json', createDentistSchema), async (c) => {
    return c.json(await createDentist(c.var.deps.db, c.var.member.clinicaId, c.req.valid('json')), 201);
  })
  .put(
    '/:id',
    requirePermission('dentistas.gestionar'),
    idParam(dentistNotFound),
    validate('json', updateDentistSchema),
    async (c) => {
      return c.json(
        await updateDentist(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id, c.req.valid('json')),
        200,
      );
    },
  )
  /** Deactivates: the dentist's appointments stay; they are no longer offered for new ones. */
  .delete('/:id', requirePermission('dentistas.gestionar'), idParam(dentistNotFound), async (c) => {
    return c.json(await deactivateDentist(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id), 200);
  });

const requestNotFound = () => notFound(APPOINTMENT_MESSAGES.solicitudNotFound);

/** The agenda (spec 001 §2 Agenda, Calendar, New/Edit appointment). Times are the clinic's local time. */
export const appointmentsRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('citas.ver'), validate('query', appointmentListQuerySchema), async (c) => {
    return jsonText(c, await listAppointmentsJson(c.var.deps.db, c.var.member, c.req.valid('query')));
  })
  .get('/calendario', requirePermission('citas.ver'), validate('query', calendarQuerySchema), async (c) => {
    return jsonText(c, await calendarAppointmentsJson(c.var.deps.db, c.var.member, c.req.valid('query')));
  })
  /** The Mes view: per day, the count and the first appointments a cell shows. */
  .get('/calendario/mes', requirePermission('citas.ver'), validate('query', calendarQuerySchema), async (c) => {
    return jsonText(c, await monthAppointmentsJson(c.var.deps.db, c.var.member, c.req.valid('query')));
  })
  /** The hours the Día grid spans and measures free gaps in. */
  .get('/horario', requirePermission('citas.ver'), async (c) => {
    return c.json(await agendaHours(c.var.deps.db, c.var.member), 200);
  })
  /** A public-profile request and the patient it matches: the form's prefill for 'Crear cita'. */
  .get('/solicitudes/:id', requirePermission('citas.crear'), idParam(requestNotFound), async (c) => {
    const draft = await appointmentRequestDraft(c.var.deps.db, c.var.member, c.req.valid('param').id);
    if (!draft) throw requestNotFound();
    return c.json(draft, 200);
  })
  .get('/:id', requirePermission('citas.ver'), idParam(appointmentNotFound), async (c) => {
    const cita = await getAppointment(c.var.deps.db, c.var.member, c.req.valid('param').id);
    if (!cita) throw appointmentNotFound();
    return c.json(cita, 200);
  })
  .post('/', requirePermission('citas.crear'), validate('json', createAppointmentSchema), async (c) => {
    return c.json(await createAppointment(c.var.deps.db, c.var.member, clientAddress(c), c.req.valid('json')), 201);
  })
  .put(
    '/:id',
    requirePermission('citas.editar'),
    idParam(appointmentNotFound),
    validate('json', updateAppointmentSchema),
    async (c) => {
      return c.json(
        await updateAppointment(c.var.deps.db, c.var.member, c.req.valid('param').id, c.req.valid('json')),
        200,
      );
    },
  )
  .delete('/:id', requirePermission('citas.eliminar'), idParam(appointmentNotFound), async (c) => {
    await deleteAppointment(c.var.deps.db, c.var.member, c.req.valid('param').id);
    return c.body(null, 204);
  });
