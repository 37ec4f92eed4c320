import {
  CATALOG_MESSAGES,
  CATALOG_PAGE_SIZE,
  LOW_STOCK_LIST_SIZE,
  type CatalogItem,
  type CatalogPage,
  type LowStockList,
} from '@odontia/shared';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movimientosStock, notificaciones, productos } from '../../db/schema/index.ts';
import { adjustStock } from '../../platform/stock.ts';
import { addTeamMember, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;
let ana: Owner;
let beto: Owner;

beforeAll(async () => {
  t = await createTestApp();
  [ana, beto] = await Promise.all([
    createClinicOwner(t, { nombre: 'Clínica Ana' }),
    createClinicOwner(t, { nombre: 'Clínica Beto' }),
  ]);
});
afterAll(() => t.close());

const api = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(`/api/productos${path}`, { cookie, ...init });

async function create(owner: Owner, json: Record<string, unknown>): Promise<CatalogItem> {
  const res = await api(owner.cookie, '', { method: 'POST', json: { categoria: 'insumo', ...json } });
  expect(res.status).toBe(201);
  return (await res.json()) as CatalogItem;
}

async function list(owner: Owner, query = ''): Promise<CatalogPage> {
  const res = await api(owner.cookie, query);
  expect(res.status).toBe(200);
  return (await res.json()) as CatalogPage;
}

const formOf = (item: CatalogItem, changes: Record<string, unknown> = {}) => ({
  nombre: item.nombre,
  descripcion: item.descripcion,
  categoria: item.categoria,
  codigo: item.codigo,
  precioCompra: item.precioCompra,
  precioVenta: item.precioVenta,
  stockActual: item.stockActual,
  stockMinimo: item.stockMinimo,
  unidadMedida: item.unidadMedida,
  activo: item.activo,
  ...changes,
});

const stockOf = async (id: string) =>
  (await t.db.select({ s: productos.stockActual }).from(productos).where(eq(productos.id, id)))[0].s;
const movementSum = async (id: string) =>
  (
    await t.db
      .select({ n: sql<number>`coalesce(sum(cantidad), 0)::int` })
      .from(movimientosStock)
      .where(eq(movimientosStock.productoId, id))
  )[0].n;
const stockAlerts = async (userId: string, id: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, userId), eq(notificaciones.enlace, `/productos/${id}`)))
  )[0].n;

describe('item form', () => {
  it('answers the messages of spec 001 §5 on the fields', async () => {
    const res = await api(ana.cookie, '', {
      method: 'POST',
      json: {
        nombre: '  ',
        categoria: 'otro',
        precioCompra: 10.5,
        precioVenta: -1,
        stockActual: 'muchos',
        stockMinimo: 2.5,
      },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({
      nombre: CATALOG_MESSAGES.nombreRequired,
      categoria: CATALOG_MESSAGES.categoriaInvalid,
      precioCompra: CATALOG_MESSAGES.precioDecimals,
      precioVenta: CATALOG_MESSAGES.precioNegative,
      stockActual: CATALOG_MESSAGES.numberInvalid,
      stockMinimo: CATALOG_MESSAGES.stockDecimals,
    });
    expect(await list(ana, '?q=muchos')).toMatchObject({ total: 0 });
  });

  it('coerces numbers, stores 0 as 0 and empty as null, and drops the stock of a service', async () => {
    const item = await create(ana, {
      nombre: '  Guantes de nitrilo ',
      categoria: 'insumo',
      codigo: '',
      precioCompra: '15.000',
      precioVenta: 0,
      stockActual: '12',
      stockMinimo: '',
      unidadMedida: 'caja',
    });
    expect(item).toMatchObject({
      nombre: 'Guantes de nitrilo',
      codigo: null,
      precioCompra: 15000,
      precioVenta: 0,
      stockActual: 12,
      stockMinimo: null,
      unidadMedida: 'caja',
      activo: true,
      bajoMinimo: false,
    });
    const service = await create(ana, {
      nombre: 'Limpieza dental',
      categoria: 'servicio',
      precioVenta: 120000,
      stockActual: 5,
      stockMinimo: 1,
    });
    expect(service).toMatchObject({
      categoria: 'servicio',
      precioCompra: null,
      precioVenta: 120000,
      stockActual: null,
      stockMinimo: null,
      movimientos: [],
    });
  });

  it('keeps código unique within the clinic, on create and on edit, with the message on the field', async () => {
    const first = await create(ana, { nombre: 'Resina A2', codigo: 'RES-A2' });
    const again = await api(ana.cookie, '', {
      method: 'POST',
      json: { nombre: 'Otra resina', categoria: 'producto', codigo: 'RES-A2' },
    });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({
      code: 'conflict',
      message: CATALOG_MESSAGES.codigoDuplicate,
      fields: { codigo: CATALOG_MESSAGES.codigoDuplicate },
    });
    // Another clinic may use the same code; items without a code never collide.
    await create(beto, { nombre: 'Resina de Beto', codigo: 'RES-A2' });
    await create(ana, { nombre: 'Sin código 1' });
    await create(ana, { nombre: 'Sin código 2' });
    const other = await create(ana, { nombre: 'Resina A3', codigo: 'RES-A3' });
    const edit = await api(ana.cookie, `/${other.id}`, { method: 'PUT', json: formOf(other, { codigo: 'RES-A2' }) });
    expect(edit.status).toBe(409);
    expect((await errorOf(edit)).fields).toEqual({ codigo: CATALOG_MESSAGES.codigoDuplicate });
    const [row] = await t.db.select({ codigo: productos.codigo }).from(productos).where(eq(productos.id, other.id));
    expect(row.codigo).toBe('RES-A3');
    // Saving an item with its own code is fine.
    expect(
      (await api(ana.cookie, `/${first.id}`, { method: 'PUT', json: formOf(first, { nombre: 'Resina A2 Plus' }) }))
        .status,
    ).toBe(200);
  });
});

describe('list', () => {
  it('filters by tab and by an accent-insensitive search over nombre, código and descripción, with the counts', async () => {
    const owner = await createClinicOwner(t);
    await create(owner, { nombre: 'Anestesia Lidocaína', categoria: 'insumo', codigo: 'ANE-01' });
    await create(owner, { nombre: 'Cepillo interdental', categoria: 'producto', descripcion: 'Para ortodoncia' });
    await create(owner, { nombre: 'Blanqueamiento', categoria: 'servicio', codigo: 'SRV-BLQ' });
    await create(owner, { nombre: 'Ortodoncia: revisión', categoria: 'servicio' });

    const all = await list(owner);
    expect(all.items.map((i) => i.nombre)).toEqual([
      'Anestesia Lidocaína',
      'Blanqueamiento',
      'Cepillo interdental',
      'Ortodoncia: revisión',
    ]);
    expect(all).toMatchObject({ total: 4, totalClinica: 4, pagina: 1, porPagina: CATALOG_PAGE_SIZE });
    expect((await list(owner, '?categoria=servicio')).items.map((i) => i.nombre)).toEqual([
      'Blanqueamiento',
      'Ortodoncia: revisión',
    ]);
    expect((await list(owner, '?q=LIDOCAINA')).items.map((i) => i.nombre)).toEqual(['Anestesia Lidocaína']);
    expect((await list(owner, '?q=srv-blq')).items.map((i) => i.nombre)).toEqual(['Blanqueamiento']);
    const ortodoncia = await list(owner, '?q=ortodóncia');
    expect(ortodoncia.items.map((i) => i.nombre)).toEqual(['Cepillo interdental', 'Ortodoncia: revisión']);
    expect(ortodoncia).toMatchObject({ total: 2, totalClinica: 4 });
    expect(await list(owner, '?categoria=producto&q=ortodoncia')).toMatchObject({ total: 1, totalClinica: 4 });
    // An unknown tab is Todos; a page past the end still has the counts; % is literal.
    expect((await list(owner, '?categoria=nada')).total).toBe(4);
    expect(await list(owner, '?pagina=9')).toMatchObject({ items: [], total: 4, totalClinica: 4, pagina: 9 });
    expect((await list(owner, '?q=%25')).total).toBe(0);
    // Terms long enough for the trigram index (a prepared statement) escape LIKE's characters too.
    expect((await list(owner, '?q=100%25')).total).toBe(0);
    expect((await list(owner, '?q=o_t')).total).toBe(0);
    expect((await list(owner, '?q=OCAÍ')).items.map((i) => i.nombre)).toEqual(['Anestesia Lidocaína']);
    // A tab past its end and a search past its end keep their own counts.
    expect(await list(owner, '?categoria=servicio&pagina=2')).toMatchObject({ items: [], total: 2, totalClinica: 4 });
    expect(await list(owner, '?q=ortodoncia&pagina=2')).toMatchObject({ items: [], total: 2, totalClinica: 4 });
    // A row carries the table's columns only (the item page has the rest), and a service's length (the
    // agenda form's default end, issue 23).
    expect(Object.keys((await list(owner, '?categoria=producto')).items[0]).sort()).toEqual(
      [
        'activo',
        'bajoMinimo',
        'categoria',
        'codigo',
        'duracionMinutos',
        'id',
        'nombre',
        'precioCompra',
        'precioVenta',
        'stockActual',
        'unidadMedida',
      ].sort(),
    );
    expect((await list(owner, '?q=ortodoncia&categoria=producto')).items[0]).toMatchObject({
      nombre: 'Cepillo interdental',
      categoria: 'producto',
      activo: true,
      bajoMinimo: false,
    });
  });

  it('keeps the tab counts exact through creating, changing category and deleting (productos_conteo)', async () => {
    const owner = await createClinicOwner(t);
    const a = await create(owner, { nombre: 'A', categoria: 'producto' });
    const b = await create(owner, { nombre: 'B', categoria: 'servicio' });
    await create(owner, { nombre: 'C', categoria: 'insumo', stockActual: 3 });
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          (['todos', 'producto', 'servicio', 'insumo'] as const).map(async (tab) => {
            const page = await list(owner, `?categoria=${tab}`);
            return [tab, [page.total, page.totalClinica]];
          }),
        ),
      );
    expect(await counts()).toEqual({ todos: [3, 3], producto: [1, 3], servicio: [1, 3], insumo: [1, 3] });
    await api(owner.cookie, `/${b.id}`, { method: 'PUT', json: formOf(b, { categoria: 'insumo', stockActual: 2 }) });
    expect(await counts()).toEqual({ todos: [3, 3], producto: [1, 3], servicio: [0, 3], insumo: [2, 3] });
    await api(owner.cookie, `/${a.id}`, { method: 'DELETE' });
    expect(await counts()).toEqual({ todos: [2, 2], producto: [0, 2], servicio: [0, 2], insumo: [2, 2] });
    // Stock movements leave the counts alone; another clinic's items never count here.
    await create(beto, { nombre: 'De Beto', categoria: 'insumo' });
    expect((await list(owner, '?categoria=insumo')).total).toBe(2);
  });

  it('marks an item at or below its minimum', async () => {
    const owner = await createClinicOwner(t);
    await create(owner, { nombre: 'Bajo', stockActual: 2, stockMinimo: 2 });
    await create(owner, { nombre: 'Sobrado', stockActual: 9, stockMinimo: 2 });
    await create(owner, { nombre: 'Sin mínimo', stockActual: 0 });
    expect((await list(owner)).items.map((i) => [i.nombre, i.bajoMinimo])).toEqual([
      ['Bajo', true],
      ['Sin mínimo', false],
      ['Sobrado', false],
    ]);
  });
});

describe('low stock (the supplier dashboard)', () => {
  it("lists the clinic's active items at or under their minimum by name, past the catalogue's first pages", async () => {
    const owner = await createClinicOwner(t);
    const lowStock = async () => {
      const res = await api(owner.cookie, '/stock-bajo');
      expect(res.status).toBe(200);
      return (await res.json()) as LowStockList;
    };
    expect(await lowStock()).toEqual({ items: [], total: 0 });
    // Four pages of well-stocked items come first by name; the low ones are after them.
    await t.db.insert(productos).values(
      Array.from({ length: CATALOG_PAGE_SIZE * 4 }, (_, i) => ({
        tipoImpuesto: 'ES_IVA_21',
        clinicaId: owner.clinica.id,
        nombre: `A sobrado ${String(i).padStart(3, '0')}`,
        categoria: 'insumo' as const,
        stockActual: 50,
        stockMinimo: 5,
      })),
    );
    const bajo = await create(owner, { nombre: 'Z bajo', stockActual: 1, stockMinimo: 3 });
    await create(owner, { nombre: 'Z justo', stockActual: 3, stockMinimo: 3 });
    await create(owner, { nombre: 'Z sin mínimo', stockActual: 0 });
    const inactivo = await create(owner, { nombre: 'Z inactivo', stockActual: 0, stockMinimo: 3 });
    await api(owner.cookie, `/${inactivo.id}`, { method: 'PUT', json: formOf(inactivo, { activo: false }) });
    await create(beto, { nombre: 'Z de Beto', stockActual: 0, stockMinimo: 3 });
    const low = await lowStock();
    expect(low.total).toBe(2);
    expect(low.items.map((i) => [i.nombre, i.bajoMinimo, i.stockActual])).toEqual([
      ['Z bajo', true, 1],
      ['Z justo', true, 3],
    ]);
    expect(low.items[0].id).toBe(bajo.id);

    // Many low items: the first ones by name, and how many there are.
    await t.db.insert(productos).values(
      Array.from({ length: LOW_STOCK_LIST_SIZE + 5 }, (_, i) => ({
        tipoImpuesto: 'ES_IVA_21',
        clinicaId: owner.clinica.id,
        nombre: `B bajo ${String(i).padStart(2, '0')}`,
        categoria: 'insumo' as const,
        stockActual: 0,
        stockMinimo: 1,
      })),
    );
    const many = await lowStock();
    expect(many.total).toBe(LOW_STOCK_LIST_SIZE + 7);
    expect(many.items).toHaveLength(LOW_STOCK_LIST_SIZE);
    expect(many.items[0].nombre).toBe('B bajo 00');
  });
});

describe('another clinic', () => {
  it('cannot read, edit, delete or change the image of an item, which stays as it was', async () => {
    const item = await create(ana, { nombre: 'Privado de Ana', stockActual: 4 });
    const [before] = await t.db.select().from(productos).where(eq(productos.id, item.id));
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('imagen', new File([new Uint8Array(png)], 'x.png', { type: 'image/png' }));
    const attempts = [
      api(beto.cookie, `/${item.id}`),
      api(beto.cookie, `/${item.id}`, { method: 'PUT', json: formOf(item, { nombre: 'Robado', stockActual: 0 }) }),
      api(beto.cookie, `/${item.id}`, { method: 'DELETE' }),
      api(beto.cookie, `/${item.id}/imagen`, { method: 'PUT', body: form }),
      api(beto.cookie, `/${item.id}/imagen`, { method: 'DELETE' }),
      api(beto.cookie, '/no-es-un-id'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ code: 'not_found', message: CATALOG_MESSAGES.notFound });
    }
    const [row] = await t.db.select().from(productos).where(eq(productos.id, item.id));
    expect(row).toEqual(before);
    expect(row).toMatchObject({ nombre: 'Privado de Ana', stockActual: 4, imagenUrl: null });
    expect(await movementSum(item.id)).toBe(4);
    expect((await list(beto, `?q=privado&clinica_id=${ana.clinica.id}`)).total).toBe(0);
  });

  it('is refused by permission: a receptionist cannot see the catalogue, a dentist cannot create', async () => {
    const recepcion = await addTeamMember(t, ana.clinica.id, 'Recepción', 'recepcion');
    const dentista = await addTeamMember(t, ana.clinica.id, 'Dentista', 'dentista');
    expect((await api(recepcion.cookie, '')).status).toBe(403);
    expect((await api(dentista.cookie, '')).status).toBe(200);
    const refused = await api(dentista.cookie, '', { method: 'POST', json: { nombre: 'No', categoria: 'producto' } });
    expect(refused.status).toBe(403);
    expect((await list(ana, '?q=no')).items.some((i) => i.nombre === 'No')).toBe(false);
  });
});

describe('stock', () => {
  it('records the initial stock and every edit of it as an ajuste movement with its author', async () => {
    const item = await create(ana, { nombre: 'Algodón', stockActual: 10, stockMinimo: 1 });
    expect(item.movimientos).toMatchObject([
      { cantidad: 10, motivo: 'ajuste', stockResultante: 10, autor: { id: ana.userId, nombres: 'Ana' } },
    ]);
    const res = await api(ana.cookie, `/${item.id}`, {
      method: 'PUT',
      json: formOf(item, { stockActual: 7, activo: false }),
    });
    expect(res.status).toBe(200);
    const edited = (await res.json()) as CatalogItem;
    expect(edited).toMatchObject({ stockActual: 7, activo: false });
    expect(edited.fechaActualizacion).not.toBeNull();
    expect(edited.movimientos.map((m) => [m.cantidad, m.motivo, m.stockResultante])).toEqual([
      [-3, 'ajuste', 7],
      [10, 'ajuste', 10],
    ]);
    // Saving without touching the stock records nothing; clearing it takes the count to 0.
    const same = (await (
      await api(ana.cookie, `/${item.id}`, { method: 'PUT', json: formOf(edited, { nombre: 'Algodón en rollo' }) })
    ).json()) as CatalogItem;
    expect(same.movimientos).toHaveLength(2);
    const cleared = (await (
      await api(ana.cookie, `/${item.id}`, { method: 'PUT', json: formOf(same, { stockActual: null }) })
    ).json()) as CatalogItem;
    expect(cleared.stockActual).toBeNull();
    expect(cleared.movimientos[0]).toMatchObject({ cantidad: -7, stockResultante: 0 });
    expect(await movementSum(item.id)).toBe(0);
    // Deleting the item takes its movements with it.
    expect((await api(ana.cookie, `/${item.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await movementSum(item.id)).toBe(0);
    expect((await api(ana.cookie, `/${item.id}`)).status).toBe(404);
  });

  it('never goes below zero: a larger take is refused and nothing is recorded', async () => {
    const item = await create(ana, { nombre: 'Fresas', stockActual: 2 });
    const result = await t.db.transaction((tx) =>
      adjustStock(tx, {
        clinicaId: ana.clinica.id,
        productoId: item.id,
        cantidad: -3,
        motivo: 'consumo',
        autorId: ana.userId,
      }),
    );
    expect(result).toEqual({ status: 'insuficiente', stockActual: 2 });
    expect(await stockOf(item.id)).toBe(2);
    expect(await movementSum(item.id)).toBe(2);
    // Another clinic's item is not found, and stays as it was.
    const foreign = await t.db.transaction((tx) =>
      adjustStock(tx, {
        clinicaId: beto.clinica.id,
        productoId: item.id,
        cantidad: -1,
        motivo: 'consumo',
        autorId: beto.userId,
      }),
    );
    expect(foreign).toEqual({ status: 'no_encontrado' });
    expect(await stockOf(item.id)).toBe(2);
    // A stock that is not recorded (a service) has nothing to take from; adding starts its count.
    const service = await create(ana, { nombre: 'Urgencia', categoria: 'servicio' });
    const take = (productoId: string, cantidad: number) =>
      t.db.transaction((tx) =>
        adjustStock(tx, { clinicaId: ana.clinica.id, productoId, cantidad, motivo: 'venta', autorId: null }),
      );
    expect(await take(service.id, -1)).toEqual({ status: 'no_contado' });
    expect(await stockOf(service.id)).toBeNull();
    const uncounted = await create(ana, { nombre: 'Sin contar', categoria: 'producto' });
    expect(await take(uncounted.id, 4)).toMatchObject({ status: 'ok', stockActual: 4 });
    // The CHECK holds whatever a caller writes.
    await expect(t.db.update(productos).set({ stockActual: -1 }).where(eq(productos.id, item.id))).rejects.toThrow();
  });

  it('tells the members who edit the catalogue once per crossing of the minimum', async () => {
    const owner = await createClinicOwner(t);
    const asistente = await addTeamMember(t, owner.clinica.id, 'Asistente', 'asistente');
    const recepcion = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const item = await create(owner, { nombre: 'Guantes talla M', stockActual: 10, stockMinimo: 3 });
    const take = (cantidad: number) =>
      t.db.transaction((tx) =>
        adjustStock(tx, {
          clinicaId: owner.clinica.id,
          productoId: item.id,
          cantidad,
          motivo: 'consumo',
          autorId: asistente.userId,
        }),
      );

    expect(await take(-6)).toMatchObject({ status: 'ok', stockActual: 4, alerta: false });
    expect(await stockAlerts(owner.userId, item.id)).toBe(0);
    expect(await take(-1)).toMatchObject({ stockActual: 3, alerta: true });
    expect(await take(-1)).toMatchObject({ stockActual: 2, alerta: false });
    expect(await stockAlerts(owner.userId, item.id)).toBe(1);
    expect(await stockAlerts(asistente.userId, item.id)).toBe(1);
    expect(await stockAlerts(recepcion.userId, item.id)).toBe(0);
    const [notice] = await t.db.select().from(notificaciones).where(eq(notificaciones.userId, owner.userId));
    expect(notice).toMatchObject({
      titulo: CATALOG_MESSAGES.lowStockTitle,
      mensaje: CATALOG_MESSAGES.lowStockMessage('Guantes talla M', 3, 3),
      prioridad: 'alta',
      enlace: `/productos/${item.id}`,
    });

    // Back above the minimum, then below again: a second notification.
    expect(await take(5)).toMatchObject({ stockActual: 7, alerta: false });
    expect(await take(-5)).toMatchObject({ stockActual: 2, alerta: true });
    expect(await stockAlerts(owner.userId, item.id)).toBe(2);

    // Raising the minimum on the form above the stock is a crossing too; lowering it re-arms.
    const current = (await (await api(owner.cookie, `/${item.id}`)).json()) as CatalogItem;
    await api(owner.cookie, `/${item.id}`, { method: 'PUT', json: formOf(current, { stockActual: 8 }) });
    expect(await stockAlerts(owner.userId, item.id)).toBe(2);
    await api(owner.cookie, `/${item.id}`, {
      method: 'PUT',
      json: formOf(current, { stockActual: 8, stockMinimo: 8 }),
    });
    expect(await stockAlerts(owner.userId, item.id)).toBe(3);
    expect(await movementSum(item.id)).toBe(8);
  });
});

describe('image', () => {
  it('stores the image under product_images/{clinic}/ and deletes it with the item', async () => {
    const item = await create(ana, { nombre: 'Con imagen', categoria: 'producto' });
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c83c3c' } })
      .png()
      .toBuffer();
    const res = await t.client(ana.cookie).productos[':id'].imagen.$put({
      param: { id: item.id },
      form: { imagen: new File([new Uint8Array(png)], 'Cepillo Niño.png', { type: 'image/png' }) },
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as CatalogItem;
    expect(saved.imagenUrl).toMatch(new RegExp(`^/files/product_images/${ana.clinica.id}/\\d+-cepillo-nino\\.png$`));
    expect((await t.request(saved.imagenUrl!)).status).toBe(200);
    const text = await api(ana.cookie, `/${item.id}/imagen`, {
      method: 'PUT',
      body: (() => {
        const f = new FormData();
        f.set('imagen', new File(['hola'], 'x.txt', { type: 'text/plain' }));
        return f;
      })(),
    });
    expect(text.status).toBe(415);
    expect((await api(ana.cookie, `/${item.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await t.request(saved.imagenUrl!)).status).toBe(404);
  });
});

describe('taxes and services (issue 23)', () => {
  it("gives a new item its country's default tax for its kind, and keeps a tax the clinic chose of its country", async () => {
    // Ana's clinic is in Madrid: dental care is exempt, aesthetic services and goods pay 21 %.
    expect((await create(ana, { nombre: 'Revisión', categoria: 'servicio' })).tipoImpuesto).toBe('ES_EXENTO');
    expect((await create(ana, { nombre: 'Blanqueamiento', categoria: 'servicio', estetico: true })).tipoImpuesto).toBe(
      'ES_IVA_21',
    );
    expect((await create(ana, { nombre: 'Cepillo', categoria: 'producto' })).tipoImpuesto).toBe('ES_IVA_21');
    const chosen = await create(ana, { nombre: 'Pasta', categoria: 'producto', tipoImpuesto: 'ES_EXENTO' });
    expect(chosen.tipoImpuesto).toBe('ES_EXENTO');
  });

  it('refuses a tax of another country with a message on the field, and saves nothing', async () => {
    const res = await api(ana.cookie, '', {
      method: 'POST',
      json: { nombre: 'Con IVA colombiano', categoria: 'producto', tipoImpuesto: 'CO_IVA_19' },
    });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ tipoImpuesto: CATALOG_MESSAGES.tipoImpuestoInvalid });
    expect((await list(ana, '?q=colombiano')).total).toBe(0);
  });

  it('keeps a service’s length, CUPS code and kit of the clinic’s supplies, and drops them for other kinds', async () => {
    const guantes = await create(ana, { nombre: 'Guantes kit', stockActual: 50 });
    const anestesia = await create(ana, { nombre: 'Anestesia kit', stockActual: 20 });
    const servicio = await create(ana, {
      nombre: 'Extracción con kit',
      categoria: 'servicio',
      duracionMinutos: '30',
      codigoCups: '23.01.01',
      kit: [
        { insumoId: guantes.id, cantidad: 2 },
        { insumoId: anestesia.id, cantidad: 1 },
      ],
    });
    expect(servicio).toMatchObject({ duracionMinutos: 30, codigoCups: '230101', estetico: false });
    expect(servicio.kit).toEqual([
      { insumoId: anestesia.id, nombre: 'Anestesia kit', unidadMedida: null, cantidad: 1 },
      { insumoId: guantes.id, nombre: 'Guantes kit', unidadMedida: null, cantidad: 2 },
    ]);
    // Saved again without the supply: the kit is what the form sends.
    const res = await api(ana.cookie, `/${servicio.id}`, {
      method: 'PUT',
      json: { ...formOf(servicio), duracionMinutos: 45, kit: [{ insumoId: guantes.id, cantidad: 3 }] },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as CatalogItem).kit).toEqual([
      { insumoId: guantes.id, nombre: 'Guantes kit', unidadMedida: null, cantidad: 3 },
    ]);
    const producto = await create(ana, {
      nombre: 'No es servicio',
      categoria: 'producto',
      duracionMinutos: 30,
      kit: [],
    });
    expect(producto).toMatchObject({ duracionMinutos: null, codigoCups: null, kit: [] });
  });

  it('refuses a kit with another clinic’s supply, a product, a repeated supply or a bad quantity, and changes nothing', async () => {
    const propio = await create(ana, { nombre: 'Gasas kit' });
    const producto = await create(ana, { nombre: 'Cepillo kit', categoria: 'producto' });
    const ajeno = await create(beto, { nombre: 'Gasas de Beto' });
    const servicio = await create(ana, {
      nombre: 'Limpieza con kit',
      categoria: 'servicio',
      kit: [{ insumoId: propio.id, cantidad: 1 }],
    });
    for (const [kit, message] of [
      [[{ insumoId: ajeno.id, cantidad: 1 }], CATALOG_MESSAGES.kitInsumoInvalid],
      [[{ insumoId: producto.id, cantidad: 1 }], CATALOG_MESSAGES.kitInsumoInvalid],
      [
        [
          { insumoId: propio.id, cantidad: 1 },
          { insumoId: propio.id, cantidad: 2 },
        ],
        CATALOG_MESSAGES.kitRepeated,
      ],
      [[{ insumoId: propio.id, cantidad: 0 }], CATALOG_MESSAGES.kitCantidadInvalid],
    ] as const) {
      const res = await api(ana.cookie, `/${servicio.id}`, { method: 'PUT', json: { ...formOf(servicio), kit } });
      expect(res.status, JSON.stringify(kit)).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify((await errorOf(res)).fields)).toContain(message);
    }
    const unchanged = (await (await api(ana.cookie, `/${servicio.id}`)).json()) as CatalogItem;
    expect(unchanged.kit).toEqual([{ insumoId: propio.id, nombre: 'Gasas kit', unidadMedida: null, cantidad: 1 }]);
  });
});

describe('services bookable online (issue 24)', () => {
  it('sets, reads back and clears the flag of a service with a duration', async () => {
    const servicio = await create(ana, {
      nombre: 'Limpieza online',
      categoria: 'servicio',
      duracionMinutos: 30,
      reservableOnline: true,
    });
    expect(servicio).toMatchObject({ reservableOnline: true, duracionMinutos: 30 });
    const read = (await (await api(ana.cookie, `/${servicio.id}`)).json()) as CatalogItem;
    expect(read.reservableOnline).toBe(true);
    const [stored] = await t.db
      .select({ flag: productos.reservableOnline })
      .from(productos)
      .where(eq(productos.id, servicio.id));
    expect(stored!.flag).toBe(true);

    const res = await api(ana.cookie, `/${servicio.id}`, {
      method: 'PUT',
      json: { ...formOf(servicio), duracionMinutos: 30, reservableOnline: false },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as CatalogItem).reservableOnline).toBe(false);
    // Left out, it is off: a new service is not bookable until the clinic says so.
    expect(
      (await create(ana, { nombre: 'Sin reserva', categoria: 'servicio', duracionMinutos: 20 })).reservableOnline,
    ).toBe(false);
  });

  it('refuses the flag on a service without a duration, and on a product or a supply, with the field messages', async () => {
    const sinDuracion = await api(ana.cookie, '', {
      method: 'POST',
      json: { nombre: 'Consulta sin duración', categoria: 'servicio', duracionMinutos: '', reservableOnline: true },
    });
    expect(sinDuracion.status).toBe(400);
    expect((await errorOf(sinDuracion)).fields).toEqual({ duracionMinutos: CATALOG_MESSAGES.reservableSinDuracion });
    for (const categoria of ['producto', 'insumo']) {
      const res = await api(ana.cookie, '', {
        method: 'POST',
        json: { nombre: `Reservable ${categoria}`, categoria, duracionMinutos: 30, reservableOnline: true },
      });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toEqual({ reservableOnline: CATALOG_MESSAGES.reservableSoloServicio });
    }
    expect((await list(ana, '?q=reservable')).total).toBe(0);
    expect((await list(ana, '?q=sin duración')).total).toBe(0);

    // An edit that drops the duration of a bookable service is refused too, and changes nothing.
    const servicio = await create(ana, {
      nombre: 'Ortodoncia online',
      categoria: 'servicio',
      duracionMinutos: 45,
      reservableOnline: true,
    });
    const edit = await api(ana.cookie, `/${servicio.id}`, {
      method: 'PUT',
      json: { ...formOf(servicio), duracionMinutos: null, reservableOnline: true },
    });
    expect(edit.status).toBe(400);
    expect((await errorOf(edit)).fields).toEqual({ duracionMinutos: CATALOG_MESSAGES.reservableSinDuracion });
    const turned = await api(ana.cookie, `/${servicio.id}`, {
      method: 'PUT',
      json: { ...formOf(servicio), categoria: 'producto', reservableOnline: true },
    });
    expect(turned.status).toBe(400);
    const unchanged = (await (await api(ana.cookie, `/${servicio.id}`)).json()) as CatalogItem;
    expect(unchanged).toMatchObject({ categoria: 'servicio', duracionMinutos: 45, reservableOnline: true });
  });
});
