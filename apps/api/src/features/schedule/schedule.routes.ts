import { blockListQuerySchema, blockSchema, dayScheduleQuerySchema, workingHoursSchema } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import {
  blockNotFound,
  createBlock,
  daySchedule,
  deleteBlock,
  dentistNotFound,
  getWorkingHours,
  listBlocks,
  replaceWorkingHours,
} from './schedule.service.ts';

/**
 * A dentist's working hours (issue 24), under /api/dentistas: read by whoever sees the agenda, set by
 * whoever manages the dentists. Another clinic's dentist answers like one that does not exist.
 */
export const workingHoursRoutes = new Hono<AppEnv>()
  .get('/:id/horario', requirePermission('citas.ver'), idParam(dentistNotFound), async (c) => {
    const hours = await getWorkingHours(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id);
    if (!hours) throw dentistNotFound();
    return c.json(hours, 200);
  })
  /** The whole week, replaced: what is not sent is no longer worked. Overlapping ranges are refused (400, on the range that overlaps). */
  .put(
    '/:id/horario',
    requirePermission('dentistas.gestionar'),
    idParam(dentistNotFound),
    validate('json', workingHoursSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await replaceWorkingHours(c.var.deps.db, c.var.member.clinicaId, id, c.req.valid('json')), 200);
    },
  );

/** The agenda's blocks (holidays, training, breaks), under /api/bloqueos: part of running the agenda. */
export const blocksRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('citas.ver'), validate('query', blockListQuerySchema), async (c) => {
    return c.json(await listBlocks(c.var.deps.db, c.var.member, c.req.valid('query')), 200);
  })
  .post('/', requirePermission('citas.editar'), validate('json', blockSchema), async (c) => {
    return c.json(await createBlock(c.var.deps.db, c.var.member, c.req.valid('json')), 201);
  })
  .delete('/:id', requirePermission('citas.editar'), idParam(blockNotFound), async (c) => {
    await deleteBlock(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id);
    return c.body(null, 204);
  });

/**
 * The Día grid's closed time, under /api/citas (mounted before the agenda's `/:id`): the dentists'
 * ranges that weekday and the blocks of that day. Apart from the agenda's cached reads on purpose.
 */
export const dayScheduleRoutes = new Hono<AppEnv>().get(
  '/horario-dentistas',
  requirePermission('citas.ver'),
  validate('query', dayScheduleQuerySchema),
  async (c) => {
    return c.json(await daySchedule(c.var.deps.db, c.var.member, c.req.valid('query').fecha), 200);
  },
);
