import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CLINIC_MESSAGES, type CatalogItem } from '@odontia/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrate.ts';
import { clinicas, productos } from '../../db/schema/index.ts';
import { createTestApp, errorOf, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PLACE = { nombre: 'Clínica Moneda', telefono: '601 555 0100', direccion: 'Carrera 7 # 72-41' };

async function onboard(place: Record<string, unknown>) {
  const account = await signUp(t);
  const res = await t.request('/api/clinica', { method: 'POST', cookie: account.cookie, json: { ...PLACE, ...place } });
  expect(res.status).toBe(201);
  const { clinica } = (await res.json()) as { clinica: { id: string; moneda: string } };
  return { ...account, clinica };
}
const monedaOf = async (clinicaId: string) =>
  (await t.db.select({ moneda: clinicas.moneda }).from(clinicas).where(eq(clinicas.id, clinicaId)))[0]!.moneda;
const putClinic = (cookie: string, json: Record<string, unknown>) =>
  t.request('/api/clinica', { method: 'PUT', cookie, json: { ...PLACE, ...json } });
const createItem = async (cookie: string, json: Record<string, unknown>) => {
  const res = await t.request('/api/productos', { method: 'POST', cookie, json });
  expect(res.status).toBe(201);
  return (await res.json()) as CatalogItem;
};

describe('the currency of a clinic (issue 23)', () => {
  it('follows its country: pesos in Colombia, euros in Spain and for a clinic set up on Madrid time', async () => {
    const bogota = await onboard({ pais: 'Colombia', ciudad: 'Bogotá' });
    expect(bogota.clinica.moneda).toBe('COP');
    const madrid = await onboard({ pais: 'ES', ciudad: 'Sevilla' });
    expect(madrid.clinica.moneda).toBe('EUR');
    // The web formats every amount with the clinic's currency from /api/me.
    const me = (await (await t.request('/api/me', { cookie: madrid.cookie })).json()) as {
      clinica: { moneda: string };
    };
    expect(me.clinica.moneda).toBe('EUR');
  });

  it("moves with the country while the clinic has no amounts, and its items take the new country's taxes", async () => {
    const owner = await onboard({ pais: 'ES', ciudad: 'Madrid' });
    const servicio = await createItem(owner.cookie, { nombre: 'Limpieza', categoria: 'servicio' });
    const insumo = await createItem(owner.cookie, { nombre: 'Guantes', categoria: 'insumo', stockActual: 3 });
    expect([servicio.tipoImpuesto, insumo.tipoImpuesto]).toEqual(['ES_EXENTO', 'ES_IVA_21']);
    const res = await putClinic(owner.cookie, { pais: 'Colombia', ciudad: 'Medellín' });
    expect(res.status).toBe(200);
    expect(await monedaOf(owner.clinica.id)).toBe('COP');
    const taxOf = async (id: string) =>
      ((await (await t.request(`/api/productos/${id}`, { cookie: owner.cookie })).json()) as CatalogItem).tipoImpuesto;
    expect([await taxOf(servicio.id), await taxOf(insumo.id)]).toEqual(['CO_EXCLUIDO', 'CO_IVA_19']);
  });

  it('is fixed once the clinic has a price: a move to a country of another currency is refused and changes nothing', async () => {
    const owner = await onboard({ pais: 'ES', ciudad: 'Madrid' });
    await createItem(owner.cookie, { nombre: 'Revisión', categoria: 'servicio', precioVenta: 4000 });
    const res = await putClinic(owner.cookie, { pais: 'Colombia', ciudad: 'Cali' });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ pais: CLINIC_MESSAGES.monedaFija });
    const [row] = await t.db
      .select({ pais: clinicas.pais, ciudad: clinicas.ciudad, moneda: clinicas.moneda })
      .from(clinicas)
      .where(eq(clinicas.id, owner.clinica.id));
    expect(row).toEqual({ pais: 'ES', ciudad: 'Madrid', moneda: 'EUR' });
    // Within the same currency the place still changes (the Canaries count in euros too).
    expect((await putClinic(owner.cookie, { pais: 'ES', ciudad: 'Las Palmas' })).status).toBe(200);
    expect(await monedaOf(owner.clinica.id)).toBe('EUR');
  });
});

describe('the migration of currencies (0032)', () => {
  /** The data statements of the migration (its columns already exist in the test database). */
  async function runCurrencyUpdates() {
    const file = (await readdir(migrationsFolder)).find((f) => f.endsWith('_moneda_impuestos_servicios.sql'))!;
    const text = await readFile(path.join(migrationsFolder, file), 'utf8');
    const updates = text
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter((s) => s.startsWith('UPDATE'));
    expect(updates.length).toBe(4);
    for (const statement of updates) await t.db.execute(sql.raw(statement));
  }

  it('turns a Spanish clinic to euros with its whole-euro prices in cents, and leaves a Colombian one in pesos', async () => {
    const spain = await onboard({ pais: 'ES', ciudad: 'Valencia' });
    const colombia = await onboard({ pais: 'CO', ciudad: 'Cali' });
    // As before the migration: every clinic in pesos, prices as typed.
    await t.db.update(clinicas).set({ moneda: 'COP' }).where(eq(clinicas.id, spain.clinica.id));
    const [euros] = await t.db
      .insert(productos)
      .values({
        clinicaId: spain.clinica.id,
        nombre: 'Revisión',
        categoria: 'servicio',
        precioVenta: 55,
        tipoImpuesto: 'x',
      })
      .returning({ id: productos.id });
    const [pesos] = await t.db
      .insert(productos)
      .values({
        clinicaId: colombia.clinica.id,
        nombre: 'Guantes',
        categoria: 'insumo',
        precioCompra: 9000,
        tipoImpuesto: 'x',
      })
      .returning({ id: productos.id });
    await runCurrencyUpdates();
    expect(await monedaOf(spain.clinica.id)).toBe('EUR');
    expect(await monedaOf(colombia.clinica.id)).toBe('COP');
    const rowOf = async (id: string) =>
      (
        await t.db
          .select({
            precioCompra: productos.precioCompra,
            precioVenta: productos.precioVenta,
            tipo: productos.tipoImpuesto,
          })
          .from(productos)
          .where(eq(productos.id, id))
      )[0];
    expect(await rowOf(euros.id)).toEqual({ precioCompra: null, precioVenta: 5500, tipo: 'ES_EXENTO' });
    expect(await rowOf(pesos.id)).toEqual({ precioCompra: 9000, precioVenta: null, tipo: 'CO_IVA_19' });
  });
});
