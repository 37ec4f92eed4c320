import { randomUUID } from 'node:crypto';
import {
  CATALOG_MESSAGES,
  CHECKOUT_MESSAGES,
  STORE_MESSAGES,
  orderTotals,
  type Cart,
  type AppNotification,
  type Order,
  type OrderPage,
  type StorePage,
  type StoreProduct,
} from '@odontia/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrito, clinicas, movimientosStock, notificaciones, pedidos, productos } from '../../db/schema/index.ts';
import type { RealtimeEvent } from '../../platform/realtime/index.ts';
import { addTeamMember, BOGOTA, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof createClinicOwner>>;

async function supplier(nombre = 'Depósito de prueba') {
  const owner = await createClinicOwner(t, { ...BOGOTA, nombre });
  await t.db.update(clinicas).set({ esProveedor: true }).where(eq(clinicas.id, owner.clinica.id));
  return owner;
}

type ItemFields = Partial<typeof productos.$inferInsert>;
async function item(clinicaId: string, fields: ItemFields = {}) {
  const [row] = await t.db
    .insert(productos)
    .values({
      tipoImpuesto: 'ES_IVA_21',
      clinicaId,
      nombre: 'Guantes de nitrilo',
      categoria: 'insumo',
      precioVenta: 25_000,
      stockActual: 100,
      ...fields,
    })
    .returning({ id: productos.id });
  return row.id;
}

const get = async <T>(path: string, cookie: string) => {
  const res = await t.request(path, { cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const add = (cookie: string, productoId: string, cantidad?: number) =>
  t.request('/api/carrito', { method: 'POST', cookie, json: { productoId, ...(cantidad ? { cantidad } : {}) } });
const setQuantity = (cookie: string, lineId: string, cantidad: unknown) =>
  t.request(`/api/carrito/${lineId}`, { method: 'PATCH', cookie, json: { cantidad } });

const shipping = {
  nombreCompleto: 'Ana Gómez',
  telefono: '300 123 4567',
  direccion: 'Calle 10 # 20-30',
  ciudad: 'Bogotá',
  departamento: 'Cundinamarca',
};
const checkout = (cookie: string, claveIdempotencia: string = randomUUID(), extra: Record<string, unknown> = {}) =>
  t.request('/api/pedidos', { method: 'POST', cookie, json: { ...shipping, claveIdempotencia, ...extra } });

const stockOf = async (id: string) =>
  (await t.db.select({ s: productos.stockActual }).from(productos).where(eq(productos.id, id)))[0].s;
const ordersOf = async (clinicaId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pedidos)
      .where(eq(pedidos.clinicaId, clinicaId))
  )[0].n;

describe('store', () => {
  let seller: Owner;
  let buyer: Owner;
  let guantes: string;
  beforeAll(async () => {
    seller = await supplier('Depósito Norte');
    buyer = await createClinicOwner(t, { ...BOGOTA, nombre: 'Clínica Compradora' });
    guantes = await item(seller.clinica.id, { nombre: 'Guantes de nitrilo', descripcion: 'Caja de 100, talla M' });
    await item(seller.clinica.id, {
      nombre: 'Resina compuesta',
      descripcion: 'Jeringa A2 de 4 g',
      categoria: 'producto',
      precioVenta: 89_000,
      stockActual: 0,
    });
    await item(seller.clinica.id, {
      nombre: 'Anestesia lidocaína',
      descripcion: 'Cárpulas con epinefrina',
      stockActual: null,
    });
    await item(seller.clinica.id, { nombre: 'Sin precio', precioVenta: null });
    await item(seller.clinica.id, { nombre: 'Inactivo', activo: false });
    await item(seller.clinica.id, { nombre: 'Limpieza', categoria: 'servicio', stockActual: null });
    // A clinic that is not a supplier: its catalogue is private.
    await item(buyer.clinica.id, { nombre: 'Guantes propios' });
  });

  it('lists only active supplier products and supplies with a price, never the caller’s own catalogue', async () => {
    const page = await get<StorePage>('/api/tienda/productos', buyer.cookie);
    expect(page.productos.map((p) => p.nombre)).toEqual([
      'Anestesia lidocaína',
      'Guantes de nitrilo',
      'Resina compuesta',
    ]);
    expect(page.productos[1]).toMatchObject({
      precioVenta: 25_000,
      stockActual: 100,
      categoria: 'insumo',
      proveedor: { id: seller.clinica.id, nombre: 'Depósito Norte' },
    });
    // The supplier does not see its own items for sale.
    expect(await get<StorePage>('/api/tienda/productos', seller.cookie)).toMatchObject({ productos: [], total: 0 });
  });

  it('sells in pesos to clinics that count in pesos: a clinic in euros gets an empty store and cannot buy (issue 23)', async () => {
    const madrid = await createClinicOwner(t, { nombre: 'Clínica de Madrid' });
    expect(await get<StorePage>('/api/tienda/productos', madrid.cookie)).toMatchObject({ productos: [], total: 0 });
    expect((await get<StorePage>('/api/tienda/productos?q=guantes', madrid.cookie)).total).toBe(0);
    expect((await t.request(`/api/tienda/productos/${guantes}`, { cookie: madrid.cookie })).status).toBe(404);
    const refused = await add(madrid.cookie, guantes);
    expect(refused.status).toBe(404);
    // A supplier in euros sells to no one: the store's rules (IVA 19 %, shipping 15.000) are in pesos.
    const euros = await createClinicOwner(t, { nombre: 'Depósito Madrid' });
    await t.db.update(clinicas).set({ esProveedor: true }).where(eq(clinicas.id, euros.clinica.id));
    await item(euros.clinica.id, { nombre: 'Guantes en euros', precioVenta: 790 });
    expect((await get<StorePage>('/api/tienda/productos?q=euros', madrid.cookie)).total).toBe(0);
    expect((await get<StorePage>('/api/tienda/productos?q=euros', buyer.cookie)).total).toBe(0);
  });

  it('counts each tab’s items for sale, also past its last page', async () => {
    const page = (qs: string) => get<StorePage>(`/api/tienda/productos?${qs}`, buyer.cookie);
    expect(await page('')).toMatchObject({ total: 3 });
    expect(await page('categoria=insumo')).toMatchObject({
      total: 2,
      productos: [{ nombre: 'Anestesia lidocaína' }, { nombre: 'Guantes de nitrilo' }],
    });
    expect(await page('categoria=producto')).toMatchObject({ total: 1 });
    expect(await page('categoria=insumo&pagina=2')).toMatchObject({ productos: [], total: 2, pagina: 2 });
    // The supplier's own catalogue is not for sale to it, the buyer's private one to nobody.
    expect(await get<StorePage>('/api/tienda/productos?categoria=insumo', seller.cookie)).toMatchObject({
      productos: [],
      total: 0,
    });
  });

  it('searches nombre and descripción without accents and filters by tab', async () => {
    const search = async (qs: string) =>
      (await get<StorePage>(`/api/tienda/productos?${qs}`, buyer.cookie)).productos.map((p) => p.nombre);
    expect(await search('q=LIDOCAINA')).toEqual(['Anestesia lidocaína']);
    expect(await search('q=carpulas')).toEqual(['Anestesia lidocaína']);
    expect(await search('q=jeringa')).toEqual(['Resina compuesta']);
    expect(await search('categoria=producto')).toEqual(['Resina compuesta']);
    expect(await search('categoria=insumo&q=guantes')).toEqual(['Guantes de nitrilo']);
    expect(await search('categoria=servicio')).toHaveLength(3); // an unknown tab is Todos
    expect(await search('q=50%25')).toEqual([]);
    // Past the last page: no cards, the total still known.
    expect(await get<StorePage>('/api/tienda/productos?pagina=4', buyer.cookie)).toMatchObject({
      productos: [],
      total: 3,
      pagina: 4,
    });
    expect(await get<StorePage>('/api/tienda/productos?q=guantes', buyer.cookie)).toMatchObject({
      total: 1,
      porPagina: 24,
    });
  });

  it('shows one product with its supplier; another clinic’s private item is not found', async () => {
    const p = await get<StoreProduct>(`/api/tienda/productos/${guantes}`, buyer.cookie);
    expect(p).toMatchObject({
      id: guantes,
      nombre: 'Guantes de nitrilo',
      descripcion: 'Caja de 100, talla M',
      proveedor: { nombre: 'Depósito Norte' },
    });
    const [own] = await t.db
      .select({ id: productos.id })
      .from(productos)
      .where(eq(productos.clinicaId, buyer.clinica.id));
    expect((await t.request(`/api/tienda/productos/${own.id}`, { cookie: seller.cookie })).status).toBe(404);
    expect((await t.request(`/api/tienda/productos/${guantes}`, { cookie: seller.cookie })).status).toBe(404);
    expect((await t.request('/api/tienda/productos/nope', { cookie: buyer.cookie })).status).toBe(404);
  });
});

describe('cart (spec 001 §4, §5)', () => {
  it('adds twice into one line, sets, ignores negatives, removes at 0 or a non-number, and totals on the server', async () => {
    const seller = await supplier();
    const buyer = await createClinicOwner(t, BOGOTA);
    const a = await item(seller.clinica.id, { nombre: 'A', precioVenta: 10_050 });
    const b = await item(seller.clinica.id, { nombre: 'B', precioVenta: 333 });
    await add(buyer.cookie, a);
    let cart = (await (await add(buyer.cookie, a)).json()) as Cart;
    expect(cart.lineas).toHaveLength(1);
    expect(cart.lineas[0]).toMatchObject({
      productoId: a,
      cantidad: 2,
      precioUnitario: 10_050,
      precioActual: 10_050,
      precioCambiado: false,
      subtotal: 20_100,
    });
    cart = (await (await add(buyer.cookie, b, 3)).json()) as Cart;
    expect(cart.lineas.map((l) => l.productoId)).toEqual([b, a]); // newest first
    expect(cart.cantidadProductos).toBe(5);
    expect(cart.totales).toEqual(orderTotals(20_100 + 999));
    expect(cart.totales).toEqual({ subtotal: 21_099, iva: 4_009, envio: 15_000, total: 40_108 });
    expect(cart.proveedor).toEqual({ id: seller.clinica.id, nombre: 'Depósito de prueba' });

    const lineB = cart.lineas[0].id;
    cart = (await (await setQuantity(buyer.cookie, lineB, '7')).json()) as Cart;
    expect(cart.lineas[0].cantidad).toBe(7);
    cart = (await (await setQuantity(buyer.cookie, lineB, -2)).json()) as Cart;
    expect(cart.lineas[0].cantidad).toBe(7);
    cart = (await (await setQuantity(buyer.cookie, lineB, 'abc')).json()) as Cart;
    expect(cart.lineas.map((l) => l.productoId)).toEqual([a]);
    cart = (await (await setQuantity(buyer.cookie, cart.lineas[0].id, 0)).json()) as Cart;
    expect(cart).toMatchObject({
      lineas: [],
      proveedor: null,
      cantidadProductos: 0,
      totales: { subtotal: 0, iva: 0, envio: 0, total: 0 },
    });
  });

  it('refuses more than the stock, another supplier’s product and the clinic’s own items', async () => {
    const seller = await supplier();
    const other = await supplier('Otro depósito');
    const buyer = await createClinicOwner(t, BOGOTA);
    const few = await item(seller.clinica.id, { nombre: 'Fresas', stockActual: 2 });
    const none = await item(seller.clinica.id, { nombre: 'Agotado', stockActual: 0 });
    const elsewhere = await item(other.clinica.id, { nombre: 'Otro' });
    expect((await add(buyer.cookie, few, 2)).status).toBe(200);
    const more = await add(buyer.cookie, few);
    expect(more.status).toBe(409);
    expect(await errorOf(more)).toMatchObject({ code: 'out_of_stock', message: STORE_MESSAGES.onlyLeft('Fresas', 2) });
    expect((await errorOf(await add(buyer.cookie, none))).message).toBe(STORE_MESSAGES.outOfStock('Agotado'));
    const mixed = await add(buyer.cookie, elsewhere);
    expect(mixed.status).toBe(409);
    expect(await errorOf(mixed)).toMatchObject({
      code: 'other_supplier',
      message: STORE_MESSAGES.otherSupplier('Depósito de prueba'),
    });
    const mine = await item(seller.clinica.id, { nombre: 'Propio' });
    const own = await add(seller.cookie, mine);
    expect(own.status).toBe(422);
    expect((await errorOf(own)).message).toBe(STORE_MESSAGES.ownCatalogue);
  });

  it('shows a supplier’s price change before paying, and checkout refuses the old price once', async () => {
    const seller = await supplier();
    const buyer = await createClinicOwner(t, BOGOTA);
    const p = await item(seller.clinica.id, { precioVenta: 10_000 });
    await add(buyer.cookie, p, 2);
    await t.db.update(productos).set({ precioVenta: 12_000 }).where(eq(productos.id, p));
    const cart = await get<Cart>('/api/carrito', buyer.cookie);
    expect(cart.lineas[0]).toMatchObject({
      precioUnitario: 10_000,
      precioActual: 12_000,
      precioCambiado: true,
      subtotal: 24_000,
    });
    const refused = await checkout(buyer.cookie);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: 'prices_changed', message: STORE_MESSAGES.pricesChanged });
    expect(await ordersOf(buyer.clinica.id)).toBe(0);
    expect((await get<Cart>('/api/carrito', buyer.cookie)).lineas[0]).toMatchObject({
      precioUnitario: 12_000,
      precioCambiado: false,
    });
    const ok = await checkout(buyer.cookie);
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as Order).subtotal).toBe(24_000);
  });

  it('belongs to its user: another member’s line is not found, and DELETE empties only one’s own cart', async () => {
    const seller = await supplier();
    const buyer = await createClinicOwner(t, BOGOTA);
    const colleague = await addTeamMember(t, buyer.clinica.id, 'Asistente', 'asistente');
    const p = await item(seller.clinica.id);
    const mine = (await (await add(buyer.cookie, p)).json()) as Cart;
    await add(colleague.cookie, p, 3);
    const theirs = await get<Cart>('/api/carrito', colleague.cookie);
    expect(theirs.lineas[0].cantidad).toBe(3);
    expect((await setQuantity(colleague.cookie, mine.lineas[0].id, 5)).status).toBe(404);
    expect(
      (await t.request(`/api/carrito/${mine.lineas[0].id}`, { method: 'DELETE', cookie: colleague.cookie })).status,
    ).toBe(404);
    expect(
      (await (await t.request('/api/carrito', { method: 'DELETE', cookie: colleague.cookie })).json()) as Cart,
    ).toMatchObject({ lineas: [] });
    expect((await get<Cart>('/api/carrito', buyer.cookie)).lineas[0].cantidad).toBe(1);
    expect(
      (await (
        await t.request(`/api/carrito/${mine.lineas[0].id}`, { method: 'DELETE', cookie: buyer.cookie })
      ).json()) as Cart,
    ).toMatchObject({ lineas: [] });
  });
});

describe('checkout', () => {
  it('validates the form with the spec’s messages and refuses an empty cart', async () => {
    const buyer = await createClinicOwner(t, BOGOTA);
    const res = await t.request('/api/pedidos', {
      method: 'POST',
      cookie: buyer.cookie,
      json: { claveIdempotencia: randomUUID() },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toMatchObject({
      nombreCompleto: CHECKOUT_MESSAGES.nombreRequired,
      telefono: CHECKOUT_MESSAGES.telefonoRequired,
      direccion: CHECKOUT_MESSAGES.direccionRequired,
      ciudad: CHECKOUT_MESSAGES.ciudadRequired,
      departamento: CHECKOUT_MESSAGES.departamentoRequired,
    });
    const empty = await checkout(buyer.cookie);
    expect(empty.status).toBe(422);
    // A code the checkout page acts on (back to the store), not only a message.
    expect(await errorOf(empty)).toMatchObject({ code: 'cart_empty', message: STORE_MESSAGES.cartEmpty });
  });

  it('creates the order with the prices of that moment, takes the stock, empties the cart; the same key gives the same order', async () => {
    const seller = await supplier();
    const buyer = await createClinicOwner(t, BOGOTA);
    const a = await item(seller.clinica.id, { nombre: 'Algodón', precioVenta: 4_500, stockActual: 10, stockMinimo: 8 });
    const b = await item(seller.clinica.id, { nombre: 'Baberos', precioVenta: 12_345, stockActual: null });
    await add(buyer.cookie, a, 3);
    await add(buyer.cookie, b, 2);
    const key = randomUUID();
    const res = await checkout(buyer.cookie, key, {
      metodoPago: 'contraentrega',
      notas: 'Llamar antes',
      codigoPostal: '110111',
      notasEntrega: 'Portería',
    });
    expect(res.status).toBe(201);
    const order = (await res.json()) as Order;
    expect(order.numeroPedido).toMatch(/^PED-\d{4}-\d{6}$/);
    expect(order).toMatchObject({
      estado: 'recibido',
      ...orderTotals(3 * 4_500 + 2 * 12_345),
      metodoPago: 'contraentrega',
      notas: 'Llamar antes',
      cantidadProductos: 5,
      proveedor: { id: seller.clinica.id },
      clinica: { id: buyer.clinica.id },
      direccionEnvio: {
        nombre: 'Ana Gómez',
        telefono: '300 123 4567',
        ciudad: 'Bogotá',
        departamento: 'Cundinamarca',
        codigoPostal: '110111',
        notas: 'Portería',
      },
    });
    expect(order.lineas.map((l) => [l.nombre, l.precioUnitario, l.cantidad, l.subtotal])).toEqual([
      ['Algodón', 4_500, 3, 13_500],
      ['Baberos', 12_345, 2, 24_690],
    ]);
    expect(order.seguimiento).toEqual([expect.objectContaining({ estado: 'recibido', autor: 'Ana' })]);
    // The checkout builds its answer from its own statements: the same as the order's page.
    expect(order).toEqual(await get<Order>(`/api/pedidos/${order.id}`, buyer.cookie));
    expect(await stockOf(a)).toBe(7);
    expect(await stockOf(b)).toBeNull();
    const moves = await t.db.select().from(movimientosStock).where(eq(movimientosStock.productoId, a));
    expect(moves).toEqual([
      expect.objectContaining({ cantidad: -3, motivo: 'venta', stockResultante: 7, referencia: order.id }),
    ]);
    expect((await get<Cart>('/api/carrito', buyer.cookie)).lineas).toEqual([]);
    // The sale took Algodón to its minimum: the supplier is told, once.
    const alerts = await t.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, seller.userId), eq(notificaciones.titulo, CATALOG_MESSAGES.lowStockTitle)));
    expect(alerts.map((n) => n.mensaje)).toEqual([CATALOG_MESSAGES.lowStockMessage('Algodón', 7, 8)]);

    // A later price change does not touch the order.
    await t.db.update(productos).set({ precioVenta: 9_999 }).where(eq(productos.id, a));
    const again = await checkout(buyer.cookie, key);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Order).id).toBe(order.id);
    expect(await ordersOf(buyer.clinica.id)).toBe(1);
    expect((await get<Order>(`/api/pedidos/${order.id}`, buyer.cookie)).lineas[0].precioUnitario).toBe(4_500);

    // The same key with a new cart still answers the first order (never a second one).
    await add(buyer.cookie, a);
    expect(((await (await checkout(buyer.cookie, key)).json()) as Order).id).toBe(order.id);
    expect(await ordersOf(buyer.clinica.id)).toBe(1);
  });

  it('writes nothing when a line lacks stock and names every short product', async () => {
    const seller = await supplier();
    const buyer = await createClinicOwner(t, BOGOTA);
    const ok = await item(seller.clinica.id, { nombre: 'Suficiente', stockActual: 50 });
    const short1 = await item(seller.clinica.id, { nombre: 'Escaso', stockActual: 5 });
    const short2 = await item(seller.clinica.id, { nombre: 'Justo', stockActual: 5 });
    await add(buyer.cookie, ok, 10);
    await add(buyer.cookie, short1, 5);
    await add(buyer.cookie, short2, 5);
    // Someone else bought meanwhile.
    await t.db.update(productos).set({ stockActual: 2 }).where(eq(productos.id, short1));
    await t.db.update(productos).set({ stockActual: 0 }).where(eq(productos.id, short2));
    const res = await checkout(buyer.cookie);
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    // Named in the order the lines are locked (by product id).
    const byId = [
      [short1, 'Escaso'],
      [short2, 'Justo'],
    ]
      .sort((x, y) => (x[0] < y[0] ? -1 : 1))
      .map((x) => x[1]);
    expect(error.code).toBe('out_of_stock');
    expect(error.message).toBe(STORE_MESSAGES.notEnoughStock(byId));
    expect(error.fields).toEqual({
      [short1]: STORE_MESSAGES.onlyLeft('Escaso', 2),
      [short2]: STORE_MESSAGES.outOfStock('Justo'),
    });
    expect([await stockOf(ok), await stockOf(short1), await stockOf(short2)]).toEqual([50, 2, 0]);
    expect(await ordersOf(buyer.clinica.id)).toBe(0);
    expect((await get<Cart>('/api/carrito', buyer.cookie)).lineas).toHaveLength(3);
  });

  it('refuses a product no longer for sale (inactive, without a price, its clinic no longer a supplier), shown as such in the cart', async () => {
    const seller = await supplier();
    const buyer = await createClinicOwner(t, BOGOTA);
    const kept = await item(seller.clinica.id, { nombre: 'Sigue' });
    const gone = await item(seller.clinica.id, { nombre: 'Retirado' });
    await add(buyer.cookie, kept);
    await add(buyer.cookie, gone);
    const cases: [string, () => Promise<unknown>][] = [
      ['inactive', () => t.db.update(productos).set({ activo: false }).where(eq(productos.id, gone))],
      ['no price', () => t.db.update(productos).set({ activo: true, precioVenta: null }).where(eq(productos.id, gone))],
      [
        'a service now',
        () => t.db.update(productos).set({ precioVenta: 5_000, categoria: 'servicio' }).where(eq(productos.id, gone)),
      ],
    ];
    for (const [why, change] of cases) {
      await change();
      const cart = await get<Cart>('/api/carrito', buyer.cookie);
      const line = cart.lineas.find((l) => l.productoId === gone)!;
      expect(line.producto.disponible, why).toBe(false);
      expect(line.precioActual, why).toBeNull();
      const refused = await checkout(buyer.cookie);
      expect(refused.status, why).toBe(409);
      expect(await errorOf(refused), why).toMatchObject({
        code: 'not_for_sale',
        message: STORE_MESSAGES.unavailable(['Retirado']),
      });
    }
    // Back for sale, but its clinic stops selling: every line of it is refused.
    await t.db.update(productos).set({ categoria: 'insumo' }).where(eq(productos.id, gone));
    expect((await get<Cart>('/api/carrito', buyer.cookie)).lineas.every((l) => l.producto.disponible)).toBe(true);
    await t.db.update(clinicas).set({ esProveedor: false }).where(eq(clinicas.id, seller.clinica.id));
    expect((await get<Cart>('/api/carrito', buyer.cookie)).lineas.some((l) => l.producto.disponible)).toBe(false);
    expect(await errorOf(await checkout(buyer.cookie))).toMatchObject({ code: 'not_for_sale' });
    expect((await t.request(`/api/tienda/productos/${kept}`, { cookie: buyer.cookie })).status).toBe(404);
    expect(await ordersOf(buyer.clinica.id)).toBe(0);
  });

  it('keeps orders to the buying clinic: listed newest first, 404 to another clinic', async () => {
    const seller = await supplier();
    const buyer = await createClinicOwner(t, BOGOTA);
    const stranger = await createClinicOwner(t, BOGOTA);
    const p = await item(seller.clinica.id);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      await add(buyer.cookie, p);
      ids.push(((await (await checkout(buyer.cookie)).json()) as Order).id);
    }
    const page = await get<OrderPage>('/api/pedidos', buyer.cookie);
    expect(page.pedidos.map((o) => o.id)).toEqual([ids[1], ids[0]]);
    expect(page).toMatchObject({ total: 2, pagina: 1 });
    // A colleague with compras.ver sees the clinic's orders.
    const colleague = await addTeamMember(t, buyer.clinica.id, 'Asistente', 'asistente');
    expect((await get<OrderPage>('/api/pedidos', colleague.cookie)).total).toBe(2);
    expect((await t.request(`/api/pedidos/${ids[0]}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await get<OrderPage>('/api/pedidos', stranger.cookie)).pedidos).toEqual([]);
    // The supplier reads it on its side, not as a purchase.
    expect((await t.request(`/api/pedidos/${ids[0]}`, { cookie: seller.cookie })).status).toBe(404);
    expect((await get<OrderPage>('/api/ventas', seller.cookie)).pedidos.map((o) => o.id)).toEqual([ids[1], ids[0]]);
  });
});

describe('supplier side (/ventas)', () => {
  it('is only for supplier clinics', async () => {
    const clinic = await createClinicOwner(t, BOGOTA);
    const res = await t.request('/api/ventas', { cookie: clinic.cookie });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe(STORE_MESSAGES.suppliersOnly);
  });

  it('moves an order along its states and notifies the buyer each time; entregado leaves the buyer’s inventory to its own receipt', async () => {
    const seller = await supplier('Depósito Sur');
    const sellerAdmin = await addTeamMember(t, seller.clinica.id, 'Administrador', 'admin');
    await addTeamMember(t, seller.clinica.id, 'Recepción', 'recepcion'); // no ventas.gestionar
    const buyer = await createClinicOwner(t, BOGOTA);
    const recepcion = await addTeamMember(t, buyer.clinica.id, 'Recepción', 'recepcion'); // no compras.ver
    const asistente = await addTeamMember(t, buyer.clinica.id, 'Asistente', 'asistente');
    const p = await item(seller.clinica.id, {
      nombre: 'Eyectores',
      descripcion: 'Bolsa de 100',
      categoria: 'insumo',
      unidadMedida: 'bolsa',
      precioVenta: 8_000,
    });
    await add(buyer.cookie, p, 4);
    const live: RealtimeEvent[] = [];
    const stop = t.deps.realtime.subscribe({ event: (e) => live.push(e), resync: () => undefined });
    const order = (await (await checkout(buyer.cookie)).json()) as Order;
    // The supplier is told of the new order, live too (the events published by the checkout's statement).
    const [sale] = await t.db.select().from(notificaciones).where(eq(notificaciones.userId, seller.userId));
    expect(sale).toMatchObject({
      titulo: STORE_MESSAGES.newSaleTitle,
      mensaje: STORE_MESSAGES.newSaleMessage(order.numeroPedido, order.clinica.nombre),
      enlace: `/ventas/${order.id}`,
      clinicaId: seller.clinica.id,
    });
    // Only the supplier's members with ventas.gestionar, once each.
    const told = await t.db
      .select({ userId: notificaciones.userId })
      .from(notificaciones)
      .where(eq(notificaciones.enlace, `/ventas/${order.id}`));
    expect(told.map((n) => n.userId).sort()).toEqual([seller.userId, sellerAdmin.userId].sort());
    await expect.poll(() => live.length).toBe(2);
    stop();
    expect(live.map((e) => JSON.stringify(e)).sort()).toEqual(
      (
        await t.db
          .select({ id: notificaciones.id, userId: notificaciones.userId })
          .from(notificaciones)
          .where(eq(notificaciones.enlace, `/ventas/${order.id}`))
      )
        .map((n) => JSON.stringify({ kind: 'notificacion', userId: n.userId, id: n.id }))
        .sort(),
    );

    const move = (estado: string) =>
      t.request(`/api/ventas/${order.id}/estado`, { method: 'POST', cookie: seller.cookie, json: { estado } });
    const skip = await move('entregado');
    expect(skip.status).toBe(409);
    expect((await errorOf(skip)).message).toBe(STORE_MESSAGES.transitionInvalid('Recibido', 'Entregado'));
    expect((await move('en_preparacion')).status).toBe(200);
    // The buyer cannot move its own order, nor can another supplier.
    expect(
      (
        await t.request(`/api/ventas/${order.id}/estado`, {
          method: 'POST',
          cookie: buyer.cookie,
          json: { estado: 'enviado' },
        })
      ).status,
    ).toBe(403);
    const rival = await supplier('Rival');
    expect(
      (
        await t.request(`/api/ventas/${order.id}/estado`, {
          method: 'POST',
          cookie: rival.cookie,
          json: { estado: 'enviado' },
        })
      ).status,
    ).toBe(404);
    expect((await move('enviado')).status).toBe(200);
    const delivered = (await (await move('entregado')).json()) as Order;
    expect(delivered.estado).toBe('entregado');
    expect(delivered.seguimiento.map((s) => s.estado)).toEqual(['recibido', 'en_preparacion', 'enviado', 'entregado']);
    expect((await move('cancelado')).status).toBe(409);

    const notified = async (userId: string) =>
      (await t.db.select().from(notificaciones).where(eq(notificaciones.userId, userId))).map((n) => n.mensaje).sort();
    const expected = ['En preparación', 'Enviado', 'Entregado']
      .map((e) => STORE_MESSAGES.estadoNotificationMessage(order.numeroPedido, e))
      .sort();
    expect(await notified(buyer.userId)).toEqual(expected);
    expect(await notified(asistente.userId)).toEqual(expected);
    expect(await notified(recepcion.userId)).toEqual([]);
    const list = await get<{ notificaciones: AppNotification[] }>('/api/notificaciones', buyer.cookie);
    expect(list.notificaciones[0]).toMatchObject({
      titulo: STORE_MESSAGES.estadoNotificationTitle,
      enlace: `/compras/pedidos/${order.id}`,
    });

    // Nothing entered the buyer's inventory: it receives the order itself (receipt.test.ts).
    expect(
      await t.db.select({ id: productos.id }).from(productos).where(eq(productos.clinicaId, buyer.clinica.id)),
    ).toEqual([]);
    expect((await get<Order>(`/api/pedidos/${order.id}`, buyer.cookie)).recepcion).toBeNull();
  });

  it('gives the stock back to the supplier when an order is cancelled', async () => {
    const seller = await supplier();
    const buyer = await createClinicOwner(t, BOGOTA);
    const p = await item(seller.clinica.id, { stockActual: 20 });
    await add(buyer.cookie, p, 5);
    const order = (await (await checkout(buyer.cookie)).json()) as Order;
    expect(await stockOf(p)).toBe(15);
    const res = await t.request(`/api/ventas/${order.id}/estado`, {
      method: 'POST',
      cookie: seller.cookie,
      json: { estado: 'cancelado' },
    });
    expect(res.status).toBe(200);
    expect(await stockOf(p)).toBe(20);
    expect((await get<Order>(`/api/pedidos/${order.id}`, buyer.cookie)).estado).toBe('cancelado');
  });
});

describe.runIf(process.env.TEST_DB_DRIVER === 'postgres')('under concurrency (PostgreSQL)', () => {
  it('sells exactly the stock: 50 buyers of 1 unit of an item with stock 10 make 10 orders', async () => {
    const seller = await supplier();
    const buyer = await createClinicOwner(t, BOGOTA);
    const p = await item(seller.clinica.id, { stockActual: 10 });
    const members = await Promise.all(
      Array.from({ length: 50 }, () => addTeamMember(t, buyer.clinica.id, 'Asistente', 'asistente')),
    );
    await t.db.insert(carrito).values(
      members.map((m) => ({
        userId: m.userId,
        clinicaId: buyer.clinica.id,
        productoId: p,
        cantidad: 1,
        precioUnitario: 25_000,
      })),
    );
    const statuses = await Promise.all(members.map((m) => checkout(m.cookie).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await stockOf(p)).toBe(0);
    expect(await ordersOf(buyer.clinica.id)).toBe(10);
  });

  it('makes one order of a burst of the same request', async () => {
    const seller = await supplier();
    const buyer = await createClinicOwner(t, BOGOTA);
    const p = await item(seller.clinica.id, { stockActual: 10 });
    await add(buyer.cookie, p, 2);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkout(buyer.cookie, key)));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Order[];
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(await ordersOf(buyer.clinica.id)).toBe(1);
    expect(await stockOf(p)).toBe(8);
  });
});
