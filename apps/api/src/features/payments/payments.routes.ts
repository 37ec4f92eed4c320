import {
  PAYMENT_MESSAGES,
  annulPaymentSchema,
  createPaymentSchema,
  formatMoney,
  type PatientAccount,
} from '@odontia/shared';
import { Hono, type Context } from 'hono';
import { auditActor, clinicActor } from '../../platform/audit.ts';
import type { AppEnv } from '../../platform/context.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import {
  annulPayment,
  applyAdvance,
  patientNotFound,
  paymentNotFound,
  readAccount,
  readPayment,
  receiptPdf,
  registerPayment,
  sendReceiptByEmail,
  statementPdf,
  viewAccount,
} from './payments.service.ts';

const patientIdParam = idParam(patientNotFound);
const paymentIdParam = idParam(paymentNotFound);

/** A payment of the account just read back after a write: the account lists every payment of the patient. */
const paymentIn = (cuenta: PatientAccount, id: string) => cuenta.cobros.find((p) => p.id === id)!;

const pdfResponse = (c: Context<AppEnv>, pdf: { bytes: Buffer; fileName: string }) =>
  c.body(new Uint8Array(pdf.bytes), 200, {
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.bytes.byteLength),
    'Content-Disposition': `attachment; filename="${pdf.fileName}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });

/**
 * A patient's account and payments, mounted under /pacientes (issue 25): the account (`cobros.ver`, a
 * view is audited), its statement PDF, taking a payment (`cobros.registrar`), which answers the
 * payment, the account as it now stands and the receipt's number, and applying what the patient has on
 * account to what they owe (`cobros.registrar`), which answers the amount applied and the account.
 */
export const patientPaymentsRoutes = new Hono<AppEnv>()
  .get('/:id/cuenta', requirePermission('cobros.ver'), patientIdParam, async (c) => {
    const account = await viewAccount(c.var.deps.db, auditActor(c), c.req.valid('param').id);
    if (!account) throw patientNotFound();
    return c.json(account, 200);
  })
  .get('/:id/cuenta/pdf', requirePermission('cobros.ver'), patientIdParam, async (c) => {
    const { db, storage } = c.var.deps;
    const pdf = await statementPdf(db, storage, auditActor(c), c.req.valid('param').id);
    if (!pdf) throw patientNotFound();
    return pdfResponse(c, pdf);
  })
  .post(
    '/:id/cobros',
    requirePermission('cobros.registrar'),
    patientIdParam,
    validate('json', createPaymentSchema, { status: 422 }),
    async (c) => {
      const { db } = c.var.deps;
      const taken = await registerPayment(db, clinicActor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!taken) throw patientNotFound();
      return c.json({ ...taken, mensaje: PAYMENT_MESSAGES.registered(taken.cobro.numero!) }, 201);
    },
  )
  .post('/:id/anticipo/aplicar', requirePermission('cobros.registrar'), patientIdParam, async (c) => {
    const { db } = c.var.deps;
    const actor = clinicActor(c);
    const pacienteId = c.req.valid('param').id;
    const aplicado = await applyAdvance(db, actor, pacienteId);
    if (aplicado === null) throw patientNotFound();
    const cuenta = (await readAccount(db, actor.clinicaId, pacienteId))!;
    return c.json(
      { aplicado, cuenta, mensaje: PAYMENT_MESSAGES.advanceApplied(formatMoney(aplicado, actor.moneda)) },
      200,
    );
  });

/**
 * One payment (issue 25): read it (`cobros.ver`), its receipt PDF (`cobros.ver`, audited), email the
 * receipt to the patient (`cobros.registrar`), and annul it with a reason (`cobros.anular`), which answers
 * the payment with its annulment and the patient's account.
 */
export const paymentsRoutes = new Hono<AppEnv>()
  .get('/:id', requirePermission('cobros.ver'), paymentIdParam, async (c) => {
    const payment = await readPayment(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id);
    if (!payment) throw paymentNotFound();
    return c.json(payment, 200);
  })
  .get('/:id/recibo', requirePermission('cobros.ver'), paymentIdParam, async (c) => {
    const { db, storage } = c.var.deps;
    const pdf = await receiptPdf(db, storage, auditActor(c), c.req.valid('param').id);
    if (!pdf) throw paymentNotFound();
    return pdfResponse(c, pdf);
  })
  .post('/:id/recibo/email', requirePermission('cobros.registrar'), paymentIdParam, async (c) => {
    const sent = await sendReceiptByEmail(c.var.deps, auditActor(c), c.req.valid('param').id);
    if (!sent) throw paymentNotFound();
    return c.json({ mensaje: PAYMENT_MESSAGES.receiptSent(sent.email) }, 200);
  })
  .post(
    '/:id/anular',
    requirePermission('cobros.anular'),
    paymentIdParam,
    validate('json', annulPaymentSchema, { status: 422 }),
    async (c) => {
      const { db } = c.var.deps;
      const actor = clinicActor(c);
      const id = c.req.valid('param').id;
      const annulled = await annulPayment(db, actor, id, c.req.valid('json').motivo);
      if (!annulled) throw paymentNotFound();
      const cuenta = (await readAccount(db, actor.clinicaId, annulled.pacienteId, { archived: true }))!;
      const cobro = paymentIn(cuenta, id);
      // Today's cash was closed: the reversing entry went to the member's next day.
      const mensaje = annulled.diaCaja > annulled.hoy ? PAYMENT_MESSAGES.annulDayClosed : PAYMENT_MESSAGES.annulled;
      return c.json({ cobro, cuenta, mensaje }, 200);
    },
  );
