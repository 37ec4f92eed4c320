import {
  addendumInputSchema,
  CLINICAL_NOTE_MESSAGES as M,
  historyQuerySchema,
  noteInputSchemaAt,
  todayInZone,
  noteTemplateInputSchema,
} from '@odontia/shared';
import { Hono } from 'hono';
import { auditActor } from '../../platform/audit.ts';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { jsonText } from '../../platform/http.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import {
  addAddendum,
  createNote,
  createTemplate,
  deleteTemplate,
  discardNote,
  getNote,
  listTemplates,
  listUnsigned,
  patientHistory,
  signNote,
  updateDraft,
  updateTemplate,
} from './clinical-notes.service.ts';

const patientIdParam = idParam(() => notFound(M.patientNotFound));
const noteIdParam = idParam(() => notFound(M.noteNotFound));
const templateIdParam = idParam(() => notFound(M.templateNotFound));
/** A draft's fields, checked for the clinic's today (its zone): never dated after it. */
const noteBody = validate('json', (c) => noteInputSchemaAt(todayInZone(c.var.member.zonaHoraria)));

/**
 * A patient's 'Historia clínica' and new notes, mounted under /pacientes (issue 22). Another clinic's
 * patient, and an archived one, answer like one that does not exist.
 */
export const patientHistoryRoutes = new Hono<AppEnv>()
  .get(
    '/:id/historia',
    requirePermission('historia.ver'),
    patientIdParam,
    validate('query', historyQuerySchema),
    async (c) =>
      jsonText(c, await patientHistory(c.var.deps.db, auditActor(c), c.req.valid('param').id, c.req.valid('query'))),
  )
  .post('/:id/notas', requirePermission('historia.editar'), patientIdParam, noteBody, async (c) =>
    c.json(await createNote(c.var.deps.db, auditActor(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );

/**
 * Clinical notes, mounted at /notas: a draft is changed, signed or discarded only by its author; a
 * signed note only gains addenda. No route changes or deletes a signed note.
 */
export const clinicalNotesRoutes = new Hono<AppEnv>()
  .get('/sin-firmar', requirePermission('historia.editar'), async (c) =>
    c.json(await listUnsigned(c.var.deps.db, auditActor(c)), 200),
  )
  .get('/:id', requirePermission('historia.ver'), noteIdParam, async (c) =>
    c.json(await getNote(c.var.deps.db, auditActor(c), c.req.valid('param').id), 200),
  )
  .put('/:id', requirePermission('historia.editar'), noteIdParam, noteBody, async (c) =>
    c.json(await updateDraft(c.var.deps.db, auditActor(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .post('/:id/firmar', requirePermission('historia.editar'), noteIdParam, async (c) =>
    jsonText(
      c,
      await signNote(c.var.deps.db, auditActor(c), c.req.valid('param').id, todayInZone(c.var.member.zonaHoraria)),
    ),
  )
  .post('/:id/descartar', requirePermission('historia.editar'), noteIdParam, async (c) => {
    await discardNote(c.var.deps.db, auditActor(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  })
  .post(
    '/:id/adendas',
    requirePermission('historia.editar'),
    noteIdParam,
    validate('json', addendumInputSchema),
    async (c) =>
      c.json(await addAddendum(c.var.deps.db, auditActor(c), c.req.valid('param').id, c.req.valid('json').texto), 201),
  );

/** The clinic's note templates, mounted at /plantillas-notas: read with historia.ver, managed with historia.editar. */
export const noteTemplatesRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('historia.ver'), async (c) =>
    c.json(await listTemplates(c.var.deps.db, c.var.member.clinicaId), 200),
  )
  .post('/', requirePermission('historia.editar'), validate('json', noteTemplateInputSchema), async (c) =>
    c.json(await createTemplate(c.var.deps.db, c.var.member.clinicaId, c.req.valid('json')), 201),
  )
  .put(
    '/:id',
    requirePermission('historia.editar'),
    templateIdParam,
    validate('json', noteTemplateInputSchema),
    async (c) =>
      c.json(
        await updateTemplate(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  )
  .delete('/:id', requirePermission('historia.editar'), templateIdParam, async (c) => {
    await deleteTemplate(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });
