import { createDentistSchema, dentistListQuerySchema, updateDentistSchema } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
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
