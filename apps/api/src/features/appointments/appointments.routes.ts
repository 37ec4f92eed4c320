import {
  APPOINTMENT_MESSAGES,
  appointmentListQuerySchema,
  appointmentStateSchema,
  calendarQuerySchema,
  createAppointmentSchema,
  updateAppointmentSchema,
} from '@odontia/shared';
import { Hono } from 'hono';
import { clientAddress } from '../../platform/client-address.ts';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { notFound } from '../../platform/errors.ts';
import { jsonText } from '../../platform/http.ts';
import { idParam, validate } from '../../platform/validation.ts';
import {
  agendaDentists,
  agendaHours,
  appointmentNotFound,
  calendarAppointmentsJson,
  getAppointment,
  listAppointmentsJson,
  monthAppointmentsJson,
} from './agenda-reads.service.ts';
import { appointmentRequestDraft } from './booking-from-request.service.ts';
import { createAppointment, deleteAppointment, setAppointmentState, updateAppointment } from './booking.service.ts';

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
  /**
   * The active dentists, for the booking form, the calendar's filter and the Día grid: with citas.ver,
   * as the agenda itself. `GET /api/dentistas` (every dentist, their linked member) stays dentistas.ver.
   */
  .get('/dentistas', requirePermission('citas.ver'), async (c) => {
    return c.json(await agendaDentists(c.var.deps.db, c.var.member), 200);
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
  /** The desk's one click through the day: the state alone (en sala, atendida, no asistió…). */
  .put(
    '/:id/estado',
    requirePermission('citas.editar'),
    idParam(appointmentNotFound),
    validate('json', appointmentStateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await setAppointmentState(c.var.deps.db, c.var.member, id, c.req.valid('json').estado), 200);
    },
  )
  .delete('/:id', requirePermission('citas.eliminar'), idParam(appointmentNotFound), async (c) => {
    await deleteAppointment(c.var.deps.db, c.var.member, c.req.valid('param').id);
    return c.body(null, 204);
  });
