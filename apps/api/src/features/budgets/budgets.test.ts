import {
  applyStatus,
  BUDGET_MESSAGES,
  emptyChart,
  todayInZone,
  type Budget,
  type BudgetPage,
  type BudgetSummary,
  type CatalogItem,
} from '@odontia/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, lineasPresupuesto, presupuestos } from '../../db/schema/index.ts';
import { budgetTestKit } from './budgets.test-kit.ts';
import { createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

let t: TestApp;
const { createItem, saveChart, createBudget, getBudget } = budgetTestKit(() => t);
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;
let ana: Owner;
let beto: Owner;
let obturacion: CatalogItem;
let blanqueamiento: CatalogItem;
const today = () => todayInZone('Europe/Madrid');
const year = () => today().slice(0, 4);

async function newPatient(owner: Owner, nombres = 'Lucía') {
  const res = await t.client(owner.cookie).pacientes.$post({ json: { nombres, apellidos: 'Gómez' } });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

/** A patient whose chart plans a filling on two surfaces of 16 and a whitening of the whole 21. */
async function plannedPatient(owner: Owner) {
  const id = await newPatient(owner);
  let chart = emptyChart();
  const filling = { etapa: 'planificado', servicioId: obturacion.id } as const;
  chart = applyStatus(chart, { tooth: 16, surface: 'center' }, 'cavity', filling);
  chart = applyStatus(chart, { tooth: 16, surface: 'top' }, 'cavity', filling);
  chart = applyStatus(chart, { tooth: 21, surface: null }, 'crown', {
    etapa: 'planificado',
    servicioId: blanqueamiento.id,
  });
  await saveChart(owner, id, chart);
  return id;
}

const put = (owner: Owner, id: string, json: unknown) =>
  t.request(`/api/presupuestos/${id}`, { method: 'PUT', cookie: owner.cookie, json });
const post = (owner: Owner, id: string, action: 'enviar' | 'rechazar') =>
  t.request(`/api/presupuestos/${id}/${action}`, { method: 'POST', cookie: owner.cookie });

/** The editor's body for a budget as it is (every line as read back), with changes. */
const formOf = (b: Budget, changes: Record<string, unknown> = {}) => ({
  validoHasta: b.validoHasta,
  condiciones: b.condiciones,
  lineas: b.lineas.map(({ id: _id, importes: _i, puntosBasicos: _p, ...line }) => line),
  ...changes,
});

beforeAll(async () => {
  t = await createTestApp();
  ana = await createClinicOwner(t, { nombre: 'Clínica Ana' });
  beto = await createClinicOwner(t, { nombre: 'Clínica Beto' });
  obturacion = await createItem(ana, { nombre: 'Obturación de composite', categoria: 'servicio', precioVenta: 6000 });
  blanqueamiento = await createItem(ana, {
    nombre: 'Blanqueamiento',
    categoria: 'servicio',
    precioVenta: 25000,
    estetico: true,
  });
});
afterAll(() => t.close());

describe('a budget from the chart (issue 23)', () => {
  it('takes each planned treatment as a line at the catalogue price with its tax, numbered per clinic', async () => {
    const pacienteId = await plannedPatient(ana);
    const budget = await createBudget(ana, pacienteId);
    expect(budget).toMatchObject({ numero: `P-${year()}-0001`, version: 1, estado: 'borrador', moneda: 'EUR' });
    expect(
      budget.lineas.map((l) => [l.descripcion, l.diente, l.superficies, l.precioUnitario, l.tipoImpuesto]),
    ).toEqual([
      ['Obturación de composite', 16, ['top', 'center'], 6000, 'ES_EXENTO'],
      ['Blanqueamiento', 21, [], 25000, 'ES_IVA_21'],
    ]);
    // Dental care exempt, the whitening at 21 %: 60 + 250 + 52,50 €.
    expect(budget.lineas[1].importes).toEqual({
      bruto: 25000,
      descuento: 0,
      base: 25000,
      impuesto: 5250,
      total: 30250,
    });
    expect(budget.totales.total).toBe(36250);
    expect(budget.validoHasta > today()).toBe(true);
    const audit = await t.db
      .select({ accion: auditoria.accion })
      .from(auditoria)
      .where(eq(auditoria.pacienteId, pacienteId));
    expect(audit.map((a) => a.accion)).toContain('presupuesto.crear');
    // The answer is the draft as stored: read back, it is the same.
    expect(await getBudget(ana, budget.id)).toEqual(budget);
    // The next one takes the next number, and a patient without a plan gets an empty draft.
    const other = await createBudget(ana, await newPatient(ana, 'Pedro'));
    expect(other).toMatchObject({ numero: `P-${year()}-0002`, lineas: [], totales: { total: 0 } });
  });

  it('never gives two budgets one number, nor leaves a gap, when desks create them at once', async () => {
    const pacienteId = await newPatient(ana, 'Marta');
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(presupuestos);
    const created = await Promise.all(Array.from({ length: 6 }, () => createBudget(ana, pacienteId)));
    const numbers = created.map((b) => Number(b.numero.slice(-4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers.at(-1)! - numbers[0]).toBe(5);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(presupuestos);
    expect(after[0].n - before[0].n).toBe(6);
  });

  it('computes every amount on the server: discounts, phases and options, whatever the client sends', async () => {
    const budget = await createBudget(ana, await plannedPatient(ana));
    const [filling, whitening] = formOf(budget).lineas;
    const res = await put(ana, budget.id, {
      ...formOf(budget),
      condiciones: 'Pago en dos fases.',
      lineas: [
        { ...filling, descuentoTipo: 'porcentaje', descuentoValor: 1000, total: 1, importes: { total: 1 } },
        { ...whitening, fase: 2, opcion: 'A', descuentoTipo: 'importe', descuentoValor: 5000 },
        { ...whitening, fase: 2, opcion: 'B', descripcion: 'Carilla estética', precioUnitario: 18000, cantidad: 2 },
      ],
      total: 1,
    });
    expect(res.status).toBe(200);
    const saved = ((await res.json()) as { presupuesto: Budget }).presupuesto;
    expect(saved.lineas.map((l) => l.importes.total)).toEqual([5400, 24200, 43560]);
    expect(saved.totales.comun.total).toBe(5400);
    expect(saved.totales.opciones).toEqual([
      expect.objectContaining({ opcion: 'A', totalConComun: 29600 }),
      expect.objectContaining({ opcion: 'B', totalConComun: 48960 }),
    ]);
    expect(saved.totales.fases).toEqual([
      { fase: 1, comun: expect.objectContaining({ total: 5400 }), opciones: [] },
      {
        fase: 2,
        comun: null,
        opciones: [
          { opcion: 'A', importes: expect.objectContaining({ total: 24200 }) },
          { opcion: 'B', importes: expect.objectContaining({ total: 43560 }) },
        ],
      },
    ]);
    expect(saved.total).toBe(29600);
    expect(saved.condiciones).toBe('Pago en dos fases.');
  });

  it('refuses a discount above the line, another clinic’s service, a tax of another country or a bad tooth, and changes nothing', async () => {
    const budget = await createBudget(ana, await plannedPatient(ana));
    const ajeno = await createItem(beto, { nombre: 'Limpieza de Beto', categoria: 'servicio', precioVenta: 3000 });
    const [line] = formOf(budget).lineas;
    for (const [lineas, message] of [
      [[{ ...line, descuentoTipo: 'importe', descuentoValor: 6001 }], BUDGET_MESSAGES.descuentoTooLarge],
      [[{ ...line, descuentoTipo: 'porcentaje', descuentoValor: 10_001 }], BUDGET_MESSAGES.descuentoPercentInvalid],
      [[{ ...line, servicioId: ajeno.id }], BUDGET_MESSAGES.servicioInvalid],
      [[{ ...line, tipoImpuesto: 'CO_IVA_19' }], BUDGET_MESSAGES.impuestoInvalid],
      [[{ ...line, diente: 19 }], BUDGET_MESSAGES.dienteInvalid],
      [[{ ...line, cantidad: -1 }], BUDGET_MESSAGES.cantidadInvalid],
      [[], BUDGET_MESSAGES.noLines],
    ] as const) {
      const res = await put(ana, budget.id, { ...formOf(budget), lineas });
      // A rule of ours is 422; a value of the wrong shape or range, 400 (platform/validation.ts).
      expect([400, 422], message).toContain(res.status);
      expect(JSON.stringify(await errorOf(res))).toContain(message);
    }
    const past = await put(ana, budget.id, { ...formOf(budget), validoHasta: '2020-01-01' });
    expect((await errorOf(past)).fields).toEqual({ validoHasta: BUDGET_MESSAGES.validoHastaPast });
    expect((await getBudget(ana, budget.id)).lineas.map((l) => l.importes.total)).toEqual(
      budget.lineas.map((l) => l.importes.total),
    );
  });
});

describe('sending, versions and answers', () => {
  it('keeps a sent budget as it was: a change makes the next version, and the sent one is locked', async () => {
    const budget = await createBudget(ana, await plannedPatient(ana));
    const sent = await post(ana, budget.id, 'enviar');
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { presupuesto: Budget }).presupuesto.estado).toBe('enviado');
    expect((await post(ana, budget.id, 'enviar')).status).toBe(409);

    const changed = await put(ana, budget.id, formOf(budget, { condiciones: 'Con un 10 % si paga al inicio.' }));
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as { presupuesto: Budget; mensaje: string };
    expect(body.mensaje).toBe(BUDGET_MESSAGES.newVersion(2));
    expect(body.presupuesto).toMatchObject({ numero: budget.numero, version: 2, estado: 'borrador' });
    expect(body.presupuesto.versiones.map((v) => [v.version, v.estado])).toEqual([
      [1, 'enviado'],
      [2, 'borrador'],
    ]);
    const first = await getBudget(ana, budget.id);
    expect(first).toMatchObject({ estado: 'enviado', sustituidoPor: body.presupuesto.id, condiciones: null });
    expect((await put(ana, budget.id, formOf(budget))).status).toBe(409);
    // The list shows each number once, at its latest version.
    const list = (await (await t.request('/api/presupuestos', { cookie: ana.cookie })).json()) as BudgetPage;
    expect(list.presupuestos.filter((b) => b.numero === budget.numero).map((b) => b.version)).toEqual([2]);
    // Both versions keep their own lines.
    const lines = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lineasPresupuesto)
      .where(eq(lineasPresupuesto.presupuestoId, budget.id));
    expect(lines[0].n).toBe(2);
  });

  it('records a refusal only of a sent budget, and then locks it; an empty draft cannot be sent', async () => {
    const budget = await createBudget(ana, await plannedPatient(ana));
    expect((await post(ana, budget.id, 'rechazar')).status).toBe(409);
    await post(ana, budget.id, 'enviar');
    const rejected = await post(ana, budget.id, 'rechazar');
    expect(((await rejected.json()) as { presupuesto: Budget }).presupuesto.estado).toBe('rechazado');
    expect((await put(ana, budget.id, formOf(budget))).status).toBe(409);
    const empty = await createBudget(ana, await newPatient(ana, 'Sin plan'));
    const refused = await post(ana, empty.id, 'enviar');
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).message).toBe(BUDGET_MESSAGES.noLines);
  });

  it('shows a sent budget past its validity as caducado, and lists by that state', async () => {
    const pacienteId = await plannedPatient(ana);
    const budget = await createBudget(ana, pacienteId);
    await post(ana, budget.id, 'enviar');
    await t.db.update(presupuestos).set({ validoHasta: '2025-01-31' }).where(eq(presupuestos.id, budget.id));
    expect((await getBudget(ana, budget.id)).estado).toBe('caducado');
    const expired = (await (
      await t.request('/api/presupuestos?estado=caducado', { cookie: ana.cookie })
    ).json()) as BudgetPage;
    expect(expired.presupuestos.map((b) => b.id)).toEqual([budget.id]);
    const ofPatient = (await (
      await t.request(`/api/pacientes/${pacienteId}/presupuestos`, { cookie: ana.cookie })
    ).json()) as BudgetSummary[];
    expect(ofPatient.map((b) => b.estado)).toEqual(['caducado']);
  });

  it('follows up a sent budget at the desk: the next call and a note, listed when due, without a new version', async () => {
    const budget = await createBudget(ana, await plannedPatient(ana));
    const followUp = (json: unknown) =>
      t.request(`/api/presupuestos/${budget.id}/seguimiento`, { method: 'PUT', cookie: ana.cookie, json });
    // A draft has nothing to follow up.
    expect((await followUp({ fecha: today(), nota: null })).status).toBe(409);
    await post(ana, budget.id, 'enviar');
    const saved = await followUp({ fecha: today(), nota: 'Lo consulta con su pareja; llamar el lunes.' });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as { presupuesto: Budget; mensaje: string };
    expect(body.mensaje).toBe(BUDGET_MESSAGES.followUpSaved);
    expect(body.presupuesto).toMatchObject({
      version: 1,
      estado: 'enviado',
      seguimiento: { fecha: today(), nota: 'Lo consulta con su pareja; llamar el lunes.' },
    });
    const due = (await (await t.request('/api/presupuestos/seguimiento-hoy', { cookie: ana.cookie })).json()) as {
      presupuestos: BudgetSummary[];
      total: number;
    };
    expect(due.presupuestos.map((b) => b.id)).toContain(budget.id);
    const pending = (await (
      await t.request('/api/presupuestos?pendientes=true', { cookie: ana.cookie })
    ).json()) as BudgetPage;
    expect(pending.presupuestos.every((b) => b.estado === 'enviado')).toBe(true);
    expect(pending.presupuestos[0].id).toBe(budget.id);
    const past = await followUp({ fecha: '2020-01-01', nota: null });
    expect((await errorOf(past)).fields).toEqual({ fecha: BUDGET_MESSAGES.followUpDatePast });
    expect((await followUp({ fecha: 'mañana', nota: null })).status).toBe(400);
    expect(
      (
        await t.request(`/api/presupuestos/${budget.id}/seguimiento`, {
          method: 'PUT',
          cookie: beto.cookie,
          json: { fecha: today(), nota: null },
        })
      ).status,
    ).toBe(404);
  });

  it('draws its PDF to download, written to the audit trail; another clinic’s is not found', async () => {
    const budget = await createBudget(ana, await plannedPatient(ana));
    const res = await t.request(`/api/presupuestos/${budget.id}/pdf`, { cookie: ana.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="presupuesto-${budget.numero}-lucia-gomez.pdf"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.byteLength).toBeGreaterThan(2000);
    const [row] = await t.db
      .select({ detalle: auditoria.detalle })
      .from(auditoria)
      .where(and(eq(auditoria.pacienteId, budget.paciente.id), eq(auditoria.accion, 'presupuesto.descargar')));
    expect(row.detalle).toEqual({ presupuesto: budget.numero });
    expect((await t.request(`/api/presupuestos/${budget.id}/pdf`, { cookie: beto.cookie })).status).toBe(404);
  });

  it('answers another clinic’s budget and patient as not found, and changes nothing of them', async () => {
    const budget = await createBudget(ana, await plannedPatient(ana));
    expect((await t.request(`/api/presupuestos/${budget.id}`, { cookie: beto.cookie })).status).toBe(404);
    expect((await put(beto, budget.id, formOf(budget))).status).toBe(404);
    expect((await post(beto, budget.id, 'enviar')).status).toBe(404);
    const patient = budget.paciente.id;
    expect(
      (await t.request(`/api/pacientes/${patient}/presupuestos`, { method: 'POST', cookie: beto.cookie })).status,
    ).toBe(404);
    expect((await t.request(`/api/pacientes/${patient}/presupuestos`, { cookie: beto.cookie })).status).toBe(404);
    const [row] = await t.db
      .select({ estado: presupuestos.estado })
      .from(presupuestos)
      .where(and(eq(presupuestos.id, budget.id)));
    expect(row.estado).toBe('borrador');
    const list = (await (await t.request('/api/presupuestos', { cookie: beto.cookie })).json()) as BudgetPage;
    expect(list.total).toBe(0);
  });
});
