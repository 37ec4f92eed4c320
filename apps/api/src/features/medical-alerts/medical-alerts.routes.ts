import { createMedicalAlertSchema, isId, MEDICAL_ALERT_MESSAGES, PATIENT_MESSAGES } from '@odontia/shared';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { auditActor } from '../../platform/audit.ts';
import type { AppEnv } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import { createAlert, listAlerts, withdrawAlert } from './medical-alerts.service.ts';

const patientNotFound = () => notFound(PATIENT_MESSAGES.notFound);
const alertNotFound = () => notFound(MEDICAL_ALERT_MESSAGES.notFound);
const patientIdParam = idParam(patientNotFound);

/** `/:id/antecedentes/:antecedenteId/retirar`: both ids as every route's, anything else not found. */
const alertParam = validator('param', (value: Record<string, string>) => {
  const id = value.id ?? '';
  if (!isId(id)) throw patientNotFound();
  const antecedenteId = value.antecedenteId ?? '';
  if (!isId(antecedenteId)) throw alertNotFound();
  return { id: id.toLowerCase(), antecedenteId: antecedenteId.toLowerCase() };
});

/**
 * A patient's medical alerts (antecedentes, issue 22), mounted under /pacientes. The full list, with who
 * recorded and withdrew each, needs `historia.ver`; recording and withdrawing need `antecedentes.editar`.
 * The short list (the badge) needs no route of its own: it comes with the patient's record, the chart,
 * the appointments and the patient picker, to whoever may read those. Every view of the full list and
 * every change is written to the audit trail in its transaction.
 */
export const medicalAlertsRoutes = new Hono<AppEnv>()
  .get('/:id/antecedentes', requirePermission('historia.ver'), patientIdParam, async (c) => {
    const list = await listAlerts(c.var.deps.db, auditActor(c), c.req.valid('param').id);
    if (!list) throw patientNotFound();
    return c.json(list, 200);
  })
  .post(
    '/:id/antecedentes',
    requirePermission('antecedentes.editar'),
    patientIdParam,
    validate('json', createMedicalAlertSchema, { status: 422 }),
    async (c) => {
      const alert = await createAlert(c.var.deps.db, auditActor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!alert) throw patientNotFound();
      return c.json({ antecedente: alert, mensaje: MEDICAL_ALERT_MESSAGES.created }, 201);
    },
  )
  .post('/:id/antecedentes/:antecedenteId/retirar', requirePermission('antecedentes.editar'), alertParam, async (c) => {
    const { id, antecedenteId } = c.req.valid('param');
    const result = await withdrawAlert(c.var.deps.db, auditActor(c), id, antecedenteId);
    if ('notFound' in result) throw alertNotFound();
    if ('alreadyWithdrawn' in result) throw conflict(MEDICAL_ALERT_MESSAGES.alreadyWithdrawn);
    return c.json({ antecedente: result.withdrawn, mensaje: MEDICAL_ALERT_MESSAGES.withdrawn }, 200);
  });
