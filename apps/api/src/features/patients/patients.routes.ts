import {
  createPatientSchema,
  PATIENT_MESSAGES,
  patientListQuerySchema,
  patientSuggestionsQuerySchema,
  todayInZone,
  updatePatientSchema,
} from '@odontia/shared';
import { Hono, type Context } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/session.ts';
import { fileBytes, imageUpload } from '../../platform/storage/images.ts';
import { validate, validationError } from '../../platform/validation.ts';
import {
  createPatient,
  deletePatient,
  getPatient,
  listPatients,
  removePatientPhoto,
  setPatientPhoto,
  suggestPatients,
  updatePatient,
} from './patients.service.ts';

const patientNotFound = () => notFound(PATIENT_MESSAGES.notFound);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id is just another patient that does not exist (404, never a database error). */
const patientIdParam = validator('param', (value: Record<string, string>) => {
  if (!UUID.test(value.id ?? '')) throw patientNotFound();
  return { id: value.id.toLowerCase() };
});

/**
 * The body validated with the shared schema for the clinic's "today" (its zone, not UTC nor the
 * server's), so the date rules answer the same on the form and here.
 */
function validatePatientBody<S extends z.ZodType>(makeSchema: (today: string) => S) {
  return validator('json', async (value, c) => {
    const today = todayInZone((c as Context<AppEnv>).var.member.zonaHoraria);
    const result = await makeSchema(today).safeParseAsync(value);
    if (!result.success) throw validationError(result.error);
    return result.data as z.output<S>;
  });
}

/**
 * Patients of the caller's clinic. Every route takes the clinic from the session's membership;
 * a clinica_id in the body or query is dropped by the schemas, and another clinic's patient is
 * answered exactly like one that does not exist.
 */
export const patientsRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('pacientes.ver'), validate('query', patientListQuerySchema), async (c) => {
    return c.json(await listPatients(c.var.deps.db, c.var.member.clinicaId, c.req.valid('query')), 200);
  })
  .get('/sugerencias', requirePermission('pacientes.ver'), validate('query', patientSuggestionsQuerySchema), async (c) => {
    const pacientes = await suggestPatients(c.var.deps.db, c.var.member.clinicaId, c.req.valid('query').q);
    return c.json({ pacientes }, 200);
  })
  .post('/', requirePermission('pacientes.crear'), validatePatientBody(createPatientSchema), async (c) => {
    return c.json(await createPatient(c.var.deps.db, c.var.member.clinicaId, c.req.valid('json')), 201);
  })
  .get('/:id', requirePermission('pacientes.ver'), patientIdParam, async (c) => {
    const patient = await getPatient(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id);
    if (!patient) throw patientNotFound();
    return c.json(patient, 200);
  })
  .put('/:id', requirePermission('pacientes.editar'), patientIdParam, validatePatientBody(updatePatientSchema), async (c) => {
    const patient = await updatePatient(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id, c.req.valid('json'));
    if (!patient) throw patientNotFound();
    return c.json(patient, 200);
  })
  .delete('/:id', requirePermission('pacientes.eliminar'), patientIdParam, async (c) => {
    const { db, storage, logger } = c.var.deps;
    if (!(await deletePatient(db, storage, logger, c.var.member.clinicaId, c.req.valid('param').id))) throw patientNotFound();
    return c.body(null, 204);
  })
  /**
   * The photo is sent after the patient is saved (spec 000 §8: a failed upload does not undo the
   * registration). Changing a photo is editing the patient.
   */
  .put('/:id/foto', requirePermission('pacientes.editar'), patientIdParam, imageUpload('foto'), async (c) => {
    const { db, storage, logger } = c.var.deps;
    const { foto } = c.req.valid('form');
    const patient = await setPatientPhoto(db, storage, logger, c.var.member.clinicaId, c.req.valid('param').id, {
      bytes: await fileBytes(foto),
      fileName: foto.name || 'foto',
    });
    if (!patient) throw patientNotFound();
    return c.json(patient, 200);
  })
  .delete('/:id/foto', requirePermission('pacientes.editar'), patientIdParam, async (c) => {
    const { db, storage, logger } = c.var.deps;
    const patient = await removePatientPhoto(db, storage, logger, c.var.member.clinicaId, c.req.valid('param').id);
    if (!patient) throw patientNotFound();
    return c.json(patient, 200);
  });
