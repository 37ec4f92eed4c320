import {
  PAYMENT_MESSAGES,
  cashClosesQuerySchema,
  cashDayQuerySchema,
  closeCashSchema,
  openCashSchema,
} from '@odontia/shared';
import { Hono } from 'hono';
import { clinicActor } from '../../platform/audit.ts';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { validate } from '../../platform/validation.ts';
import { closeCash, listCashCloses, openCash, readCashDay } from './cash-desk.service.ts';

/**
 * The member's own cash desk (issue 25), mounted at /caja, all under `caja.cerrar`: today's cash (or one
 * of the member's own days, `?dia=`), opening it with a float, closing it with the cash counted, and the
 * closes of a period, every desk's for a member who sees the reports (`reportes.ver`), else their own.
 * Opening answers the day; closing only its close (the figures the closes' history lists).
 */
export const cashDeskRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('caja.cerrar'), validate('query', cashDayQuerySchema), async (c) =>
    c.json(await readCashDay(c.var.deps.db, clinicActor(c), c.req.valid('query').dia), 200),
  )
  .get('/cierres', requirePermission('caja.cerrar'), validate('query', cashClosesQuerySchema), async (c) => {
    const member = c.var.member;
    const page = await listCashCloses(
      c.var.deps.db,
      {
        clinicaId: member.clinicaId,
        userId: member.userId,
        moneda: member.moneda,
        todas: member.permisos.has('reportes.ver'),
      },
      c.req.valid('query'),
    );
    return c.json(page, 200);
  })
  .post('/abrir', requirePermission('caja.cerrar'), validate('json', openCashSchema, { status: 422 }), async (c) => {
    const actor = clinicActor(c);
    const dia = await openCash(c.var.deps.db, actor, c.req.valid('json'));
    const caja = await readCashDay(c.var.deps.db, actor, dia);
    return c.json({ caja, mensaje: PAYMENT_MESSAGES.cashOpened }, 200);
  })
  .post('/cerrar', requirePermission('caja.cerrar'), validate('json', closeCashSchema, { status: 422 }), async (c) => {
    const cierre = await closeCash(c.var.deps.db, clinicActor(c), c.req.valid('json'));
    return c.json({ cierre, mensaje: PAYMENT_MESSAGES.cashClosed }, 200);
  });
