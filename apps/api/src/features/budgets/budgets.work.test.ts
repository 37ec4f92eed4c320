import {
  applyStatus,
  BUDGET_MESSAGES,
  CATALOG_MESSAGES,
  emptyChart,
  type Budget,
  type CatalogItem,
  type OdontogramChart,
  type PatientPlan,
} from '@odontia/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditoria,
  movimientosStock,
  notificaciones,
  odontogramaVersiones,
  productos,
  tratamientosRealizados,
  usuarios,
} from '../../db/schema/index.ts';
import { drawnSignaturePng } from '../../platform/signature.ts';
import { budgetTestKit } from './budgets.test-kit.ts';
import { addTeamMember, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

let t: TestApp;
const { createItem, saveChart, createBudget } = budgetTestKit(() => t);
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;
let ana: Owner;
let beto: Owner;
let firma: string;

const stockOf = async (id: string) =>
  (await t.db.select({ s: productos.stockActual }).from(productos).where(eq(productos.id, id)))[0].s;

/** A service with a kit of its own supplies (stocks given), so each test counts its own stock. */
/** The patient's audit actions, oldest first. */
const auditOf = async (pacienteId: string) =>
  (
    await t.db
      .select({ accion: auditoria.accion })
      .from(auditoria)
      .where(eq(auditoria.pacienteId, pacienteId))
      .orderBy(asc(auditoria.id))
  ).map((a) => a.accion);

async function serviceWithKit(
  owner: Owner,
  nombre: string,
  supplies: { nombre: string; stock: number | null; cantidad: number; minimo?: number }[],
) {
  const items = [];
  for (const s of supplies)
    items.push(
      await createItem(owner, {
        nombre: s.nombre,
        categoria: 'insumo',
        stockActual: s.stock,
        stockMinimo: s.minimo ?? null,
      }),
    );
  const service = await createItem(owner, {
    nombre,
    categoria: 'servicio',
    precioVenta: 6000,
    kit: items.map((item, i) => ({ insumoId: item.id, cantidad: supplies[i].cantidad })),
  });
  return { service, supplies: items };
}

/** A patient whose chart plans `service` on the given teeth's occlusal surface, and their budget accepted at the desk. */
async function acceptedBudget(owner: Owner, service: CatalogItem, teeth: number[], accept?: (b: Budget) => string[]) {
  const res = await t.client(owner.cookie).pacientes.$post({ json: { nombres: 'Lucía', apellidos: 'Gómez' } });
  const pacienteId = (await res.json()).id;
  let chart = emptyChart();
  for (const tooth of teeth) {
    chart = applyStatus(chart, { tooth: tooth as 16, surface: 'center' }, 'cavity', {
      etapa: 'planificado',
      servicioId: service.id,
    });
  }
  await saveChart(owner, pacienteId, chart);
  const draft = await createBudget(owner, pacienteId);
  const accepted = await t.request(`/api/presupuestos/${draft.id}/aceptar`, {
    method: 'POST',
    cookie: owner.cookie,
    json: {
      lineas: accept ? accept(draft) : draft.lineas.map((l) => l.id),
      firmante: 'Lucía Gómez',
      firma,
      acepto: true,
    },
  });
  expect(accepted.status).toBe(200);
  return { pacienteId, budget: ((await accepted.json()) as { presupuesto: Budget }).presupuesto };
}

const markDone = (owner: Owner, lineaId: string, json: Record<string, unknown> = {}) =>
  t.request(`/api/presupuestos/lineas/${lineaId}/realizar`, { method: 'POST', cookie: owner.cookie, json });

beforeAll(async () => {
  t = await createTestApp();
  ana = await createClinicOwner(t, { nombre: 'Clínica Ana' });
  beto = await createClinicOwner(t, { nombre: 'Clínica Beto' });
  firma = (await drawnSignaturePng(() => 0.5)).toString('base64');
});
afterAll(() => t.close());

describe('work done from a budget (issue 23)', () => {
  it('records the treatment at the line’s total, turns the chart entry done and consumes the kit, linked', async () => {
    const { service, supplies } = await serviceWithKit(ana, 'Obturación con kit', [
      { nombre: 'Composite A2', stock: 10, cantidad: 2 },
      { nombre: 'Guantes nitrilo', stock: 5, cantidad: 1 },
    ]);
    const { pacienteId, budget } = await acceptedBudget(ana, service, [16]);
    const [line] = budget.lineas;
    const auditBefore = await auditOf(pacienteId);
    const res = await markDone(ana, line.id);
    expect(res.status).toBe(200);
    // Its audit rows are the change's: the chart's version and the line done, not a view of the answer.
    expect((await auditOf(pacienteId)).slice(auditBefore.length).sort()).toEqual([
      'odontograma.guardar',
      'presupuesto.realizar',
    ]);
    const body = (await res.json()) as { presupuesto: Budget; mensaje: string; faltantes: unknown[] };
    expect(body.mensaje).toBe(BUDGET_MESSAGES.lineDone);
    expect(body.faltantes).toEqual([]);
    expect(body.presupuesto.lineas[0].realizado).toMatchObject({ dentista: null });

    const [treatment] = await t.db
      .select()
      .from(tratamientosRealizados)
      .where(eq(tratamientosRealizados.pacienteId, pacienteId));
    expect(treatment).toMatchObject({
      servicioId: service.id,
      diente: 16,
      importe: 6000,
      moneda: 'EUR',
      lineaPresupuestoId: line.id,
    });
    // The chart's planned entry is done now, stamped by the server.
    const [latest] = await t.db
      .select({ carta: odontogramaVersiones.carta })
      .from(odontogramaVersiones)
      .where(eq(odontogramaVersiones.pacienteId, pacienteId))
      .orderBy(desc(odontogramaVersiones.version))
      .limit(1);
    const center = (
      latest.carta as Record<string, { superficies: Record<string, { etapa: string; realizado: unknown }> }>
    )['16'].superficies.center;
    expect(center.etapa).toBe('realizado');
    const [member] = await t.db.select({ nombres: usuarios.nombres }).from(usuarios).where(eq(usuarios.id, ana.userId));
    expect(member.nombres).not.toBe('');
    expect(center.realizado).toMatchObject({ autor: { id: ana.userId, nombre: member.nombres }, notaId: null });
    // The kit, from stock, as consumption movements naming the treatment.
    expect(await stockOf(supplies[0].id)).toBe(8);
    expect(await stockOf(supplies[1].id)).toBe(4);
    const moves = await t.db
      .select({
        producto: movimientosStock.productoId,
        cantidad: movimientosStock.cantidad,
        motivo: movimientosStock.motivo,
        faltante: movimientosStock.faltante,
        referencia: movimientosStock.referencia,
      })
      .from(movimientosStock)
      .where(eq(movimientosStock.referencia, treatment.id))
      .orderBy(asc(movimientosStock.cantidad));
    expect(moves).toEqual(
      expect.arrayContaining([
        { producto: supplies[0].id, cantidad: -2, motivo: 'consumo', faltante: 0, referencia: treatment.id },
        { producto: supplies[1].id, cantidad: -1, motivo: 'consumo', faltante: 0, referencia: treatment.id },
      ]),
    );
    // Done once.
    const again = await markDone(ana, line.id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(BUDGET_MESSAGES.lineAlreadyDone);
  });

  it('never refuses a treatment for lack of stock: the shortfall is recorded and told, the stock stays at 0', async () => {
    const { service, supplies } = await serviceWithKit(ana, 'Sellado con kit', [
      { nombre: 'Sellador', stock: 1, cantidad: 3 },
      // Never counted: nothing is taken, all of it is missing.
      { nombre: 'Gasas', stock: null, cantidad: 2 },
      // Enough, and it reaches its minimum: the usual low-stock notice.
      { nombre: 'Anestesia', stock: 3, cantidad: 1, minimo: 2 },
    ]);
    const { budget } = await acceptedBudget(ana, service, [26]);
    const res = await markDone(ana, budget.lineas[0].id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { mensaje: string; faltantes: { productoId: string }[] };
    expect([...body.faltantes].sort((a, b) => (a.productoId < b.productoId ? -1 : 1))).toEqual(
      [
        { productoId: supplies[0].id, nombre: 'Sellador', faltante: 2 },
        { productoId: supplies[1].id, nombre: 'Gasas', faltante: 2 },
      ].sort((a, b) => (a.productoId < b.productoId ? -1 : 1)),
    );
    expect(body.mensaje).toContain('2 × Sellador');
    expect(body.mensaje).toContain('2 × Gasas');
    expect(await stockOf(supplies[0].id)).toBe(0);
    expect(await stockOf(supplies[1].id)).toBe(null);
    expect(await stockOf(supplies[2].id)).toBe(2);
    const uncounted = await t.db
      .select({ cantidad: movimientosStock.cantidad, faltante: movimientosStock.faltante })
      .from(movimientosStock)
      .where(and(eq(movimientosStock.productoId, supplies[1].id), eq(movimientosStock.motivo, 'consumo')));
    expect(uncounted).toEqual([{ cantidad: 0, faltante: 2 }]);
    const low = await t.db
      .select({ mensaje: notificaciones.mensaje })
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, ana.userId), eq(notificaciones.titulo, CATALOG_MESSAGES.lowStockTitle)));
    expect(low.map((n) => n.mensaje)).toContain(CATALOG_MESSAGES.lowStockMessage('Anestesia', 2, 2));
    const [move] = await t.db
      .select({
        cantidad: movimientosStock.cantidad,
        faltante: movimientosStock.faltante,
        resultante: movimientosStock.stockResultante,
      })
      .from(movimientosStock)
      .where(and(eq(movimientosStock.productoId, supplies[0].id), eq(movimientosStock.motivo, 'consumo')));
    expect(move).toEqual({ cantidad: -1, faltante: 2, resultante: 0 });
    const told = await t.db
      .select({ titulo: notificaciones.titulo, mensaje: notificaciones.mensaje })
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, ana.userId), eq(notificaciones.titulo, CATALOG_MESSAGES.shortfallTitle)));
    expect(told).toHaveLength(1);
    expect(told[0].mensaje).toContain('Sellador');
    expect(told[0].mensaje).toContain('Gasas');
  });

  it('refuses a line not accepted, another clinic’s line or dentist, and shows the plan in money', async () => {
    const { service } = await serviceWithKit(ana, 'Obturación simple', []);
    const { pacienteId, budget } = await acceptedBudget(ana, service, [36, 46], (b) => [b.lineas[0].id]);
    const [accepted, refused] = budget.lineas;
    expect(budget.estado).toBe('aceptado_parcialmente');
    expect((await markDone(ana, refused.id)).status).toBe(409);
    expect((await markDone(beto, accepted.id)).status).toBe(404);
    const betoDentist = await t.request('/api/dentistas', {
      method: 'POST',
      cookie: beto.cookie,
      json: { nombres: 'Pedro', apellidos: 'Ruiz', especialidad: 'odontologia-general' },
    });
    expect(betoDentist.status).toBe(201);
    const wrong = await markDone(ana, accepted.id, { dentistaId: ((await betoDentist.json()) as { id: string }).id });
    expect(wrong.status).toBe(422);
    expect((await errorOf(wrong)).message).toBe(BUDGET_MESSAGES.dentistInvalid);
    // Nothing was recorded by the refusals.
    expect(
      await t.db.select().from(tratamientosRealizados).where(eq(tratamientosRealizados.pacienteId, pacienteId)),
    ).toEqual([]);

    const plan = async () => {
      const res = await t.request(`/api/pacientes/${pacienteId}/plan`, { cookie: ana.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as PatientPlan;
    };
    expect(await plan()).toEqual({
      moneda: 'EUR',
      planificado: { tratamientos: 2, importe: 12000 },
      aceptado: { tratamientos: 1, importe: 6000 },
      realizado: { tratamientos: 0, importe: 0 },
      pendiente: { tratamientos: 1, importe: 6000 },
    });
    expect((await markDone(ana, accepted.id)).status).toBe(200);
    expect(await plan()).toEqual({
      moneda: 'EUR',
      planificado: { tratamientos: 1, importe: 6000 },
      aceptado: { tratamientos: 1, importe: 6000 },
      realizado: { tratamientos: 1, importe: 6000 },
      pendiente: { tratamientos: 0, importe: 0 },
    });
    expect((await t.request(`/api/pacientes/${pacienteId}/plan`, { cookie: beto.cookie })).status).toBe(404);
  });

  it('a signed note whose procedure is a planned service records it done, at its accepted line, with its kit', async () => {
    const { service, supplies } = await serviceWithKit(ana, 'Endodoncia con kit', [
      { nombre: 'Limas', stock: 4, cantidad: 1 },
    ]);
    const other = await createItem(ana, { nombre: 'Revisión', categoria: 'servicio', precioVenta: 3000 });
    const { pacienteId, budget } = await acceptedBudget(ana, service, [46]);
    // The chart also plans a check-up with no budget: done at the catalogue price.
    const current = await t.request(`/api/pacientes/${pacienteId}/odontograma`, { cookie: ana.cookie });
    const { version, chart } = (await current.json()) as { version: number; chart: Parameters<typeof applyStatus>[0] };
    const replanned = applyStatus(chart, { tooth: 11, surface: 'center' }, 'cavity', {
      etapa: 'planificado',
      servicioId: other.id,
    });
    expect(
      (
        await t.request(`/api/pacientes/${pacienteId}/odontograma`, {
          method: 'PUT',
          cookie: ana.cookie,
          json: { baseVersion: version, chart: replanned },
        })
      ).status,
    ).toBe(200);
    const draft = await t.request(`/api/pacientes/${pacienteId}/notas`, {
      method: 'POST',
      cookie: ana.cookie,
      json: {
        fecha: '2026-11-28',
        texto: 'Endodoncia de 46 y revisión.',
        diagnostico: null,
        procedimientos: [service.id, other.id],
        subjetiva: false,
      },
    });
    expect(draft.status).toBe(201);
    const { id: notaId } = (await draft.json()) as { id: string };
    expect((await t.request(`/api/notas/${notaId}/firmar`, { method: 'POST', cookie: ana.cookie })).status).toBe(200);

    const treatments = await t.db
      .select({
        servicioId: tratamientosRealizados.servicioId,
        importe: tratamientosRealizados.importe,
        linea: tratamientosRealizados.lineaPresupuestoId,
      })
      .from(tratamientosRealizados)
      .where(eq(tratamientosRealizados.pacienteId, pacienteId));
    expect(treatments).toEqual(
      expect.arrayContaining([
        { servicioId: service.id, importe: budget.lineas[0].importes.total, linea: budget.lineas[0].id },
        { servicioId: other.id, importe: 3000, linea: null },
      ]),
    );
    expect(treatments).toHaveLength(2);
    expect(await stockOf(supplies[0].id)).toBe(3);
    // The budget shows its line done; marking it again is refused.
    const after = await t.request(`/api/presupuestos/${budget.id}`, { cookie: ana.cookie });
    expect(((await after.json()) as Budget).lineas[0].realizado).not.toBeNull();
    expect((await markDone(ana, budget.lineas[0].id)).status).toBe(409);
  });

  it('the chart’s own ‘Realizado’ on a planned entry records it done like a note: its accepted line, its kit', async () => {
    const { service, supplies } = await serviceWithKit(ana, 'Incrustación con kit', [
      { nombre: 'Cemento dual', stock: 4, cantidad: 1 },
    ]);
    const { pacienteId, budget } = await acceptedBudget(ana, service, [36, 46]);
    // The chart is saved by a dentist member with their dentist record: the treatment is theirs.
    const member = await addTeamMember(t, ana.clinica.id, 'Dentista', 'dentista');
    const linked = await t.request('/api/dentistas', {
      method: 'POST',
      cookie: ana.cookie,
      json: { nombres: 'Pilar', apellidos: 'Ortega', especialidad: 'ortodoncia', usuarioId: member.userId },
    });
    expect(linked.status).toBe(201);
    const dentistaId = ((await linked.json()) as { id: string }).id;
    const chartUrl = `/api/pacientes/${pacienteId}/odontograma`;
    const view = (await (await t.request(chartUrl, { cookie: member.cookie })).json()) as {
      version: number;
      chart: OdontogramChart;
    };
    // 36 done on the chart; 46's plan is removed instead, which is not work done.
    let chart = applyStatus(view.chart, { tooth: 36, surface: 'center' }, 'cavity', {
      etapa: 'realizado',
      servicioId: service.id,
    });
    chart = applyStatus(chart, { tooth: 46, surface: 'center' }, 'healthy');
    const res = await t.request(chartUrl, {
      method: 'PUT',
      cookie: member.cookie,
      json: { baseVersion: view.version, chart },
    });
    expect(res.status).toBe(200);
    const treatments = await t.db
      .select({
        diente: tratamientosRealizados.diente,
        importe: tratamientosRealizados.importe,
        linea: tratamientosRealizados.lineaPresupuestoId,
        dentista: tratamientosRealizados.dentistaId,
        moneda: tratamientosRealizados.moneda,
      })
      .from(tratamientosRealizados)
      .where(eq(tratamientosRealizados.pacienteId, pacienteId));
    const line36 = budget.lineas.find((l) => l.diente === 36)!;
    expect(treatments).toEqual([
      { diente: 36, importe: line36.importes.total, linea: line36.id, dentista: dentistaId, moneda: 'EUR' },
    ]);
    expect(await stockOf(supplies[0].id)).toBe(3);
    // The budget shows that line done; marking it again from the budget is refused.
    const again = await markDone(ana, line36.id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(BUDGET_MESSAGES.lineAlreadyDone);
  });

  it('50 treatments done at once on a kit whose supply has 10 leave 0, with exact movements and shortfalls', async () => {
    const { service, supplies } = await serviceWithKit(ana, 'Limpieza con kit', [
      { nombre: 'Pasta profiláctica', stock: 10, cantidad: 1 },
    ]);
    const teeth = [18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28, 48, 47, 46, 45, 44, 43, 42, 41, 31];
    // Two patients of 25 lines each: 50 lines accepted.
    const budgets = [await acceptedBudget(ana, service, teeth), await acceptedBudget(ana, service, teeth)];
    const lines = budgets.flatMap((b) => b.budget.lineas);
    expect(lines).toHaveLength(50);
    const answers = await Promise.all(lines.map((l) => markDone(ana, l.id)));
    expect(answers.map((r) => r.status)).toEqual(lines.map(() => 200));
    expect(await stockOf(supplies[0].id)).toBe(0);
    const [totals] = await t.db
      .select({
        n: sql<number>`count(*)::int`,
        tomado: sql<number>`(-sum(${movimientosStock.cantidad}))::int`,
        faltante: sql<number>`sum(${movimientosStock.faltante})::int`,
      })
      .from(movimientosStock)
      .where(and(eq(movimientosStock.productoId, supplies[0].id), eq(movimientosStock.motivo, 'consumo')));
    expect(totals).toEqual({ n: 50, tomado: 10, faltante: 40 });
  });
});
