import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movimientosStock, notificaciones, productos } from '../../db/schema/index.ts';
import { adjustStock } from '../../platform/stock.ts';
import { createClinicOwner, createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Real concurrency needs several connections: PostgreSQL only (PGlite runs one statement at a time). */
describe('stock under concurrency', () => {
  it('50 simultaneous takes of one unit from a stock of 10: 10 pass, 40 are refused, never below 0, no update lost', async () => {
    const owner = await createClinicOwner(t);
    const [item] = await t.db
      .insert(productos)
      .values({
        tipoImpuesto: 'ES_IVA_21',
        clinicaId: owner.clinica.id,
        nombre: 'Anestesia',
        categoria: 'insumo',
        stockActual: 10,
        stockMinimo: 2,
      })
      .returning({ id: productos.id });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.db.transaction((tx) =>
          adjustStock(tx, {
            clinicaId: owner.clinica.id,
            productoId: item.id,
            cantidad: -1,
            motivo: 'consumo',
            autorId: owner.userId,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'insuficiente')).toHaveLength(40);
    const [row] = await t.db.select({ stock: productos.stockActual }).from(productos).where(eq(productos.id, item.id));
    expect(row.stock).toBe(0);
    const [moves] = await t.db
      .select({
        n: sql<number>`count(*)::int`,
        sum: sql<number>`sum(cantidad)::int`,
        lowest: sql<number>`min(stock_resultante)::int`,
      })
      .from(movimientosStock)
      .where(eq(movimientosStock.productoId, item.id));
    expect(moves).toEqual({ n: 10, sum: -10, lowest: 0 });
    // Each movement left a different stock, 9 down to 0: they queued, none read a stale value.
    const left = await t.db
      .select({ s: movimientosStock.stockResultante })
      .from(movimientosStock)
      .where(eq(movimientosStock.productoId, item.id));
    expect(left.map((m) => m.s).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The minimum (2) was crossed once: one notification, whichever movement crossed it.
    const [alerts] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificaciones)
      .where(eq(notificaciones.enlace, `/productos/${item.id}`));
    expect(alerts.n).toBe(1);
  });
});
