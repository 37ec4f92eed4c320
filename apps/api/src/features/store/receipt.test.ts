import { randomUUID } from 'node:crypto';
import {
  DEFAULT_ROLES,
  STORE_MESSAGES,
  type CatalogItem,
  type Order,
  type ReceiptPlan,
  type ReceiveOrderInput,
} from '@odontia/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicas, movimientosStock, productos } from '../../db/schema/index.ts';
import {
  addTeamMember,
  BOGOTA,
  createClinicOwner,
  createTestApp,
  errorOf,
  setRolePermissions,
  type TestApp,
} from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<typeof createClinicOwner>>;
type ItemFields = Partial<typeof productos.$inferInsert>;

async function item(clinicaId: string, fields: ItemFields) {
  const [row] = await t.db
    .insert(productos)
    .values({
      tipoImpuesto: 'ES_IVA_21',
      clinicaId,
      nombre: 'Ítem',
      categoria: 'insumo',
      precioVenta: 10_000,
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
const plan = (cookie: string, orderId: string) => t.request(`/api/pedidos/${orderId}/recepcion`, { cookie });
const receive = (cookie: string, orderId: string, json: ReceiveOrderInput) =>
  t.request(`/api/pedidos/${orderId}/recepcion`, { method: 'POST', cookie, json });

/** Buys these items (id → units) from `seller` as `buyer` and has the supplier take the order to `estado`. */
async function order(seller: Account, buyer: { cookie: string }, lines: [string, number][], estado = 'entregado') {
  for (const [productoId, cantidad] of lines)
    await t.request('/api/carrito', { method: 'POST', cookie: buyer.cookie, json: { productoId, cantidad } });
  const res = await t.request('/api/pedidos', {
    method: 'POST',
    cookie: buyer.cookie,
    json: {
      nombreCompleto: 'Ana Gómez',
      telefono: '300 123 4567',
      direccion: 'Calle 10 # 20-30',
      ciudad: 'Bogotá',
      departamento: 'Cundinamarca',
      claveIdempotencia: randomUUID(),
    },
  });
  expect(res.status).toBe(201);
  const created = (await res.json()) as Order;
  const steps = ['en_preparacion', 'enviado', 'entregado'];
  for (const step of steps.slice(0, steps.indexOf(estado) + 1)) {
    const moved = await t.request(`/api/ventas/${created.id}/estado`, {
      method: 'POST',
      cookie: seller.cookie,
      json: { estado: step },
    });
    expect(moved.status).toBe(200);
  }
  return created;
}

const itemOf = async (id: string) => (await t.db.select().from(productos).where(eq(productos.id, id)))[0];
const itemsOf = (clinicaId: string) =>
  t.db.select().from(productos).where(eq(productos.clinicaId, clinicaId)).orderBy(productos.nombre);

describe('receiving a delivered order into the inventory', () => {
  let seller: Account;
  let buyer: Account;
  let asistente: Awaited<ReturnType<typeof addTeamMember>>;
  const supplied: Record<string, string> = {};
  const own: Record<string, string> = {};
  beforeAll(async () => {
    seller = await supplier('Depósito Norte');
    buyer = await createClinicOwner(t, { ...BOGOTA, nombre: 'Clínica Receptora' });
    asistente = await addTeamMember(t, buyer.clinica.id, 'Asistente', 'asistente');
    await t.db.execute(sql`update usuarios set nombres = 'Marta' where id = ${asistente.userId}`);
    const s = seller.clinica.id;
    supplied.guantes = await item(s, {
      nombre: 'Guantes de nitrilo talla M',
      codigo: 'DDI-0002',
      unidadMedida: 'caja',
    });
    supplied.eyectores = await item(s, {
      nombre: 'Eyectores de saliva',
      descripcion: 'Bolsa de 100',
      codigo: 'DDI-0010',
      unidadMedida: 'bolsa',
      precioVenta: 11_900,
    });
    supplied.resina = await item(s, { nombre: 'Resina compuesta A2', categoria: 'producto', codigo: 'DDI-0028' });
    supplied.tapabocas = await item(s, { nombre: 'Tapabocas desechables', codigo: 'DDI-0006', precioVenta: 9_800 });
    const b = buyer.clinica.id;
    // Same code as the supplier's gloves; same name as its resin (case and accents aside); a
    // differently named item the clinic uses for tapabocas; and what can never receive.
    own.guantes = await item(b, { nombre: 'Guantes M', codigo: 'DDI-0002', stockActual: 14, precioVenta: null });
    own.resina = await item(b, {
      nombre: 'RESINA COMPUESTA a2',
      codigo: 'INS-006',
      stockActual: null,
      precioVenta: null,
    });
    own.mascarillas = await item(b, { nombre: 'Mascarillas quirúrgicas', codigo: 'INS-003', stockActual: 11 });
    own.servicio = await item(b, { nombre: 'Limpieza', categoria: 'servicio', stockActual: null });
    own.inactivo = await item(b, { nombre: 'Eyectores de saliva', activo: false, stockActual: 0 });
  });

  async function supplier(nombre: string) {
    const owner = await createClinicOwner(t, { ...BOGOTA, nombre });
    await t.db.update(clinicas).set({ esProveedor: true }).where(eq(clinicas.id, owner.clinica.id));
    return owner;
  }

  it('proposes the linked, same-code or same-name item for each line, receives the chosen ones, and later deliveries go to the same items', async () => {
    const first = await order(seller, buyer, [
      [supplied.guantes, 4],
      [supplied.eyectores, 3],
      [supplied.resina, 2],
      [supplied.tapabocas, 6],
    ]);
    const lineOf = (o: Order, productoId: string) => o.lineas.find((l) => l.productoId === productoId)!;

    const proposal = (await (await plan(asistente.cookie, first.id)).json()) as ReceiptPlan;
    expect(proposal.lineas.map((l) => [l.nombre, l.cantidad, l.destino && [l.destino.id, l.destino.por]])).toEqual([
      ['Eyectores de saliva', 3, null], // its namesake is inactive
      ['Guantes de nitrilo talla M', 4, [own.guantes, 'codigo']],
      ['Resina compuesta A2', 2, [own.resina, 'nombre']],
      ['Tapabocas desechables', 6, null],
    ]);
    // The choices: the clinic's active products and supplies, by name.
    expect(proposal.opciones.map((o) => o.nombre)).toEqual([
      'Guantes M',
      'Mascarillas quirúrgicas',
      'RESINA COMPUESTA a2',
    ]);

    const choose = (choices: Record<string, string | null>): ReceiveOrderInput => ({
      lineas: Object.entries(choices).map(([productoId, target]) => ({
        detalleId: lineOf(first, productoId).id,
        productoId: target,
      })),
    });
    const valid = {
      [supplied.guantes]: own.guantes,
      [supplied.eyectores]: null,
      [supplied.resina]: own.resina,
      [supplied.tapabocas]: own.mascarillas,
    };
    // Refused, on the line's field, with nothing written: a service, another clinic's item, one item
    // for two products, a line left out.
    const service = await receive(asistente.cookie, first.id, choose({ ...valid, [supplied.tapabocas]: own.servicio }));
    expect(service.status).toBe(422);
    expect((await errorOf(service)).fields).toEqual({ 'lineas.3.productoId': STORE_MESSAGES.receiveItemInvalid });
    const foreign = await item(seller.clinica.id, { nombre: 'De otro' });
    expect(
      (await errorOf(await receive(asistente.cookie, first.id, choose({ ...valid, [supplied.tapabocas]: foreign }))))
        .fields,
    ).toEqual({ 'lineas.3.productoId': STORE_MESSAGES.receiveItemInvalid });
    const twice = await receive(asistente.cookie, first.id, choose({ ...valid, [supplied.tapabocas]: own.guantes }));
    expect(twice.status).toBe(400);
    expect((await errorOf(twice)).fields).toEqual({ lineas: STORE_MESSAGES.receiveItemTwice });
    const partial = await receive(asistente.cookie, first.id, {
      lineas: choose(valid).lineas.slice(1),
    });
    expect(partial.status).toBe(422);
    expect((await errorOf(partial)).message).toBe(STORE_MESSAGES.receiveLinesInvalid);
    expect((await get<Order>(`/api/pedidos/${first.id}`, buyer.cookie)).recepcion).toBeNull();

    const res = await receive(asistente.cookie, first.id, choose(valid));
    expect(res.status).toBe(200);
    const received = (await res.json()) as Order;
    expect(received.recepcion).toMatchObject({ autor: 'Marta' });
    expect(received).toEqual(await get<Order>(`/api/pedidos/${first.id}`, buyer.cookie));

    // Into the chosen items, each now linked to its product at the price paid; a new item for the eyectores.
    const made = lineOf(received, supplied.eyectores).recibidoEn!;
    expect(Object.fromEntries(received.lineas.map((l) => [l.productoId, l.recibidoEn?.id]))).toEqual({
      [supplied.guantes]: own.guantes,
      [supplied.eyectores]: made.id,
      [supplied.resina]: own.resina,
      [supplied.tapabocas]: own.mascarillas,
    });
    expect(await itemOf(own.guantes)).toMatchObject({
      stockActual: 18,
      productoProveedorId: supplied.guantes,
      precioCompra: 10_000,
    });
    expect(await itemOf(own.resina)).toMatchObject({ stockActual: 2, productoProveedorId: supplied.resina });
    expect(await itemOf(own.mascarillas)).toMatchObject({
      nombre: 'Mascarillas quirúrgicas',
      stockActual: 17,
      productoProveedorId: supplied.tapabocas,
      precioCompra: 9_800,
    });
    expect(await itemOf(made.id)).toMatchObject({
      nombre: 'Eyectores de saliva',
      descripcion: 'Bolsa de 100',
      categoria: 'insumo',
      codigo: 'DDI-0010',
      unidadMedida: 'bolsa',
      stockActual: 3,
      precioCompra: 11_900,
      productoProveedorId: supplied.eyectores,
    });
    // One 'compra_recibida' movement per line, by the member who received, naming the order.
    const moves = await t.db
      .select()
      .from(movimientosStock)
      .where(and(eq(movimientosStock.referencia, first.id), eq(movimientosStock.clinicaId, buyer.clinica.id)));
    expect(moves.map((m) => [m.productoId, m.cantidad, m.motivo, m.autorId]).sort()).toEqual(
      [
        [own.guantes, 4, 'compra_recibida', asistente.userId],
        [made.id, 3, 'compra_recibida', asistente.userId],
        [own.resina, 2, 'compra_recibida', asistente.userId],
        [own.mascarillas, 6, 'compra_recibida', asistente.userId],
      ].sort(),
    );
    // The item page says which store product it receives.
    expect((await get<CatalogItem>(`/api/productos/${own.mascarillas}`, buyer.cookie)).productoProveedor).toEqual({
      id: supplied.tapabocas,
      nombre: 'Tapabocas desechables',
      proveedor: 'Depósito Norte',
    });
    // The supplier sees neither when nor into what the buyer received it.
    const sale = await get<Order>(`/api/ventas/${first.id}`, seller.cookie);
    expect(sale.recepcion).toBeNull();
    expect(sale.lineas.every((l) => l.recibidoEn === null)).toBe(true);
    // Once only.
    const again = await receive(asistente.cookie, first.id, choose(valid));
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: 'already_received', message: STORE_MESSAGES.alreadyReceived });
    expect((await errorOf(await plan(asistente.cookie, first.id))).code).toBe('already_received');

    // The next delivery of those products goes into the linked items: proposed as such, and no other.
    const second = await order(seller, buyer, [
      [supplied.eyectores, 5],
      [supplied.tapabocas, 2],
    ]);
    const next = (await (await plan(buyer.cookie, second.id)).json()) as ReceiptPlan;
    expect(next.lineas.map((l) => [l.nombre, l.destino?.id, l.destino?.por])).toEqual([
      ['Eyectores de saliva', made.id, 'vinculo'],
      ['Tapabocas desechables', own.mascarillas, 'vinculo'],
    ]);
    expect(next.opciones.map((o) => o.nombre)).toEqual([]);
    const elsewhere = await receive(buyer.cookie, second.id, {
      lineas: next.lineas.map((l) => ({ detalleId: l.detalleId, productoId: null })),
    });
    expect(elsewhere.status).toBe(422);
    expect((await errorOf(elsewhere)).fields).toEqual({
      'lineas.0.productoId': STORE_MESSAGES.receiveLinkedElsewhere('Eyectores de saliva', 'Eyectores de saliva'),
    });
    const count = (await itemsOf(buyer.clinica.id)).length;
    const ok = await receive(buyer.cookie, second.id, {
      lineas: next.lineas.map((l) => ({ detalleId: l.detalleId, productoId: l.destino!.id })),
    });
    expect(ok.status).toBe(200);
    expect((await itemsOf(buyer.clinica.id)).length).toBe(count);
    expect([(await itemOf(made.id)).stockActual, (await itemOf(own.mascarillas)).stockActual]).toEqual([8, 19]);
  });

  it('is for the buying clinic’s members who edit the inventory, once the order is delivered', async () => {
    const pending = await order(seller, buyer, [[supplied.guantes, 1]], 'enviado');
    const early = await plan(buyer.cookie, pending.id);
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toMatchObject({ code: 'not_delivered', message: STORE_MESSAGES.notDelivered });
    const [line] = pending.lineas;
    expect(
      (await errorOf(await receive(buyer.cookie, pending.id, { lineas: [{ detalleId: line.id, productoId: null }] })))
        .code,
    ).toBe('not_delivered');

    const delivered = await order(seller, buyer, [[supplied.resina, 1]]);
    // Another clinic, and the supplier, do not find it; a role without productos.editar may not.
    const stranger = await createClinicOwner(t, BOGOTA);
    expect((await plan(stranger.cookie, delivered.id)).status).toBe(404);
    expect((await plan(seller.cookie, delivered.id)).status).toBe(404);
    const dentista = await addTeamMember(t, buyer.clinica.id, 'Dentista', 'dentista');
    expect((await plan(dentista.cookie, delivered.id)).status).toBe(403);
    // Without productos.crear, a line goes into an existing item, never a new one.
    const limited = await createClinicOwner(t, { ...BOGOTA, nombre: 'Clínica limitada' });
    const clerk = await addTeamMember(t, limited.clinica.id, 'Asistente', 'asistente');
    const asistentePerms = DEFAULT_ROLES.find((r) => r.rol === 'asistente')!.permisos;
    await setRolePermissions(
      t,
      clerk.rolId,
      asistentePerms.filter((p) => p !== 'productos.crear'),
    );
    const theirs = await order(seller, limited, [[supplied.tapabocas, 2]]);
    const refused = await receive(clerk.cookie, theirs.id, {
      lineas: [{ detalleId: theirs.lineas[0].id, productoId: null }],
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(STORE_MESSAGES.receiveCannotCreate);
    const shelf = await item(limited.clinica.id, { nombre: 'Tapabocas', stockActual: 0 });
    const accepted = await receive(clerk.cookie, theirs.id, {
      lineas: [{ detalleId: theirs.lineas[0].id, productoId: shelf }],
    });
    expect(accepted.status).toBe(200);
    expect((await itemOf(shelf)).stockActual).toBe(2);
  });

  it('receives a line whose product the supplier deleted since into a new item of its name, not linked', async () => {
    const gone = await item(seller.clinica.id, { nombre: 'Fresas de carburo', codigo: 'DDI-0047' });
    const delivered = await order(seller, buyer, [[gone, 3]]);
    await t.db.delete(productos).where(eq(productos.id, gone));
    const proposal = (await (await plan(buyer.cookie, delivered.id)).json()) as ReceiptPlan;
    expect(proposal.lineas).toEqual([
      { detalleId: delivered.lineas[0].id, nombre: 'Fresas de carburo', cantidad: 3, destino: null },
    ]);
    const res = await receive(buyer.cookie, delivered.id, {
      lineas: [{ detalleId: delivered.lineas[0].id, productoId: null }],
    });
    expect(res.status).toBe(200);
    const [line] = ((await res.json()) as Order).lineas;
    expect(await itemOf(line.recibidoEn!.id)).toMatchObject({
      nombre: 'Fresas de carburo',
      categoria: 'producto',
      codigo: null,
      stockActual: 3,
      productoProveedorId: null,
    });
  });
});

describe.runIf(process.env.TEST_DB_DRIVER === 'postgres')('receipts at once (PostgreSQL)', () => {
  it('two orders received at once into the same free item for different products: one links it, the other is refused', async () => {
    const seller = await createClinicOwner(t, { ...BOGOTA, nombre: 'Depósito Carrera' });
    await t.db.update(clinicas).set({ esProveedor: true }).where(eq(clinicas.id, seller.clinica.id));
    const buyer = await createClinicOwner(t, BOGOTA);
    const colleague = await addTeamMember(t, buyer.clinica.id, 'Administrador', 'admin');
    const a = await item(seller.clinica.id, { nombre: 'Algodón' });
    const b = await item(seller.clinica.id, { nombre: 'Baberos' });
    const shelf = await item(buyer.clinica.id, { nombre: 'Estante', stockActual: 0 });
    const first = await order(seller, buyer, [[a, 3]]);
    const second = await order(seller, buyer, [[b, 5]]);
    const answers = await Promise.all([
      receive(buyer.cookie, first.id, { lineas: [{ detalleId: first.lineas[0].id, productoId: shelf }] }),
      receive(colleague.cookie, second.id, { lineas: [{ detalleId: second.lineas[0].id, productoId: shelf }] }),
    ]);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The loser read the item free and found it linked when writing (409), or read it linked (422).
    expect(statuses.filter((s) => s === 409 || s === 422)).toHaveLength(1);
    const won = statuses[0] === 200 ? { product: a, units: 3 } : { product: b, units: 5 };
    expect(await itemOf(shelf)).toMatchObject({ productoProveedorId: won.product, stockActual: won.units });
  });
});
