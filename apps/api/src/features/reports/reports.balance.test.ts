import { presetRange, todayInZone, type BalanceReport, type DebtorPage } from '@odontia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacientes, tratamientosRealizados } from '../../db/schema/index.ts';
import { createClinicOwner, createTestApp, type TestApp } from '../../test/app.ts';

/**
 * The balance report's «Saldo pendiente» and the total of 'Pacientes con saldo pendiente' (/saldos) are
 * one figure by one rule (platform/balance.ts): what patients owe the clinic, one patient's advance never
 * lowering another patient's debt. Payments and annulments go through the API, as the desk takes them.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createClinicOwner>>;
const ZONE = 'Europe/Madrid';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createClinicOwner(t, { nombre: 'Clínica Saldo' });
});
afterAll(() => t.close());

let counter = 0;
async function patient() {
  counter += 1;
  const [row] = await t.db
    .insert(pacientes)
    .values({ clinicaId: owner.clinica.id, nombres: 'Paciente', apellidos: `Saldo ${counter}` })
    .returning({ id: pacientes.id });
  return row!.id;
}

async function treatment(pacienteId: string, importe: number) {
  await t.db.insert(tratamientosRealizados).values({
    clinicaId: owner.clinica.id,
    pacienteId,
    descripcion: 'Corona',
    fecha: new Date(),
    importe,
    moneda: 'EUR',
  });
}

async function pay(pacienteId: string, importe: number, aplicacion: 'automatica' | 'anticipo' = 'automatica') {
  const res = await t.request(`/api/pacientes/${pacienteId}/cobros`, {
    method: 'POST',
    cookie: owner.cookie,
    json: { importe, metodo: 'efectivo', aplicacion },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { cobro: { id: string } }).cobro.id;
}

/** The report for this month up to today, and the list's first page. */
async function both() {
  const hoy = todayInZone(ZONE);
  const { desde } = presetRange('mes', hoy, 1);
  const report = await t.request(`/api/reportes/saldo?desde=${desde}&hasta=${hoy}`, { cookie: owner.cookie });
  expect(report.status).toBe(200);
  const list = await t.request('/api/saldos', { cookie: owner.cookie });
  expect(list.status).toBe(200);
  return { report: (await report.json()) as BalanceReport, list: (await list.json()) as DebtorPage };
}

describe("the balance report's «Saldo pendiente» and /saldos", () => {
  it('agree: one patient owes, another has an advance, and the advance does not lower the debt', async () => {
    const owes = await patient();
    const ahead = await patient();
    await treatment(owes, 30_000);
    await pay(owes, 5_000);
    await pay(ahead, 10_000, 'anticipo');

    const { report, list } = await both();
    expect(list.importeTotal).toBe(25_000);
    expect(list.total).toBe(1);
    expect(list.pacientes.map((d) => [d.paciente.id, d.saldo])).toEqual([[owes, 25_000]]);
    expect(report.pendiente).toBe(list.importeTotal);
    expect(report.deudores).toBe(list.total);
    // Production less collections nets the advance against the debt: 30,000 - 15,000.
    expect(report.produccion - report.cobros).toBe(15_000);
  });

  it('agree as payments, annulments and archiving move the balances', async () => {
    const owes = await patient();
    const ahead = await patient();
    await treatment(owes, 8_000);
    const advance = await pay(ahead, 2_000, 'anticipo');
    // The patient with the advance is done a treatment smaller than it: still no debt.
    await treatment(ahead, 1_500);

    let { report, list } = await both();
    expect(list.importeTotal).toBe(25_000 + 8_000);
    expect(report.pendiente).toBe(list.importeTotal);

    // The advance annulled: the treatment is owed again.
    const annul = await t.request(`/api/cobros/${advance}/anular`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { motivo: 'Cobrado por error' },
    });
    expect(annul.status).toBe(200);
    ({ report, list } = await both());
    expect(list.importeTotal).toBe(25_000 + 8_000 + 1_500);
    expect(list.total).toBe(3);
    expect(report.pendiente).toBe(list.importeTotal);
    expect(report.deudores).toBe(3);

    // Paid more than owed: the rest is the patient's credit, which lowers no one else's debt.
    await pay(owes, 10_000);
    ({ report, list } = await both());
    expect(list.importeTotal).toBe(25_000 + 1_500);
    expect(report.pendiente).toBe(list.importeTotal);

    // An archived patient is not listed, and not counted either.
    await t.db.update(pacientes).set({ fechaArchivado: new Date() }).where(eq(pacientes.id, ahead));
    ({ report, list } = await both());
    expect(list.importeTotal).toBe(25_000);
    expect([report.pendiente, report.deudores]).toEqual([list.importeTotal, list.total]);
    await t.db.update(pacientes).set({ fechaArchivado: null }).where(eq(pacientes.id, ahead));
    ({ report, list } = await both());
    expect(list.importeTotal).toBe(25_000 + 1_500);
    expect(report.pendiente).toBe(list.importeTotal);
  });
});
