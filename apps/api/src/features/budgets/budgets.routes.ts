import {
  BUDGET_MESSAGES,
  budgetAcceptanceSchema,
  budgetFollowUpSchema,
  budgetLineDoneSchema,
  budgetListQuerySchema,
  updateBudgetSchema,
} from '@odontia/shared';
import { Hono } from 'hono';
import { clinicActor } from '../../platform/audit.ts';
import { acceptBudget, sendBudgetByEmail } from './budgets.answer.ts';
import { lineNotFound, markLineDone, patientPlan } from './budgets.work.ts';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import {
  budgetNotFound,
  budgetPdf,
  createBudgetFromChart,
  followUpsToday,
  listBudgets,
  listPatientBudgets,
  readBudget,
  saveBudget,
  setFollowUp,
  setBudgetState,
  viewBudget,
} from './budgets.service.ts';

const budgetIdParam = idParam(budgetNotFound);
const patientIdParam = idParam(() => notFound(BUDGET_MESSAGES.patientNotFound));

/**
 * A patient's budgets, mounted under /pacientes: the list (`presupuestos.ver`) and 'Crear presupuesto'
 * from their chart (`presupuestos.editar`), which answers the new draft.
 */
export const patientBudgetsRoutes = new Hono<AppEnv>()
  .get('/:id/presupuestos', requirePermission('presupuestos.ver'), patientIdParam, async (c) => {
    const list = await listPatientBudgets(c.var.deps.db, c.var.member, c.req.valid('param').id);
    if (!list) throw notFound(BUDGET_MESSAGES.patientNotFound);
    return c.json(list, 200);
  })
  .get('/:id/plan', requirePermission('presupuestos.ver'), patientIdParam, async (c) => {
    const plan = await patientPlan(c.var.deps.db, clinicActor(c), c.req.valid('param').id);
    if (!plan) throw notFound(BUDGET_MESSAGES.patientNotFound);
    return c.json(plan, 200);
  })
  .post('/:id/presupuestos', requirePermission('presupuestos.editar'), patientIdParam, async (c) => {
    const budget = await createBudgetFromChart(c.var.deps.db, clinicActor(c), c.req.valid('param').id);
    if (!budget) throw notFound(BUDGET_MESSAGES.patientNotFound);
    return c.json({ presupuesto: budget, mensaje: BUDGET_MESSAGES.created }, 201);
  });

/**
 * The clinic's budgets (issue 23): the list and one budget (`presupuestos.ver`, a view is audited),
 * saving the editor (`presupuestos.editar`: a sent one becomes a new version), marking it sent
 * (`presupuestos.enviar`) and recording the patient's refusal (`presupuestos.editar`). A change answers
 * the budget as it now stands: its audit row is the change's, not a second one for seeing it.
 */
export const budgetsRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('presupuestos.ver'), validate('query', budgetListQuerySchema), async (c) =>
    c.json(await listBudgets(c.var.deps.db, c.var.member, c.req.valid('query')), 200),
  )
  .get('/seguimiento-hoy', requirePermission('presupuestos.ver'), async (c) =>
    c.json(await followUpsToday(c.var.deps.db, c.var.member), 200),
  )
  .put(
    '/:id/seguimiento',
    requirePermission('presupuestos.enviar'),
    budgetIdParam,
    validate('json', budgetFollowUpSchema, { status: 422 }),
    async (c) => {
      const actor = clinicActor(c);
      if (!(await setFollowUp(c.var.deps.db, actor, c.req.valid('param').id, c.req.valid('json')))) {
        throw budgetNotFound();
      }
      const budget = (await readBudget(c.var.deps.db, actor, c.req.valid('param').id))!;
      return c.json({ presupuesto: budget, mensaje: BUDGET_MESSAGES.followUpSaved }, 200);
    },
  )
  .post(
    '/lineas/:id/realizar',
    requirePermission('presupuestos.editar'),
    idParam(lineNotFound),
    validate('json', budgetLineDoneSchema, { status: 422 }),
    async (c) => {
      const actor = clinicActor(c);
      const done = await markLineDone(c.var.deps.db, actor, c.req.valid('param').id, c.req.valid('json'));
      if (!done) throw lineNotFound();
      const budget = (await readBudget(c.var.deps.db, actor, done.presupuestoId))!;
      const mensaje = done.faltantes.length
        ? BUDGET_MESSAGES.lineDoneShort(done.faltantes.map((f) => `${f.faltante} × ${f.nombre}`).join(', '))
        : BUDGET_MESSAGES.lineDone;
      return c.json({ presupuesto: budget, mensaje, faltantes: done.faltantes }, 200);
    },
  )
  .get('/:id', requirePermission('presupuestos.ver'), budgetIdParam, async (c) => {
    const budget = await viewBudget(c.var.deps.db, clinicActor(c), c.req.valid('param').id);
    if (!budget) throw budgetNotFound();
    return c.json(budget, 200);
  })
  .get('/:id/pdf', requirePermission('presupuestos.ver'), budgetIdParam, async (c) => {
    const { db, storage } = c.var.deps;
    const pdf = await budgetPdf(db, storage, clinicActor(c), c.req.valid('param').id);
    if (!pdf) throw budgetNotFound();
    return c.body(new Uint8Array(pdf.bytes), 200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.bytes.byteLength),
      'Content-Disposition': `attachment; filename="${pdf.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  })
  .put(
    '/:id',
    requirePermission('presupuestos.editar'),
    budgetIdParam,
    validate('json', updateBudgetSchema, { status: 422 }),
    async (c) => {
      const actor = clinicActor(c);
      const saved = await saveBudget(c.var.deps.db, actor, c.req.valid('param').id, c.req.valid('json'));
      if (!saved) throw budgetNotFound();
      const budget = (await readBudget(c.var.deps.db, actor, saved.id))!;
      const mensaje = saved.nuevaVersion ? BUDGET_MESSAGES.newVersion(saved.nuevaVersion) : BUDGET_MESSAGES.saved;
      return c.json({ presupuesto: budget, mensaje }, 200);
    },
  )
  .post('/:id/enviar', requirePermission('presupuestos.enviar'), budgetIdParam, async (c) => {
    const actor = clinicActor(c);
    if (!(await setBudgetState(c.var.deps.db, actor, c.req.valid('param').id, 'enviado'))) throw budgetNotFound();
    const budget = (await readBudget(c.var.deps.db, actor, c.req.valid('param').id))!;
    return c.json({ presupuesto: budget, mensaje: BUDGET_MESSAGES.sent }, 200);
  })
  .post('/:id/enviar-email', requirePermission('presupuestos.enviar'), budgetIdParam, async (c) => {
    const actor = clinicActor(c);
    const sent = await sendBudgetByEmail(c.var.deps, actor, c.req.valid('param').id);
    if (!sent) throw budgetNotFound();
    const budget = (await readBudget(c.var.deps.db, actor, c.req.valid('param').id))!;
    return c.json({ presupuesto: budget, mensaje: BUDGET_MESSAGES.emailSent(sent.email) }, 200);
  })
  .post(
    '/:id/aceptar',
    requirePermission('presupuestos.enviar'),
    budgetIdParam,
    validate('json', budgetAcceptanceSchema, { status: 422 }),
    async (c) => {
      const actor = clinicActor(c);
      const { id } = c.req.valid('param');
      await acceptBudget(c.var.deps, actor, id, c.req.valid('json'), {
        canal: 'consulta',
        direccion: actor.direccion,
        navegador: c.req.header('user-agent') ?? '',
        actor,
      });
      const budget = (await readBudget(c.var.deps.db, actor, id))!;
      return c.json({ presupuesto: budget, mensaje: BUDGET_MESSAGES.accepted }, 200);
    },
  )
  .post('/:id/rechazar', requirePermission('presupuestos.editar'), budgetIdParam, async (c) => {
    const actor = clinicActor(c);
    if (!(await setBudgetState(c.var.deps.db, actor, c.req.valid('param').id, 'rechazado'))) throw budgetNotFound();
    const budget = (await readBudget(c.var.deps.db, actor, c.req.valid('param').id))!;
    return c.json({ presupuesto: budget, mensaje: BUDGET_MESSAGES.rejected }, 200);
  });
