import {
  createPatientSchema,
  PATIENT_MESSAGES,
  patientListQuerySchema,
  patientSuggestionsQuerySchema,
  todayInZone,
  updatePatientSchema,
} from '@odontia/shared';
import { Hono } from 'hono';
import type { z } from 'zod';
import { auditActor, recordAudit } from '../../platform/audit.ts';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { jsonText } from '../../platform/http.ts';
import { requirePermission } from '../../platform/session.ts';
import { fileBytes, imageUpload } from '../../platform/storage/images.ts';
import { idParam, validate } from '../../platform/validation.ts';
import {
  createPatient,
  deletePatient,
  viewPatient,
  listPatients,
  previewPatientDeletion,
  reactivatePatient,
  removePatientPhoto,
  setPatientPhoto,
  suggestPatients,
  updatePatient,
} from './patients.service.ts';

const patientNotFound = () => notFound(PATIENT_MESSAGES.notFound);

const patientIdParam = idParam(patientNotFound);

/**
 * The body validated with the shared schema for the clinic's "today" (its zone, not UTC nor the
 * server's), so the date rules answer the same on the form and here.
 */
const patientBody = <S extends z.ZodType>(makeSchema: (today: string) => S) =>
  validate('json', (c) => makeSchema(todayInZone(c.var.member.zonaHoraria)));

/**
 * Patients of the caller's clinic. Every route takes the clinic from the session's membership;
 * a clinica_id in the body or query is dropped by the schemas, and another clinic's patient is
 * answered exactly like one that does not exist.
 */
export const patientsRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('pacientes.ver'), validate('query', patientListQuerySchema), async (c) => {
    return c.json(await listPatients(c.var.deps.db, c.var.member.clinicaId, c.req.valid('query')), 200);
  })
  .get(
    '/sugerencias',
    requirePermission('pacientes.ver'),
    validate('query', patientSuggestionsQuerySchema),
    async (c) => {
      const pacientes = await suggestPatients(c.var.deps.db, c.var.member.clinicaId, c.req.valid('query').q);
      return c.json({ pacientes }, 200);
    },
  )
  .post('/', requirePermission('pacientes.crear'), patientBody(createPatientSchema), async (c) => {
    const actor = auditActor(c);
    const patient = await c.var.deps.db.transaction(async (tx) => {
      const created = await createPatient(tx, actor, c.req.valid('json'));
      await recordAudit(tx, actor, { accion: 'paciente.crear', pacienteId: created.id });
      return created;
    });
    return c.json(patient, 201);
  })
  /** Viewing a patient's record is written to the audit trail (the list and the search are not). */
  .get('/:id', requirePermission('pacientes.ver'), patientIdParam, async (c) => {
    const patient = await viewPatient(c.var.deps.db, auditActor(c), c.req.valid('param').id);
    if (!patient) throw patientNotFound();
    return jsonText(c, patient);
  })
  .put('/:id', requirePermission('pacientes.editar'), patientIdParam, patientBody(updatePatientSchema), async (c) => {
    const actor = auditActor(c);
    const patient = await c.var.deps.db.transaction(async (tx) => {
      const updated = await updatePatient(tx, actor, c.req.valid('param').id, c.req.valid('json'));
      if (updated) await recordAudit(tx, actor, { accion: 'paciente.editar', pacienteId: updated.id });
      return updated;
    });
    if (!patient) throw patientNotFound();
    return c.json(patient, 200);
  })
  /** What deleting the patient would do (erase or deactivate, future appointments), for its dialog. */
  .get('/:id/eliminacion', requirePermission('pacientes.eliminar'), patientIdParam, async (c) => {
    const preview = await previewPatientDeletion(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id);
    if (!preview) throw patientNotFound();
    return c.json(preview, 200);
  })
  /**
   * Erases the patient, or, when they have clinical records (chart versions), deactivates and hides
   * them and cancels their future appointments: `resultado` says which and `mensaje` is the toast.
   */
  .delete('/:id', requirePermission('pacientes.eliminar'), patientIdParam, async (c) => {
    const { db, storage, logger } = c.var.deps;
    const result = await deletePatient(db, storage, logger, auditActor(c), c.req.valid('param').id);
    if (!result) throw patientNotFound();
    return c.json(result, 200);
  })
  /** A deactivated patient back in the lists: the same permission as editing them. */
  .post('/:id/reactivar', requirePermission('pacientes.editar'), patientIdParam, async (c) => {
    const patient = await reactivatePatient(c.var.deps.db, auditActor(c), c.req.valid('param').id);
    if (!patient) throw notFound(PATIENT_MESSAGES.notDeactivated);
    return c.json({ paciente: patient, mensaje: PATIENT_MESSAGES.reactivated }, 200);
  })
  /**
   * The photo is sent after the patient is saved (spec 000 §8: a failed upload does not undo the
   * registration). Changing a photo is editing the patient.
   */
  .put('/:id/foto', requirePermission('pacientes.editar'), patientIdParam, imageUpload('foto'), async (c) => {
    const { db, storage, logger } = c.var.deps;
    const { foto } = c.req.valid('form');
    const patient = await setPatientPhoto(db, storage, logger, auditActor(c), c.req.valid('param').id, {
      bytes: await fileBytes(foto),
      fileName: foto.name || 'foto',
    });
    if (!patient) throw patientNotFound();
    return c.json(patient, 200);
  })
  .delete('/:id/foto', requirePermission('pacientes.editar'), patientIdParam, async (c) => {
    const { db, storage, logger } = c.var.deps;
    const patient = await removePatientPhoto(db, storage, logger, auditActor(c), c.req.valid('param').id);
    if (!patient) throw patientNotFound();
    return c.json(patient, 200);
  });
