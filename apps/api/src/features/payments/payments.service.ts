import { randomUUID } from 'node:crypto';
import {
  PAYMENT_MESSAGES,
  collectionMethodsOf,
  fileSlug,
  formatMoney,
  todayInZone,
  type AccountItem,
  type AccountItemKind,
  type CollectionMethod,
  type CreatePaymentData,
  type PatientAccount,
  type Payment,
} from '@odontia/shared';
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { ph, preparedQuery } from '../../db/prepared.ts';
import {
  aceptacionesPresupuesto,
  aplicacionesCobro,
  clinicas,
  cobros,
  contadoresRecibos,
  dentistas,
  lineasPresupuesto,
  pacientes,
  presupuestos,
  tratamientosRealizados,
} from '../../db/schema/index.ts';
import {
  auditInsert,
  recordAudit,
  type AuditActor,
  type ClinicActor,
  type ClinicSettings,
} from '../../platform/audit.ts';
import { balanceOf } from '../../platform/balance.ts';
import { takeCashDay } from '../../platform/cash-day.ts';
import type { Deps } from '../../platform/context.ts';
import { documentNumberSql } from '../../platform/document-number.ts';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { renderEmail } from '../../platform/mail.ts';
import { memberNameOf } from '../../platform/membership.ts';
import { clinicLetterhead } from '../../platform/pdf.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { renderReceiptPdf, renderStatementPdf } from './payments.pdf.ts';

/**
 * Payments (cobros, issue 25, docs/decisions/0023): a patient's account (the treatments done and the
 * accepted budget lines not yet done, each with what was paid toward it, and the payments), taking a
 * payment (applied oldest first, to chosen items or left on account, numbered without gaps per clinic
 * and year, in the member's cash of its day) and annulling one with a reversing entry. Every write is
 * one transaction with its audit row; another clinic's ids are not found.
 */

export const paymentNotFound = () => notFound(PAYMENT_MESSAGES.notFound);
export const patientNotFound = () => notFound(PAYMENT_MESSAGES.patientNotFound);

const c = cobros;
const ap = aplicacionesCobro;
const tr = tratamientosRealizados;
const lp = lineasPresupuesto;
const pr = presupuestos;

/** The clinic's calendar day (YYYY-MM-DD) of an instant. */
const dayOf = (zone: string, instant: Date) => todayInZone(zone, instant);

// ---------------------------------------------------------------------------------------------------------
// Reading payments

/**
 * The clinic's payments and annulment entries that match `where`, newest first, with what each paid, its
 * annulment (on a payment) or the payment it reverses (on an annulment). `name`: run as that named
 * prepared statement (planned once per connection), for a caller whose `where` is always the same text.
 */
const anulacion = alias(c, 'anulacion');
const original = alias(c, 'original');

/** The payments' columns, with the patient, the annulment (on a payment) and the payment reversed (on an annulment). */
const paymentRows = (db: Executor) =>
  db
    .select({
      id: c.id,
      tipo: c.tipo,
      numero: c.numero,
      pacienteId: c.pacienteId,
      nombres: pacientes.nombres,
      apellidos: pacientes.apellidos,
      fecha: c.fecha,
      diaCaja: c.diaCaja,
      importe: c.importe,
      moneda: c.moneda,
      metodo: c.metodo,
      referencia: c.referencia,
      cobradoPor: c.cobradoPor,
      cobradoPorNombre: c.cobradoPorNombre,
      anticipo: c.anticipo,
      motivo: c.motivo,
      anulacionId: anulacion.id,
      anulacionFecha: anulacion.fecha,
      anulacionMotivo: anulacion.motivo,
      anulacionPor: anulacion.cobradoPorNombre,
      originalId: original.id,
      originalNumero: original.numero,
    })
    .from(c)
    .innerJoin(pacientes, eq(pacientes.id, c.pacienteId))
    // An annulment is its payment's patient's: said in the join, it lets the planner find a patient's
    // annulments among their own entries instead of merging the clinic's whole annulment index (1.8 against
    // 0.6 ms for a patient in a clinic with 2,000 annulments, and growing with them).
    .leftJoin(anulacion, and(eq(anulacion.anulaId, c.id), eq(anulacion.pacienteId, c.pacienteId)))
    .leftJoin(original, eq(original.id, c.anulaId));
type PaymentRow = Awaited<ReturnType<typeof paymentRows>>[number];

const newestFirst = [desc(c.fecha), desc(c.id)];

/** One patient's payments (their account): built once, a named prepared statement. */
const patientPaymentRows = preparedQuery<{ clinicaId: string; pacienteId: string }>('odontia_cuenta_cobros')((db) =>
  paymentRows(db)
    .where(and(eq(c.clinicaId, ph('clinicaId')), eq(c.pacienteId, ph('pacienteId'))))
    .orderBy(...newestFirst),
);

/** What the payments paid: treatments by when they were done, then budget lines in their budget's order. */
const applicationsOf = preparedQuery<{ clinicaId: string; cobros: string[] }>('odontia_cobros_aplicaciones')((db) =>
  db
    .select({
      cobroId: ap.cobroId,
      tratamientoId: ap.tratamientoId,
      lineaId: ap.lineaPresupuestoId,
      descripcion: sql<string>`coalesce(${tr.descripcion}, ${lp.descripcion}, '')`,
      importe: ap.importe,
      delAnticipo: ap.delAnticipo,
    })
    .from(ap)
    .leftJoin(tr, eq(tr.id, ap.tratamientoId))
    .leftJoin(lp, eq(lp.id, ap.lineaPresupuestoId))
    // One text for any number of payments.
    .where(and(eq(ap.clinicaId, ph('clinicaId')), sql`${ap.cobroId} = any(${ph('cobros')}::uuid[])`))
    .orderBy(sql`${tr.fecha} asc nulls last`, asc(lp.presupuestoId), asc(lp.orden), asc(ap.id)),
);

/**
 * The clinic's payments and annulment entries that match `where`, newest first, with what each paid, its
 * annulment (on a payment) or the payment it reverses (on an annulment).
 */
export async function readPayments(db: Executor, clinicaId: string, where: SQL | undefined): Promise<Payment[]> {
  const rows = await paymentRows(db)
    .where(and(eq(c.clinicaId, clinicaId), where))
    .orderBy(...newestFirst);
  return paymentsFrom(db, clinicaId, rows);
}

async function paymentsFrom(db: Executor, clinicaId: string, rows: PaymentRow[]): Promise<Payment[]> {
  if (rows.length === 0) return [];
  const applications = await applicationsOf(db, { clinicaId, cobros: rows.map((r) => r.id) });
  const byPayment = new Map<string, Payment['aplicaciones']>();
  for (const a of applications) {
    const list = byPayment.get(a.cobroId) ?? [];
    list.push({
      ...(a.tratamientoId ? { tipo: 'tratamiento', id: a.tratamientoId } : { tipo: 'linea', id: a.lineaId! }),
      descripcion: a.descripcion,
      importe: Number(a.importe),
      delAnticipo: a.delAnticipo,
    });
    byPayment.set(a.cobroId, list);
  }
  return rows.map((r): Payment => ({
    id: r.id,
    tipo: r.tipo as Payment['tipo'],
    numero: r.numero,
    paciente: { id: r.pacienteId, nombres: r.nombres, apellidos: r.apellidos },
    fecha: r.fecha.toISOString(),
    diaCaja: r.diaCaja,
    importe: Number(r.importe),
    moneda: r.moneda,
    metodo: r.metodo,
    referencia: r.referencia,
    cobradoPor: { id: r.cobradoPor, nombre: r.cobradoPorNombre },
    aplicaciones: byPayment.get(r.id) ?? [],
    anticipo: Number(r.anticipo),
    anulacion: r.anulacionId
      ? {
          id: r.anulacionId,
          fecha: r.anulacionFecha!.toISOString(),
          motivo: r.anulacionMotivo ?? '',
          por: r.anulacionPor ?? '',
        }
      : null,
    anula: r.originalId ? { id: r.originalId, numero: r.originalNumero } : null,
    motivo: r.motivo,
  }));
}

/** One payment or annulment entry of the clinic, or null. */
export async function readPayment(db: Executor, clinicaId: string, id: string): Promise<Payment | null> {
  const [payment] = await readPayments(db, clinicaId, eq(c.id, id));
  return payment ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// The account

type PatientRow = {
  id: string;
  nombres: string;
  apellidos: string;
  email: string | null;
  saldo: number;
};

/** The clinic's patient (not archived unless `archived`) with their balance; `lock` takes the patient's row. */
const patientQuery = (lock: boolean, archived: boolean) =>
  // A named prepared statement per variant (each has its own text).
  preparedQuery<{ id: string; clinicaId: string }>(
    `odontia_cuenta_paciente${lock ? '_bloqueado' : ''}${archived ? '_archivado' : ''}`,
  )((db) => {
    const query = db
      .select({
        id: pacientes.id,
        nombres: pacientes.nombres,
        apellidos: pacientes.apellidos,
        email: pacientes.email,
        // A bound value, not the column: a single-table select leaves its columns unqualified, and inside
        // balanceOf's subqueries "id" would be the summed table's own.
        saldo: balanceOf(sql`${ph('id')}::uuid`),
      })
      .from(pacientes)
      .where(
        and(
          eq(pacientes.id, ph('id')),
          eq(pacientes.clinicaId, ph('clinicaId')),
          archived ? undefined : isNull(pacientes.fechaArchivado),
        ),
      );
    return lock ? query.for('no key update', { of: pacientes }) : query;
  });
const patientQueries = {
  read: patientQuery(false, false),
  readArchived: patientQuery(false, true),
  lock: patientQuery(true, false),
};

/**
 * The clinic's patient with their balance, or null; `lock` takes the row of a patient not archived for the
 * transaction, `archived` reads an archived one too.
 */
async function patientOf(
  tx: Executor,
  clinicaId: string,
  id: string,
  { lock = false, archived = false } = {},
): Promise<PatientRow | null> {
  const query = lock ? patientQueries.lock : archived ? patientQueries.readArchived : patientQueries.read;
  const [row] = await query(tx, { id, clinicaId });
  return row ? { ...row, saldo: Number(row.saldo) } : null;
}

const clinicQuery = preparedQuery<{ clinicaId: string }>('odontia_cuenta_clinica')((db) =>
  db
    .select({ pais: clinicas.pais, zonaHoraria: clinicas.zonaHoraria, moneda: clinicas.moneda })
    .from(clinicas)
    .where(eq(clinicas.id, ph('clinicaId'))),
);

async function clinicOf(tx: Executor, clinicaId: string): Promise<ClinicSettings> {
  const [row] = await clinicQuery(tx, { clinicaId });
  return row!;
}

/** An item with what orders it: its instant (oldest first, treatments before lines of the same day). */
type Item = AccountItem & { instante: number; orden: number };

type AccountValues = { clinicaId: string; pacienteId: string };

/** The patient's treatments done, with their dentist and the budget of the line each fulfils. */
const treatmentsQuery = preparedQuery<AccountValues>('odontia_cuenta_tratamientos')((db) =>
  db
    .select({
      id: tr.id,
      fecha: tr.fecha,
      descripcion: tr.descripcion,
      diente: tr.diente,
      dentistaNombres: dentistas.nombres,
      dentistaApellidos: dentistas.apellidos,
      presupuesto: pr.numero,
      importe: tr.importe,
      lineaId: tr.lineaPresupuestoId,
    })
    .from(tr)
    .leftJoin(dentistas, eq(dentistas.id, tr.dentistaId))
    .leftJoin(lp, eq(lp.id, tr.lineaPresupuestoId))
    .leftJoin(pr, eq(pr.id, lp.presupuestoId))
    .where(and(eq(tr.pacienteId, ph('pacienteId')), eq(tr.clinicaId, ph('clinicaId')))),
);

/** The accepted lines of the patient's current accepted budgets that no treatment fulfils yet. */
const acceptedLinesQuery = preparedQuery<AccountValues>('odontia_cuenta_lineas')((db) =>
  db
    .select({
      id: lp.id,
      fecha: sql<Date>`coalesce(${aceptacionesPresupuesto.fecha}, ${pr.fechaRespuesta}, ${pr.fechaCreacion})`.mapWith(
        pr.fechaCreacion,
      ),
      descripcion: lp.descripcion,
      diente: lp.diente,
      presupuesto: pr.numero,
      importe: lp.total,
      orden: lp.orden,
    })
    .from(lp)
    .innerJoin(pr, eq(pr.id, lp.presupuestoId))
    .leftJoin(aceptacionesPresupuesto, eq(aceptacionesPresupuesto.presupuestoId, pr.id))
    .where(
      and(
        eq(pr.pacienteId, ph('pacienteId')),
        eq(pr.clinicaId, ph('clinicaId')),
        inArray(pr.estado, ['aceptado', 'aceptado_parcialmente']),
        isNull(pr.sustituidoPor),
        eq(lp.aceptada, true),
        sql`not exists (select 1 from ${tr} where ${tr.lineaPresupuestoId} = ${lp.id})`,
      ),
    ),
);

/** What the patient's non-annulled payments applied, per treatment or line. */
const paidQuery = preparedQuery<AccountValues>('odontia_cuenta_pagado')((db) =>
  db
    .select({
      tratamientoId: ap.tratamientoId,
      lineaId: ap.lineaPresupuestoId,
      importe: sql<number>`sum(${ap.importe})::bigint`.mapWith(Number),
    })
    .from(ap)
    .innerJoin(c, eq(c.id, ap.cobroId))
    .where(and(eq(c.pacienteId, ph('pacienteId')), eq(c.clinicaId, ph('clinicaId')), eq(c.anulado, false)))
    .groupBy(ap.tratamientoId, ap.lineaPresupuestoId),
);

/**
 * The patient's items, oldest first: every treatment done, and every accepted line of their current
 * accepted budgets not done yet, each with what non-annulled payments applied to it (for a treatment
 * that fulfils a line, what was applied to the line too).
 */
async function accountItems(tx: Executor, clinicaId: string, pacienteId: string, zone: string): Promise<Item[]> {
  const values = { clinicaId, pacienteId };
  const treatments = await treatmentsQuery(tx, values);
  const lines = await acceptedLinesQuery(tx, values);
  const paid = await paidQuery(tx, values);
  const paidTo = new Map<string, number>();
  for (const p of paid) {
    const key = p.tratamientoId ?? p.lineaId!;
    paidTo.set(key, (paidTo.get(key) ?? 0) + p.importe);
  }
  const item = (
    tipo: AccountItemKind,
    r: { id: string; fecha: Date; descripcion: string; diente: number | null; presupuesto: string | null },
    importe: number,
    pagado: number,
    dentista: string | null,
    orden = 0,
  ): Item => ({
    tipo,
    id: r.id,
    fecha: dayOf(zone, r.fecha),
    descripcion: r.descripcion,
    diente: r.diente,
    dentista,
    presupuesto: r.presupuesto,
    importe,
    pagado,
    pendiente: Math.max(0, importe - pagado),
    instante: r.fecha.getTime(),
    orden,
  });
  const items = [
    ...treatments.map((t) =>
      item(
        'tratamiento',
        t,
        Number(t.importe),
        (paidTo.get(t.id) ?? 0) + (t.lineaId ? (paidTo.get(t.lineaId) ?? 0) : 0),
        t.dentistaNombres ? `${t.dentistaNombres} ${t.dentistaApellidos ?? ''}`.trim() : null,
      ),
    ),
    ...lines.map((l) => item('linea', l, Number(l.importe), paidTo.get(l.id) ?? 0, null, l.orden)),
  ];
  const kindOrder = (k: AccountItemKind) => (k === 'tratamiento' ? 0 : 1);
  return items.sort(
    (a, b) =>
      a.fecha.localeCompare(b.fecha) ||
      kindOrder(a.tipo) - kindOrder(b.tipo) ||
      a.instante - b.instante ||
      a.orden - b.orden ||
      a.id.localeCompare(b.id),
  );
}

/**
 * The patient's account as it stands (read in `tx`), or null when the patient is not the clinic's (or is
 * archived, unless `archived`: an annulment answers the account of any patient it reaches).
 */
export async function readAccount(
  tx: Executor,
  clinicaId: string,
  pacienteId: string,
  options: { archived?: boolean } = {},
): Promise<PatientAccount | null> {
  const patient = await patientOf(tx, clinicaId, pacienteId, options);
  if (!patient) return null;
  return accountOf(tx, clinicaId, patient);
}

async function accountOf(tx: Executor, clinicaId: string, patient: PatientRow): Promise<PatientAccount> {
  const clinic = await clinicOf(tx, clinicaId);
  const items = await accountItems(tx, clinicaId, patient.id, clinic.zonaHoraria);
  return accountFrom(patient, clinic, items, await paymentsOf(tx, clinicaId, patient.id));
}

/** The patient's payments and annulment entries, newest first. */
const paymentsOf = async (db: Executor, clinicaId: string, pacienteId: string) =>
  paymentsFrom(db, clinicaId, await patientPaymentRows(db, { clinicaId, pacienteId }));

/** The account of what was read: the patient with their balance, the clinic, their items and payments. */
function accountFrom(patient: PatientRow, clinic: ClinicSettings, items: Item[], payments: Payment[]): PatientAccount {
  const realizado = items.filter((i) => i.tipo === 'tratamiento').reduce((sum, i) => sum + i.importe, 0);
  const cobrado = payments.reduce((sum, p) => sum + p.importe, 0);
  const anticipo = payments.filter((p) => p.tipo === 'cobro' && !p.anulacion).reduce((sum, p) => sum + p.anticipo, 0);
  const aceptadoPendiente = items.filter((i) => i.tipo === 'linea').reduce((sum, i) => sum + i.pendiente, 0);
  return {
    paciente: { id: patient.id, nombres: patient.nombres, apellidos: patient.apellidos, email: patient.email },
    moneda: clinic.moneda,
    metodos: [...collectionMethodsOf(clinic.pais)],
    partidas: items.map(({ instante: _instante, orden: _orden, ...i }) => i),
    cobros: payments,
    // The balance is platform/balance.ts's expression (the debtors' list and the reminders use it too).
    totales: { realizado, cobrado, anticipo, saldo: patient.saldo, aceptadoPendiente },
  };
}

/** The account for a member: the view is written to the audit trail in the same transaction. */
export async function viewAccount(db: Database, actor: AuditActor, pacienteId: string): Promise<PatientAccount | null> {
  return db.transaction(async (tx) => {
    const account = await readAccount(tx, actor.clinicaId, pacienteId);
    if (account) await recordAudit(tx, actor, { accion: 'cuenta.ver', pacienteId });
    return account;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Taking a payment

type Applied = { item: Item; importe: number };

/** How much of each item a payment pays: `items` in order (oldest first), up to `amount`. */
function allocate(items: Item[], amount: number): Applied[] {
  const out: Applied[] = [];
  let left = amount;
  for (const item of items) {
    if (left <= 0) break;
    if (item.pendiente <= 0) continue;
    const importe = Math.min(left, item.pendiente);
    out.push({ item, importe });
    left -= importe;
  }
  return out;
}

/** Counts what was applied as paid on the items (never more than each had pending). */
function settle(applied: Applied[]): void {
  for (const { item, importe } of applied) {
    item.pagado += importe;
    item.pendiente -= importe;
  }
}

/**
 * Takes a payment for the patient in one transaction: the patient's row is locked (one patient's payments
 * allocate one after another), the method and the day are checked, the member's cash of that day taken,
 * the amount applied and the receipt numbered (the clinic's counter of the day's year, locked until the
 * end: a payment that rolls back gives its number back). Answers the payment and the account as it
 * left it; null when the patient is not the clinic's.
 */
export async function registerPayment(
  db: Database,
  actor: ClinicActor,
  pacienteId: string,
  input: CreatePaymentData,
): Promise<{ cobro: Payment; cuenta: PatientAccount } | null> {
  const taken = await takePayment(db, actor, pacienteId, input);
  if (!taken) return null;
  // The account is what the transaction read (the patient locked, so no other payment of theirs came
  // between), with what this payment applied counted paid and its amount off the balance; only the
  // payments are read again, the new one among them.
  const { patient, items, applied, id } = taken;
  settle(applied);
  const payments = await paymentsOf(db, actor.clinicaId, pacienteId);
  const cuenta = accountFrom({ ...patient, saldo: patient.saldo - input.importe }, actor, items, payments);
  return { cobro: payments.find((p) => p.id === id)!, cuenta };
}

async function takePayment(db: Database, actor: ClinicActor, pacienteId: string, input: CreatePaymentData) {
  return db.transaction(async (tx) => {
    const patient = await patientOf(tx, actor.clinicaId, pacienteId, { lock: true });
    if (!patient) return null;
    if (!collectionMethodsOf(actor.pais).includes(input.metodo)) {
      throw unprocessable(PAYMENT_MESSAGES.methodOfOtherCountry, 'metodo');
    }
    const hoy = todayInZone(actor.zonaHoraria);
    const fecha = input.fecha ?? hoy;
    if (fecha > hoy) throw unprocessable(PAYMENT_MESSAGES.dateFuture, 'fecha');

    const items = await accountItems(tx, actor.clinicaId, pacienteId, actor.zonaHoraria);
    let applied: Applied[] = [];
    if (input.aplicacion === 'automatica') {
      applied = allocate(items, input.importe);
    } else if (input.aplicacion === 'elegida') {
      const chosen = new Set(input.partidas.map((p) => `${p.tipo}:${p.id.toLowerCase()}`));
      const picked = items.filter((i) => chosen.has(`${i.tipo}:${i.id}`));
      if (picked.length !== chosen.size || picked.some((i) => i.pendiente <= 0)) {
        throw unprocessable(PAYMENT_MESSAGES.itemsInvalid, 'partidas');
      }
      const pending = picked.reduce((sum, i) => sum + i.pendiente, 0);
      if (input.importe > pending) {
        throw unprocessable(PAYMENT_MESSAGES.amountOverApplied(formatMoney(pending, actor.moneda)), 'importe');
      }
      applied = allocate(picked, input.importe);
    }
    const anticipo = input.importe - applied.reduce((sum, a) => sum + a.importe, 0);

    const caja = await takeCashDay(tx, actor, fecha, hoy);
    // Today's payments (or tomorrow's, when today's cash is closed) are stamped now; a past day's at its noon.
    const instante =
      fecha === hoy ? sql`now()` : sql`(${fecha}::date + time '12:00') at time zone ${actor.zonaHoraria}`;
    const anio = Number(caja.dia.slice(0, 4));
    // The receipt's number is taken last, with the payment, what it pays and the audit row, in one
    // statement just before the commit: the clinic's counter stays locked for that statement and the commit
    // alone, so the desks of a clinic queue on it that long (budgets take their numbers the same way).
    const id = randomUUID();
    const takeNumber = tx
      .insert(contadoresRecibos)
      .values({ clinicaId: actor.clinicaId, anio, ultimo: 1 })
      .onConflictDoUpdate({
        target: [contadoresRecibos.clinicaId, contadoresRecibos.anio],
        set: { ultimo: sql`${contadoresRecibos.ultimo} + 1` },
      })
      .returning({ ultimo: contadoresRecibos.ultimo });
    const insertPayment = tx
      .insert(c)
      .values({
        id,
        clinicaId: actor.clinicaId,
        pacienteId,
        tipo: 'cobro',
        numero: documentNumberSql('recibo', anio, sql`(select ultimo from numero)`),
        fecha: instante,
        diaCaja: caja.dia,
        cajaId: caja.id,
        importe: input.importe,
        moneda: actor.moneda,
        metodo: input.metodo,
        referencia: input.referencia,
        cobradoPor: actor.userId,
        cobradoPorNombre: memberNameOf(actor.userId),
        anticipo,
      })
      .returning({ numero: c.numero });
    // Its items' foreign keys are checked at the statement's end, when the payment's row is there.
    const applyPayment =
      applied.length > 0
        ? tx.insert(ap).values(
            applied.map((a) => ({
              cobroId: id,
              clinicaId: actor.clinicaId,
              tratamientoId: a.item.tipo === 'tratamiento' ? a.item.id : null,
              lineaPresupuestoId: a.item.tipo === 'linea' ? a.item.id : null,
              importe: a.importe,
            })),
          )
        : null;
    const audit = auditInsert(
      actor,
      { accion: 'cobro.registrar', pacienteId },
      { detalle: sql`jsonb_build_object('recibo', (select numero from cobro), 'importe', ${input.importe}::bigint)` },
    );
    await tx.execute(sql`with numero as (${takeNumber.getSQL()}), cobro as (${insertPayment.getSQL()}),
        ${applyPayment ? sql`aplicado as (${applyPayment.getSQL()}),` : sql``} auditado as (${audit})
        select 1`);
    return { id, patient, items, applied };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Applying an advance

/**
 * Applies what the patient has on account to what they owe, in one transaction: the patient's row is
 * locked (one patient's payments allocate one after another), then each payment with money left on
 * account, oldest first, pays the pending items, oldest first, as an automatic payment would have; what
 * is left stays on account. Answers the amount applied; null when the patient is not the clinic's; 409
 * when nothing is on account or nothing is owed.
 */
export async function applyAdvance(db: Database, actor: ClinicActor, pacienteId: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const patient = await patientOf(tx, actor.clinicaId, pacienteId, { lock: true });
    if (!patient) return null;
    const advances = await tx
      .select({ id: c.id, anticipo: c.anticipo })
      .from(c)
      .where(
        and(
          eq(c.clinicaId, actor.clinicaId),
          eq(c.pacienteId, pacienteId),
          eq(c.tipo, 'cobro'),
          eq(c.anulado, false),
          gt(c.anticipo, 0),
        ),
      )
      .orderBy(asc(c.fecha), asc(c.numero))
      .for('no key update');
    if (advances.length === 0) throw conflict(PAYMENT_MESSAGES.advanceNone);
    const items = await accountItems(tx, actor.clinicaId, pacienteId, actor.zonaHoraria);

    const applications: (typeof ap.$inferInsert)[] = [];
    let total = 0;
    for (const advance of advances) {
      const applied = allocate(items, Number(advance.anticipo));
      if (applied.length === 0) break;
      // What this advance paid is no longer owed when the next one is applied.
      settle(applied);
      let used = 0;
      for (const a of applied) {
        used += a.importe;
        applications.push({
          cobroId: advance.id,
          clinicaId: actor.clinicaId,
          tratamientoId: a.item.tipo === 'tratamiento' ? a.item.id : null,
          lineaPresupuestoId: a.item.tipo === 'linea' ? a.item.id : null,
          importe: a.importe,
          delAnticipo: true,
        });
      }
      await tx
        .update(c)
        .set({ anticipo: sql`${c.anticipo} - ${used}` })
        .where(eq(c.id, advance.id));
      total += used;
    }
    if (total === 0) throw conflict(PAYMENT_MESSAGES.advanceNothingPending);
    await tx.insert(ap).values(applications);
    await recordAudit(tx, actor, { accion: 'anticipo.aplicar', pacienteId, detalle: { importe: total } });
    return total;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Annulling a payment

/**
 * Annuls a payment in one transaction: the payment's row is locked, a reversing entry (the negative
 * amount, same method, the reason) goes to the annulling member's cash of today (tomorrow's when today's
 * is closed) and the payment is marked annulled: what it paid is owed again. Null when the payment is not
 * the clinic's; 409 when it is an annulment or already annulled.
 */
export async function annulPayment(
  db: Database,
  actor: ClinicActor,
  id: string,
  motivo: string,
): Promise<{ pacienteId: string; diaCaja: string; hoy: string } | null> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select({
        id: c.id,
        tipo: c.tipo,
        anulado: c.anulado,
        numero: c.numero,
        pacienteId: c.pacienteId,
        importe: c.importe,
        moneda: c.moneda,
        metodo: c.metodo,
      })
      .from(c)
      .where(and(eq(c.id, id), eq(c.clinicaId, actor.clinicaId)))
      .for('update');
    if (!payment) return null;
    if (payment.tipo !== 'cobro' || payment.anulado) throw conflict(PAYMENT_MESSAGES.alreadyAnnulled);
    // The patient's payments change one at a time (a payment being allocated sees this annulment or waits).
    await tx
      .select({ id: pacientes.id })
      .from(pacientes)
      .where(eq(pacientes.id, payment.pacienteId))
      .for('no key update');
    const hoy = todayInZone(actor.zonaHoraria);
    const caja = await takeCashDay(tx, actor, hoy, hoy);
    await tx.insert(c).values({
      clinicaId: actor.clinicaId,
      pacienteId: payment.pacienteId,
      tipo: 'anulacion',
      numero: null,
      diaCaja: caja.dia,
      cajaId: caja.id,
      importe: -Number(payment.importe),
      moneda: payment.moneda,
      metodo: payment.metodo as CollectionMethod,
      cobradoPor: actor.userId,
      cobradoPorNombre: memberNameOf(actor.userId),
      anulaId: payment.id,
      motivo,
    });
    await tx.update(c).set({ anulado: true }).where(eq(c.id, payment.id));
    await recordAudit(tx, actor, {
      accion: 'cobro.anular',
      pacienteId: payment.pacienteId,
      detalle: { recibo: payment.numero ?? '', importe: Number(payment.importe), motivo },
    });
    return { pacienteId: payment.pacienteId, diaCaja: caja.dia, hoy };
  });
}

// ---------------------------------------------------------------------------------------------------------
// PDFs and email

const patientSlug = (p: { nombres: string; apellidos: string }) => fileSlug(`${p.nombres} ${p.apellidos}`, 'paciente');

/** The patient's statement as a PDF, audited as a download. Null when the patient is not the clinic's. */
export async function statementPdf(
  db: Database,
  storage: Storage,
  actor: AuditActor,
  pacienteId: string,
): Promise<{ bytes: Buffer; fileName: string } | null> {
  const account = await readAccount(db, actor.clinicaId, pacienteId);
  if (!account) return null;
  const clinica = await clinicLetterhead(db, storage, actor.clinicaId);
  const bytes = await renderStatementPdf({ account, clinica, fecha: todayInZone(clinica.zonaHoraria) });
  await recordAudit(db, actor, { accion: 'cuenta.descargar', pacienteId });
  return { bytes, fileName: `estado-de-cuenta-${patientSlug(account.paciente)}.pdf` };
}

/** A payment's receipt: the payment, the clinic, and the patient's balance right after it was taken. */
async function receiptFile(
  db: Executor,
  storage: Storage,
  clinicaId: string,
  id: string,
): Promise<{ payment: Payment; email: string | null; bytes: Buffer; fileName: string } | null> {
  const payment = await readPayment(db, clinicaId, id);
  if (!payment || payment.tipo !== 'cobro') return null;
  // Bound values throughout: a single-table select leaves its columns unqualified inside subqueries.
  const at = sql`(select ${c.fecha} from ${c} where ${c.id} = ${id}::uuid)`;
  const patientId = sql`${payment.paciente.id}::uuid`;
  const [after] = await db
    .select({
      email: pacientes.email,
      saldo:
        sql<number>`((select coalesce(sum(${tr.importe}), 0) from ${tr} where ${tr.pacienteId} = ${patientId} and ${tr.fecha} <= ${at})
        - (select coalesce(sum(${c.importe}), 0) from ${c} where ${c.pacienteId} = ${patientId} and ${c.fecha} <= ${at}))::bigint`.mapWith(
          Number,
        ),
    })
    .from(pacientes)
    .where(eq(pacientes.id, payment.paciente.id));
  const clinica = await clinicLetterhead(db, storage, clinicaId);
  const bytes = await renderReceiptPdf({ payment, clinica, saldoDespues: after!.saldo });
  return { payment, email: after!.email, bytes, fileName: `recibo-${payment.numero}.pdf` };
}

/** The receipt's PDF for a member, audited as a download. Null when it is not one of the clinic's payments. */
export async function receiptPdf(
  db: Database,
  storage: Storage,
  actor: AuditActor,
  id: string,
): Promise<{ bytes: Buffer; fileName: string } | null> {
  const file = await receiptFile(db, storage, actor.clinicaId, id);
  if (!file) return null;
  await recordAudit(db, actor, {
    accion: 'recibo.descargar',
    pacienteId: file.payment.paciente.id,
    detalle: { recibo: file.payment.numero ?? '' },
  });
  return { bytes: file.bytes, fileName: file.fileName };
}

/** Emails the receipt's PDF to the patient (422 without an email), audited once it is sent. */
export async function sendReceiptByEmail(
  deps: Pick<Deps, 'db' | 'storage' | 'mailer' | 'logger'>,
  actor: AuditActor,
  id: string,
): Promise<{ email: string } | null> {
  const { db, storage, mailer, logger } = deps;
  const file = await receiptFile(db, storage, actor.clinicaId, id);
  if (!file) return null;
  if (!file.email) throw unprocessable(PAYMENT_MESSAGES.noEmail, 'email');
  const { payment } = file;
  const [clinica] = await db.select({ nombre: clinicas.nombre }).from(clinicas).where(eq(clinicas.id, actor.clinicaId));
  const { text, html } = renderEmail({
    title: `Recibo ${payment.numero}`,
    paragraphs: [
      `Hola ${payment.paciente.nombres}: ${clinica!.nombre} te envía el recibo ${payment.numero} de tu pago de ${formatMoney(payment.importe, payment.moneda)}. Lo tienes en PDF en este email.`,
      `${PAYMENT_MESSAGES.receiptNotInvoice}.`,
    ],
  });
  try {
    await mailer.send({
      to: file.email,
      subject: PAYMENT_MESSAGES.receiptSubject(clinica!.nombre, payment.numero ?? ''),
      text,
      html,
      attachments: [{ filename: file.fileName, content: file.bytes, contentType: 'application/pdf' }],
    });
  } catch (error) {
    logger.error({ err: error }, 'no se pudo enviar el recibo por email');
    throw new AppError(503, 'service_unavailable', PAYMENT_MESSAGES.emailError);
  }
  await recordAudit(db, actor, {
    accion: 'recibo.enviar',
    pacienteId: payment.paciente.id,
    detalle: { recibo: payment.numero ?? '', email: file.email },
  });
  return { email: file.email };
}
