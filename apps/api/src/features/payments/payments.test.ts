import {
  PAYMENT_MESSAGES,
  applyStatus,
  emptyChart,
  formatDateTime,
  formatMoney,
  todayInZone,
  type Budget,
  type CatalogItem,
  type PatientAccount,
  type Payment,
} from '@odontia/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aplicacionesCobro,
  auditoria,
  cajas,
  cobros,
  contadoresRecibos,
  pacientes,
  tratamientosRealizados,
} from '../../db/schema/index.ts';
import { balanceOf } from '../../platform/balance.ts';
import { drawnSignaturePng } from '../../platform/signature.ts';
import { readOutbox } from '../../test/outbox.ts';
import { asTaken } from './payments.pdf.ts';
import { readAccount } from './payments.service.ts';
import { BOGOTA, addTeamMember, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;
type Member = { cookie: string; userId: string };
let ana: Owner;
let beto: Owner;
let bogota: Owner;
let recepcion: Member;
let firma: string;

const ZONE = 'Europe/Madrid';
const hoy = () => todayInZone(ZONE);
const daysAgo = (n: number) => {
  const d = new Date(`${hoy()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

async function newPatient(owner: Member, json: { nombres?: string; apellidos?: string; email?: string } = {}) {
  const res = await t.client(owner.cookie).pacientes.$post({
    json: { nombres: json.nombres ?? 'Lucía', apellidos: json.apellidos ?? 'Gómez', email: json.email ?? null },
  });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

/** A treatment done, inserted as budgets' work would record it. */
async function treatment(
  owner: Owner,
  pacienteId: string,
  importe: number,
  daysBefore: number,
  extra: { descripcion?: string; lineaPresupuestoId?: string; moneda?: 'EUR' | 'COP' } = {},
) {
  const [row] = await t.db
    .insert(tratamientosRealizados)
    .values({
      clinicaId: owner.clinica.id,
      pacienteId,
      descripcion: extra.descripcion ?? `Tratamiento de ${importe}`,
      fecha: new Date(`${daysAgo(daysBefore)}T10:00:00Z`),
      importe,
      moneda: extra.moneda ?? 'EUR',
      lineaPresupuestoId: extra.lineaPresupuestoId ?? null,
    })
    .returning({ id: tratamientosRealizados.id });
  return row.id;
}

const pay = (member: Member, pacienteId: string, json: Record<string, unknown>) =>
  t.request(`/api/pacientes/${pacienteId}/cobros`, { method: 'POST', cookie: member.cookie, json });

async function payOk(member: Member, pacienteId: string, json: Record<string, unknown>) {
  const res = await pay(member, pacienteId, json);
  expect(res.status).toBe(201);
  const body = (await res.json()) as { cobro: Payment; cuenta: PatientAccount; mensaje: string };
  // The account a payment answers (what its transaction read, with the payment counted) is the account
  // a fresh read gives.
  const [{ clinicaId }] = await t.db
    .select({ clinicaId: pacientes.clinicaId })
    .from(pacientes)
    .where(eq(pacientes.id, pacienteId));
  expect(body.cuenta).toEqual(JSON.parse(JSON.stringify(await readAccount(t.db, clinicaId, pacienteId))));
  expect(body.cuenta.cobros).toContainEqual(body.cobro);
  return body;
}

async function accountOf(member: Member, pacienteId: string) {
  const res = await t.request(`/api/pacientes/${pacienteId}/cuenta`, { cookie: member.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as PatientAccount;
}

const annul = (member: Member, id: string, motivo = 'Cobrado por error') =>
  t.request(`/api/cobros/${id}/anular`, { method: 'POST', cookie: member.cookie, json: { motivo } });

const balanceInDb = async (pacienteId: string) =>
  (await t.db.select({ saldo: balanceOf(sql`${pacienteId}::uuid`) }).from(sql`(select 1) as uno`))[0].saldo;

const paymentsOf = async (pacienteId: string) =>
  (await t.db.select({ n: count() }).from(cobros).where(eq(cobros.pacienteId, pacienteId)))[0].n;

const auditOf = async (pacienteId: string) =>
  (
    await t.db
      .select({ accion: auditoria.accion, detalle: auditoria.detalle })
      .from(auditoria)
      .where(eq(auditoria.pacienteId, pacienteId))
      .orderBy(asc(auditoria.id))
  ).map((a) => a.accion);

/** The clinic's receipt counter of this year. */
const counterOf = async (clinicaId: string) =>
  (
    await t.db
      .select({ ultimo: contadoresRecibos.ultimo })
      .from(contadoresRecibos)
      .where(and(eq(contadoresRecibos.clinicaId, clinicaId), eq(contadoresRecibos.anio, Number(hoy().slice(0, 4)))))
  )[0]?.ultimo ?? 0;

/** Closes a member's cash of a day directly (engineer 2's close route is not under test here). */
async function closeCash(clinicaId: string, userId: string, dia: string) {
  await t.db
    .insert(cajas)
    .values({
      clinicaId,
      usuarioId: userId,
      usuarioNombre: 'Ana',
      dia,
      estado: 'cerrada',
      fechaCierre: new Date(),
      totales: [],
      efectivoEsperado: 0,
      efectivoContado: 0,
      diferencia: 0,
    })
    .onConflictDoUpdate({
      target: [cajas.clinicaId, cajas.usuarioId, cajas.dia],
      set: { estado: 'cerrada', fechaCierre: new Date(), totales: [], efectivoContado: 0, diferencia: 0 },
    });
}

/**
 * A patient with a budget accepted at the desk, through budgets' routes as a member would (the steps of
 * budgets.test-kit.ts, which a feature's tests may not import): a service, the chart planning it on the
 * teeth, the budget made from it and accepted with a signature.
 */
async function acceptedBudget(owner: Owner, precio: number, teeth: number[]) {
  const item = await t.request('/api/productos', {
    method: 'POST',
    cookie: owner.cookie,
    json: { nombre: `Obturación ${precio}`, categoria: 'servicio', precioVenta: precio },
  });
  expect(item.status).toBe(201);
  const service = (await item.json()) as CatalogItem;
  const pacienteId = await newPatient(owner);
  let chart = emptyChart();
  for (const tooth of teeth) {
    chart = applyStatus(chart, { tooth: tooth as 16, surface: 'center' }, 'cavity', {
      etapa: 'planificado',
      servicioId: service.id,
    });
  }
  const saved = await t.request(`/api/pacientes/${pacienteId}/odontograma`, {
    method: 'PUT',
    cookie: owner.cookie,
    json: { baseVersion: 0, chart },
  });
  expect(saved.status).toBe(200);
  const created = await t.request(`/api/pacientes/${pacienteId}/presupuestos`, {
    method: 'POST',
    cookie: owner.cookie,
  });
  expect(created.status).toBe(201);
  const draft = ((await created.json()) as { presupuesto: Budget }).presupuesto;
  const res = await t.request(`/api/presupuestos/${draft.id}/aceptar`, {
    method: 'POST',
    cookie: owner.cookie,
    json: { lineas: draft.lineas.map((l) => l.id), firmante: 'Lucía Gómez', firma, acepto: true },
  });
  expect(res.status).toBe(200);
  return { pacienteId, budget: ((await res.json()) as { presupuesto: Budget }).presupuesto };
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await createClinicOwner(t, { nombre: 'Clínica Ana' });
  beto = await createClinicOwner(t, { nombre: 'Clínica Beto' });
  bogota = await createClinicOwner(t, { nombre: 'Clínica Bogotá', ...BOGOTA });
  recepcion = await addTeamMember(t, ana.clinica.id, 'Recepción', 'recepcion');
  firma = (await drawnSignaturePng(() => 0.5)).toString('base64');
});
afterAll(() => t.close());

describe('taking a payment (issue 25)', () => {
  it('applies to the oldest pending treatments first and leaves the remainder on account', async () => {
    const pacienteId = await newPatient(ana);
    const a = await treatment(ana, pacienteId, 3000, 10);
    const b = await treatment(ana, pacienteId, 2000, 5);
    const c = await treatment(ana, pacienteId, 1000, 2);

    const first = await payOk(ana, pacienteId, { importe: 4500, metodo: 'efectivo' });
    expect(first.cobro.numero).toMatch(new RegExp(`^R-${hoy().slice(0, 4)}-\\d{6}$`));
    expect(first.mensaje).toBe(PAYMENT_MESSAGES.registered(first.cobro.numero!));
    expect(first.cobro.aplicaciones.map((x) => [x.id, x.importe])).toEqual([
      [a, 3000],
      [b, 1500],
    ]);
    expect(first.cobro.anticipo).toBe(0);
    expect(first.cobro.aplicaciones.some((x) => x.delAnticipo)).toBe(false);
    expect(asTaken(first.cobro)).toEqual({ aplicaciones: first.cobro.aplicaciones, anticipo: 0 });
    expect(first.cobro.diaCaja).toBe(hoy());
    expect(first.cobro.cobradoPor.id).toBe(ana.userId);
    expect(first.cuenta.partidas.map((p) => [p.id, p.pagado, p.pendiente])).toEqual([
      [a, 3000, 0],
      [b, 1500, 500],
      [c, 0, 1000],
    ]);

    const second = await payOk(ana, pacienteId, { importe: 4000, metodo: 'tarjeta', referencia: 'TPV 0042' });
    expect(second.cobro.aplicaciones.map((x) => [x.id, x.importe])).toEqual([
      [b, 500],
      [c, 1000],
    ]);
    expect(second.cobro.anticipo).toBe(2500);
    expect(second.cobro.referencia).toBe('TPV 0042');

    const account = await accountOf(ana, pacienteId);
    expect(account.partidas.every((p) => p.pendiente === 0)).toBe(true);
    expect(account.cobros.map((p) => p.id)).toEqual([second.cobro.id, first.cobro.id]);
    expect(account.totales).toEqual({
      realizado: 6000,
      cobrado: 8500,
      anticipo: 2500,
      saldo: -2500,
      aceptadoPendiente: 0,
    });
    expect(account.totales.saldo).toBe(await balanceInDb(pacienteId));
    expect(account.metodos).toEqual(['efectivo', 'tarjeta', 'transferencia', 'bizum']);
    expect(account.moneda).toBe('EUR');

    // 'anticipo' applies nothing even with debts pending.
    await treatment(ana, pacienteId, 700, 1);
    const advance = await payOk(ana, pacienteId, { importe: 300, metodo: 'bizum', aplicacion: 'anticipo' });
    expect(advance.cobro.aplicaciones).toEqual([]);
    expect(advance.cobro.anticipo).toBe(300);
    expect(advance.cuenta.totales.saldo).toBe(await balanceInDb(pacienteId));
  });

  it('accepted budget lines are items; a line done counts what was paid toward it on its treatment', async () => {
    const { pacienteId, budget } = await acceptedBudget(ana, 6000, [16, 26]);
    const [l1, l2] = budget.lineas;
    const hecho = await treatment(ana, pacienteId, 1000, 0, { descripcion: 'Limpieza' });
    let account = await accountOf(ana, pacienteId);
    // Same day: the treatment done comes before the lines.
    expect(account.partidas.map((p) => [p.tipo, p.id])).toEqual([
      ['tratamiento', hecho],
      ['linea', l1.id],
      ['linea', l2.id],
    ]);
    expect(account.partidas[1]).toMatchObject({ importe: l1.importes.total, pendiente: l1.importes.total });
    expect(account.partidas[1].presupuesto).toBe(budget.numero);
    expect(account.totales.aceptadoPendiente).toBe(l1.importes.total + l2.importes.total);

    const paid = await payOk(ana, pacienteId, { importe: 1000 + l1.importes.total + 100, metodo: 'efectivo' });
    expect(paid.cobro.aplicaciones.map((x) => [x.tipo, x.id, x.importe])).toEqual([
      ['tratamiento', hecho, 1000],
      ['linea', l1.id, l1.importes.total],
      ['linea', l2.id, 100],
    ]);
    // A prepayment on an accepted line is not a debt paid: the balance counts treatments done only.
    expect(paid.cuenta.totales.saldo).toBe(-(l1.importes.total + 100));
    expect(paid.cuenta.totales.saldo).toBe(await balanceInDb(pacienteId));

    // The first line is done: it leaves the lines and its treatment shows what was paid toward it.
    const done = await treatment(ana, pacienteId, l1.importes.total, 0, { lineaPresupuestoId: l1.id });
    account = await accountOf(ana, pacienteId);
    expect(account.partidas.find((p) => p.id === l1.id)).toBeUndefined();
    expect(account.partidas.find((p) => p.id === done)).toMatchObject({
      tipo: 'tratamiento',
      pagado: l1.importes.total,
      pendiente: 0,
      presupuesto: budget.numero,
    });
    expect(account.totales.aceptadoPendiente).toBe(l2.importes.total - 100);
    expect(account.totales.saldo).toBe(-100);
    expect(account.totales.saldo).toBe(await balanceInDb(pacienteId));
  });

  it('applies to the chosen items only; more than they owe is refused and nothing changes', async () => {
    const pacienteId = await newPatient(ana);
    const old = await treatment(ana, pacienteId, 3000, 10);
    const recent = await treatment(ana, pacienteId, 2000, 3);
    const chosen = await payOk(ana, pacienteId, {
      importe: 1500,
      metodo: 'transferencia',
      aplicacion: 'elegida',
      partidas: [{ tipo: 'tratamiento', id: recent }],
    });
    expect(chosen.cobro.aplicaciones.map((x) => [x.id, x.importe])).toEqual([[recent, 1500]]);
    expect(chosen.cuenta.partidas.map((p) => [p.id, p.pendiente])).toEqual([
      [old, 3000],
      [recent, 500],
    ]);

    const before = { pagos: await paymentsOf(pacienteId), numero: await counterOf(ana.clinica.id) };
    const over = await pay(ana, pacienteId, {
      importe: 600,
      metodo: 'efectivo',
      aplicacion: 'elegida',
      partidas: [{ tipo: 'tratamiento', id: recent }],
    });
    expect(over.status).toBe(422);
    const error = await errorOf(over);
    expect(error.message).toBe(PAYMENT_MESSAGES.amountOverApplied(formatMoney(500, 'EUR')));
    expect(error.fields).toEqual({ importe: error.message });

    // Another patient's treatment, or one fully paid, is not an item to choose.
    const other = await treatment(ana, await newPatient(ana), 900, 1);
    for (const partidas of [[{ tipo: 'tratamiento', id: other }], [{ tipo: 'linea', id: recent }]]) {
      const res = await pay(ana, pacienteId, { importe: 100, metodo: 'efectivo', aplicacion: 'elegida', partidas });
      expect(res.status).toBe(422);
      expect((await errorOf(res)).message).toBe(PAYMENT_MESSAGES.itemsInvalid);
    }
    const none = await pay(ana, pacienteId, { importe: 100, metodo: 'efectivo', aplicacion: 'elegida' });
    expect(none.status).toBe(422);
    expect((await errorOf(none)).fields?.partidas).toBe(PAYMENT_MESSAGES.itemsRequired);
    expect(await paymentsOf(pacienteId)).toBe(before.pagos);
    expect(await counterOf(ana.clinica.id)).toBe(before.numero);

    await payOk(ana, pacienteId, {
      importe: 500,
      metodo: 'efectivo',
      aplicacion: 'elegida',
      partidas: [{ tipo: 'tratamiento', id: recent }],
    });
    const paidOff = await pay(ana, pacienteId, {
      importe: 100,
      metodo: 'efectivo',
      aplicacion: 'elegida',
      partidas: [{ tipo: 'tratamiento', id: recent }],
    });
    expect(paidOff.status).toBe(422);
    expect((await errorOf(paidOff)).message).toBe(PAYMENT_MESSAGES.itemsInvalid);
  });

  it('refuses a zero, negative or fractional amount, another country’s method and a future date', async () => {
    const pacienteId = await newPatient(ana);
    await treatment(ana, pacienteId, 5000, 1);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ importe: 0, metodo: 'efectivo' }, 'importe', PAYMENT_MESSAGES.amountInvalid],
      [{ importe: -100, metodo: 'efectivo' }, 'importe', PAYMENT_MESSAGES.amountInvalid],
      [{ importe: 12.5, metodo: 'efectivo' }, 'importe', PAYMENT_MESSAGES.amountDecimals],
      [{ importe: 100, metodo: 'nequi' }, 'metodo', PAYMENT_MESSAGES.methodOfOtherCountry],
      [{ importe: 100, metodo: 'efectivo', fecha: daysAgo(-1) }, 'fecha', PAYMENT_MESSAGES.dateFuture],
    ];
    for (const [json, field, message] of cases) {
      const res = await pay(ana, pacienteId, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect((await errorOf(res)).fields?.[field]).toBe(message);
    }
    const wrongType = await pay(ana, pacienteId, { importe: '100', metodo: 'efectivo' });
    expect(wrongType.status).toBe(400);
    expect(await paymentsOf(pacienteId)).toBe(0);

    // Colombia takes Nequi and Daviplata, not Bizum.
    const colombiano = await newPatient(bogota);
    await treatment(bogota, colombiano, 50000, 1, { moneda: 'COP' });
    const bizum = await pay(bogota, colombiano, { importe: 20000, metodo: 'bizum' });
    expect(bizum.status).toBe(422);
    expect((await errorOf(bizum)).fields?.metodo).toBe(PAYMENT_MESSAGES.methodOfOtherCountry);
    expect(await paymentsOf(colombiano)).toBe(0);
    const nequi = await payOk(bogota, colombiano, { importe: 20000, metodo: 'nequi' });
    expect(nequi.cobro.moneda).toBe('COP');
    expect(nequi.cuenta.metodos).toEqual(['efectivo', 'tarjeta', 'transferencia', 'nequi', 'daviplata']);
  });

  it('dates a past day’s payment at its noon in that day’s cash; a closed past day refuses it (409) and writes nothing', async () => {
    const pacienteId = await newPatient(ana);
    await treatment(ana, pacienteId, 5000, 5);
    const ayer = daysAgo(1);
    const past = await payOk(ana, pacienteId, { importe: 1000, metodo: 'efectivo', fecha: ayer });
    expect(past.cobro.diaCaja).toBe(ayer);
    expect(todayInZone(ZONE, new Date(past.cobro.fecha))).toBe(ayer);
    expect(formatDateTime(past.cobro.fecha, ZONE).endsWith('12:00')).toBe(true);

    const cerrado = daysAgo(2);
    await closeCash(ana.clinica.id, ana.userId, cerrado);
    const before = {
      pagos: await paymentsOf(pacienteId),
      numero: await counterOf(ana.clinica.id),
      audit: (await auditOf(pacienteId)).length,
    };
    const res = await pay(ana, pacienteId, { importe: 1000, metodo: 'efectivo', fecha: cerrado });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(PAYMENT_MESSAGES.dayClosed(cerrado.split('-').reverse().join('/')));
    expect(await paymentsOf(pacienteId)).toBe(before.pagos);
    expect(await counterOf(ana.clinica.id)).toBe(before.numero);
    expect((await auditOf(pacienteId)).length).toBe(before.audit);
    // Another member's cash of that day is theirs: Recepción's is open.
    const theirs = await payOk(recepcion, pacienteId, { importe: 1000, metodo: 'efectivo', fecha: cerrado });
    expect(theirs.cobro.diaCaja).toBe(cerrado);
  });

  it('sends a payment to the member’s next day once today’s cash is closed', async () => {
    const owner = await createClinicOwner(t, { nombre: 'Clínica Cerrada' });
    const pacienteId = await newPatient(owner);
    await closeCash(owner.clinica.id, owner.userId, hoy());
    const res = await payOk(owner, pacienteId, { importe: 1000, metodo: 'efectivo' });
    expect(res.cobro.diaCaja).toBe(daysAgo(-1));
    expect(res.cobro.anticipo).toBe(1000);
    // An annulment goes there too, and says so.
    const annulled = await annul(owner, res.cobro.id);
    expect(annulled.status).toBe(200);
    const body = (await annulled.json()) as { cuenta: PatientAccount; mensaje: string };
    expect(body.mensaje).toBe(PAYMENT_MESSAGES.annulDayClosed);
    expect(body.cuenta.cobros.find((p) => p.tipo === 'anulacion')?.diaCaja).toBe(daysAgo(-1));
  });
});

describe('applying an advance', () => {
  const applyAdvance = (member: Member, pacienteId: string) =>
    t.request(`/api/pacientes/${pacienteId}/anticipo/aplicar`, { method: 'POST', cookie: member.cookie });

  it('pays what is owed, oldest first, from the oldest advances first, keeps the rest on account, and audits it', async () => {
    const pacienteId = await newPatient(ana);
    const first = await payOk(ana, pacienteId, { importe: 1000, metodo: 'efectivo', aplicacion: 'anticipo' });
    const second = await payOk(recepcion, pacienteId, { importe: 3000, metodo: 'tarjeta', aplicacion: 'anticipo' });
    // Nothing owed yet: nothing to apply, and nothing changes.
    const early = await applyAdvance(ana, pacienteId);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(PAYMENT_MESSAGES.advanceNothingPending);

    const a = await treatment(ana, pacienteId, 1500, 3);
    const b = await treatment(ana, pacienteId, 2000, 1);
    const c = await treatment(ana, pacienteId, 900, 0);
    const res = await applyAdvance(recepcion, pacienteId);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { aplicado: number; cuenta: PatientAccount; mensaje: string };
    expect(body.aplicado).toBe(4000);
    expect(body.mensaje).toBe(PAYMENT_MESSAGES.advanceApplied(formatMoney(4000, 'EUR')));
    expect(body.cuenta.partidas.map((p) => [p.id, p.pagado, p.pendiente])).toEqual([
      [a, 1500, 0],
      [b, 2000, 0],
      [c, 500, 400],
    ]);
    // The oldest advance paid the oldest treatment first; each payment lists what it now pays.
    const byId = new Map(body.cuenta.cobros.map((p) => [p.id, p]));
    expect(byId.get(first.cobro.id)!.aplicaciones.map((x) => [x.id, x.importe])).toEqual([[a, 1000]]);
    expect(byId.get(second.cobro.id)!.aplicaciones.map((x) => [x.id, x.importe])).toEqual([
      [a, 500],
      [b, 2000],
      [c, 500],
    ]);
    expect([byId.get(first.cobro.id)!.anticipo, byId.get(second.cobro.id)!.anticipo]).toEqual([0, 0]);
    expect(byId.get(second.cobro.id)!.aplicaciones.every((x) => x.delAnticipo)).toBe(true);
    // Their receipts still show them as taken: all on account, nothing applied.
    expect(asTaken(byId.get(first.cobro.id)!)).toEqual({ aplicaciones: [], anticipo: 1000 });
    expect(asTaken(byId.get(second.cobro.id)!)).toEqual({ aplicaciones: [], anticipo: 3000 });
    expect(body.cuenta.totales).toMatchObject({ realizado: 4400, cobrado: 4000, anticipo: 0, saldo: 400 });
    expect(body.cuenta.totales.saldo).toBe(await balanceInDb(pacienteId));
    expect((await auditOf(pacienteId)).filter((x) => x === 'anticipo.aplicar')).toHaveLength(1);

    // Nothing left on account: refused, nothing changes.
    const again = await applyAdvance(ana, pacienteId);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(PAYMENT_MESSAGES.advanceNone);
    expect((await accountOf(ana, pacienteId)).partidas.map((p) => p.pendiente)).toEqual([0, 0, 400]);
  });

  it('leaves what is left over on account, ignores an annulled advance, and keeps to the clinic and the permission', async () => {
    const pacienteId = await newPatient(ana);
    const annulled = await payOk(ana, pacienteId, { importe: 5000, metodo: 'efectivo', aplicacion: 'anticipo' });
    expect((await annul(ana, annulled.cobro.id)).status).toBe(200);
    const kept = await payOk(ana, pacienteId, { importe: 2000, metodo: 'efectivo', aplicacion: 'anticipo' });
    const a = await treatment(ana, pacienteId, 1200, 1);

    const dentista = await addTeamMember(t, ana.clinica.id, 'Dentista', 'dentista');
    expect((await applyAdvance(dentista, pacienteId)).status).toBe(403);
    const foreign = await applyAdvance(beto, pacienteId);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).message).toBe(PAYMENT_MESSAGES.patientNotFound);
    expect((await accountOf(ana, pacienteId)).partidas.map((p) => p.pagado)).toEqual([0]);

    const res = await applyAdvance(ana, pacienteId);
    expect(res.status).toBe(200);
    const { aplicado, cuenta } = (await res.json()) as { aplicado: number; cuenta: PatientAccount };
    expect(aplicado).toBe(1200);
    expect(cuenta.partidas.map((p) => [p.id, p.pendiente])).toEqual([[a, 0]]);
    const byId = new Map(cuenta.cobros.map((p) => [p.id, p]));
    expect(byId.get(kept.cobro.id)!.anticipo).toBe(800);
    expect(byId.get(annulled.cobro.id)!.aplicaciones).toEqual([]);
    expect(cuenta.totales).toMatchObject({ anticipo: 800, saldo: -800 });
  });
});

describe('annulling a payment', () => {
  it('writes a reversing entry: the balance goes back up and both stay on the account', async () => {
    const pacienteId = await newPatient(ana);
    const tr = await treatment(ana, pacienteId, 3000, 3);
    // Recepción registers payments but does not annul them.
    const { cobro } = await payOk(recepcion, pacienteId, { importe: 3000, metodo: 'tarjeta' });
    expect(await balanceInDb(pacienteId)).toBe(0);
    const denied = await annul(recepcion, cobro.id);
    expect(denied.status).toBe(403);

    const res = await annul(ana, cobro.id, 'Cobrado dos veces');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { cobro: Payment; cuenta: PatientAccount; mensaje: string };
    expect(body.mensaje).toBe(PAYMENT_MESSAGES.annulled);
    expect(body.cobro.id).toBe(cobro.id);
    expect(body.cobro.anulacion).toMatchObject({ motivo: 'Cobrado dos veces' });
    const reversal = body.cuenta.cobros.find((p) => p.tipo === 'anulacion')!;
    expect(reversal).toMatchObject({
      id: body.cobro.anulacion!.id,
      importe: -3000,
      metodo: 'tarjeta',
      numero: null,
      motivo: 'Cobrado dos veces',
      anula: { id: cobro.id, numero: cobro.numero },
      cobradoPor: { id: ana.userId },
      diaCaja: hoy(),
    });
    expect(body.cuenta.cobros.map((p) => p.id)).toEqual([reversal.id, cobro.id]);
    expect(body.cuenta.partidas.find((p) => p.id === tr)).toMatchObject({ pagado: 0, pendiente: 3000 });
    expect(body.cuenta.totales).toMatchObject({ cobrado: 0, saldo: 3000, anticipo: 0 });
    expect(await balanceInDb(pacienteId)).toBe(3000);

    const again = await annul(ana, cobro.id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(PAYMENT_MESSAGES.alreadyAnnulled);
    const ofReversal = await annul(ana, reversal.id);
    expect(ofReversal.status).toBe(409);
    const noReason = await annul(ana, cobro.id, '  ');
    expect((await errorOf(noReason)).fields?.motivo).toBe(PAYMENT_MESSAGES.annulReasonRequired);
    expect(await paymentsOf(pacienteId)).toBe(2);

    // The annulled receipt still downloads, marked ANULADO; the audit trail has both.
    const receipt = await t.request(`/api/cobros/${cobro.id}/recibo`, { cookie: ana.cookie });
    expect(receipt.status).toBe(200);
    expect((await auditOf(pacienteId)).filter((a) => a.startsWith('cobro.'))).toEqual([
      'cobro.registrar',
      'cobro.anular',
    ]);
  });
});

describe('receipt numbers', () => {
  it('gives 50 concurrent payments at two desks 50 consecutive numbers, without gaps or repeats', async () => {
    const owner = await createClinicOwner(t, { nombre: 'Clínica Concurrida' });
    const desk = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const patients = await Promise.all([1, 2, 3, 4, 5].map(() => newPatient(owner)));
    const treatments = await Promise.all(patients.map((p) => treatment(owner, p, 10000, 3)));
    // A refused payment in the middle takes no number.
    const results = await Promise.all([
      ...Array.from({ length: 50 }, (_, i) =>
        pay(i % 2 ? desk : owner, patients[i % 5], { importe: 1500, metodo: i % 3 ? 'efectivo' : 'tarjeta' }),
      ),
      pay(owner, patients[0], { importe: 1500, metodo: 'nequi' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([...Array<number>(50).fill(201), 422]);
    const numbers = (
      await Promise.all(results.slice(0, 50).map(async (r) => ((await r.json()) as { cobro: Payment }).cobro.numero!))
    ).sort();
    const year = hoy().slice(0, 4);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `R-${year}-${String(i + 1).padStart(6, '0')}`));
    // Each patient's payments were allocated one after another: no treatment was paid twice over.
    for (const id of treatments) {
      const [{ total }] = await t.db
        .select({ total: sql<number>`sum(${aplicacionesCobro.importe})::int` })
        .from(aplicacionesCobro)
        .where(eq(aplicacionesCobro.tratamientoId, id));
      expect(total).toBe(10000);
    }
    for (const p of patients)
      expect((await accountOf(owner, p)).totales).toMatchObject({ saldo: -5000, anticipo: 5000 });
  });
});

describe('isolation, permissions, PDFs and audit', () => {
  it('answers 404 for another clinic’s or an archived patient and another clinic’s payment', async () => {
    const pacienteId = await newPatient(ana);
    await treatment(ana, pacienteId, 1000, 1);
    const { cobro } = await payOk(ana, pacienteId, { importe: 500, metodo: 'efectivo' });
    const requests: [string, RequestInit & { json?: unknown }][] = [
      [`/api/pacientes/${pacienteId}/cuenta`, {}],
      [`/api/pacientes/${pacienteId}/cuenta/pdf`, {}],
      [`/api/pacientes/${pacienteId}/cobros`, { method: 'POST', json: { importe: 100, metodo: 'efectivo' } }],
      [`/api/cobros/${cobro.id}`, {}],
      [`/api/cobros/${cobro.id}/recibo`, {}],
      [`/api/cobros/${cobro.id}/recibo/email`, { method: 'POST' }],
      [`/api/cobros/${cobro.id}/anular`, { method: 'POST', json: { motivo: 'No es mío' } }],
      ['/api/cobros/no-es-un-id', {}],
    ];
    for (const [path, init] of requests) {
      const res = await t.request(path, { ...init, cookie: beto.cookie });
      expect(res.status, path).toBe(404);
      const { message } = await errorOf(res);
      expect([PAYMENT_MESSAGES.notFound, PAYMENT_MESSAGES.patientNotFound]).toContain(message);
    }
    expect(await paymentsOf(pacienteId)).toBe(1);
    expect((await t.request(`/api/cobros/${cobro.id}`, { cookie: ana.cookie })).status).toBe(200);

    await t.db.update(pacientes).set({ fechaArchivado: new Date() }).where(eq(pacientes.id, pacienteId));
    expect((await t.request(`/api/pacientes/${pacienteId}/cuenta`, { cookie: ana.cookie })).status).toBe(404);
    expect((await pay(ana, pacienteId, { importe: 100, metodo: 'efectivo' })).status).toBe(404);
  });

  it('needs cobros.ver to read and cobros.registrar to take a payment', async () => {
    const dentista = await addTeamMember(t, ana.clinica.id, 'Dentista', 'dentista');
    const pacienteId = await newPatient(ana);
    expect((await t.request(`/api/pacientes/${pacienteId}/cuenta`, { cookie: dentista.cookie })).status).toBe(200);
    expect((await pay(dentista, pacienteId, { importe: 100, metodo: 'efectivo' })).status).toBe(403);
    expect(await paymentsOf(pacienteId)).toBe(0);
  });

  it('downloads the receipt and the statement as PDFs, emails the receipt, and audits each', async () => {
    const sinEmail = await newPatient(ana);
    const pacienteId = await newPatient(ana, { nombres: 'Marta', apellidos: 'Ruiz', email: 'marta.ruiz@ejemplo.test' });
    await treatment(ana, pacienteId, 2500, 2);
    const { cobro } = await payOk(ana, pacienteId, { importe: 3000, metodo: 'bizum', referencia: 'BZ-1' });
    await accountOf(ana, pacienteId);

    const receipt = await t.request(`/api/cobros/${cobro.id}/recibo`, { cookie: recepcion.cookie });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(receipt.headers.get('content-disposition')).toBe(`attachment; filename="recibo-${cobro.numero}.pdf"`);
    expect(
      Buffer.from(await receipt.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');

    const statement = await t.request(`/api/pacientes/${pacienteId}/cuenta/pdf`, { cookie: ana.cookie });
    expect(statement.status).toBe(200);
    expect(
      Buffer.from(await statement.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');

    const sent = await t.request(`/api/cobros/${cobro.id}/recibo/email`, { method: 'POST', cookie: ana.cookie });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { mensaje: string }).mensaje).toBe(
      PAYMENT_MESSAGES.receiptSent('marta.ruiz@ejemplo.test'),
    );
    const [message] = (await readOutbox(t.deps.mailer.outboxDir!)).filter((m) => m.to.includes('marta.ruiz'));
    expect(message.subject).toBe(PAYMENT_MESSAGES.receiptSubject('Clínica Ana', cobro.numero!));
    expect(message.attachments.map((a) => a.filename)).toEqual([`recibo-${cobro.numero}.pdf`]);

    const other = await payOk(ana, sinEmail, { importe: 100, metodo: 'efectivo' });
    const noEmail = await t.request(`/api/cobros/${other.cobro.id}/recibo/email`, {
      method: 'POST',
      cookie: ana.cookie,
    });
    expect(noEmail.status).toBe(422);
    expect((await errorOf(noEmail)).message).toBe(PAYMENT_MESSAGES.noEmail);

    expect(await auditOf(pacienteId)).toEqual([
      'paciente.crear',
      'cobro.registrar',
      'cuenta.ver',
      'recibo.descargar',
      'cuenta.descargar',
      'recibo.enviar',
    ]);
    const [registered] = await t.db
      .select({ detalle: auditoria.detalle })
      .from(auditoria)
      .where(and(eq(auditoria.pacienteId, pacienteId), eq(auditoria.accion, 'cobro.registrar')));
    expect(registered.detalle).toEqual({ recibo: cobro.numero, importe: 3000 });
  });
});
