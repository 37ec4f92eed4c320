import { randomUUID } from 'node:crypto';
import {
  CART_QUANTITY_MAX,
  ESTADO_PEDIDO_LABELS,
  ORDERS_PAGE_SIZE,
  STORE_CATEGORIES,
  STORE_MESSAGES,
  STORE_PAGE_SIZE,
  canMoveOrder,
  linesSubtotal,
  orderTotals,
  type Cart,
  type CartLine,
  type CheckoutData,
  type Order,
  type OrderListQuery,
  type OrderPage,
  type OrderStatus,
  type OrderSummary,
  type PaymentMethod,
  type StoreCategory,
  type StoreListQuery,
  type StorePage,
  type StoreProduct,
} from '@odontia/shared';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { carrito, clinicas, detallesPedido, movimientosStock, pedidos, productos, seguimientoPedido, usuarios } from '../../db/schema/index.ts';
import type { Member } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { notify } from '../../platform/notifications.ts';
import { adjustStock, receivePurchasedStock, refreshStockAlert } from '../../platform/stock.ts';

/**
 * The store (spec 001 §2 Store, Cart, Checkout; DESIGN §1): supplier clinics' catalogues for sale,
 * a cart per user, checkout into one order (decision 0010: a cart holds one supplier's products),
 * and the supplier's side (/ventas) that moves orders along their tracking states.
 */

export const productNotFound = () => notFound(STORE_MESSAGES.productNotFound);
export const cartLineNotFound = () => notFound(STORE_MESSAGES.cartLineNotFound);
export const orderNotFound = () => notFound(STORE_MESSAGES.orderNotFound);

const unprocessable = (message: string, fields?: Record<string, string>) => new AppError(422, 'validation_error', message, fields);

const proveedores = alias(clinicas, 'proveedores');

/** For sale: a supplier clinic's active producto or insumo with a sale price, not the caller's own. */
const forSale = (clinicaId: string | SQLWrapper): SQL =>
  and(
    eq(proveedores.esProveedor, true),
    eq(productos.activo, true),
    isNotNull(productos.precioVenta),
    inArray(productos.categoria, [...STORE_CATEGORIES]),
    ne(productos.clinicaId, clinicaId),
  )!;

/** `busqueda LIKE` this: normalised like the column (no accents, lower case), LIKE's characters escaped. */
const likePattern = (term: string | SQLWrapper): SQL =>
  sql`'%' || replace(replace(replace(odontia_normalizar(${term}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

const productColumns = {
  id: productos.id,
  nombre: productos.nombre,
  descripcion: productos.descripcion,
  categoria: sql<StoreCategory>`${productos.categoria}`,
  codigo: productos.codigo,
  precioVenta: sql<number>`${productos.precioVenta}`,
  stockActual: productos.stockActual,
  unidadMedida: productos.unidadMedida,
  imagenUrl: productos.imagenUrl,
  proveedorId: proveedores.id,
  proveedorNombre: proveedores.nombre,
};

type ProductRow = Omit<StoreProduct, 'proveedor'> & { proveedorId: string; proveedorNombre: string };

const toStoreProduct = ({ proveedorId, proveedorNombre, ...p }: ProductRow): StoreProduct => ({
  ...p,
  proveedor: { id: proveedorId, nombre: proveedorNombre },
});

// ---------------------------------------------------------------- store

/**
 * The store's page query, with and without a search term: prepared once per connection (named
 * statements, planned once instead of on every request), one scan for the page and its total
 * (`count(*) over ()`). Parameters: clinicaId (the caller, whose items are never sold to it),
 * categoria ('todos' or a store category), q, limit, offset.
 */
function prepareStoreList(db: Database, withSearch: boolean) {
  const categoria = sql.placeholder('categoria');
  return db
    .select({ ...productColumns, total: sql<number>`(count(*) over ())::int` })
    .from(productos)
    .innerJoin(proveedores, eq(proveedores.id, productos.clinicaId))
    .where(
      and(
        forSale(sql.placeholder('clinicaId')),
        sql`(${categoria}::text = 'todos' or ${productos.categoria} = ${categoria}::text)`,
        withSearch ? sql`${productos.busqueda} like ${likePattern(sql.placeholder('q'))}` : undefined,
      ),
    )
    .orderBy(asc(productos.nombre), asc(productos.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(withSearch ? 'odontia_store_search' : 'odontia_store_list');
}

const storeListQueries = new WeakMap<Database, { list: ReturnType<typeof prepareStoreList>; search: ReturnType<typeof prepareStoreList> }>();

export async function listStoreProducts(db: Database, member: Member, query: StoreListQuery & { pagina: number }): Promise<StorePage> {
  let queries = storeListQueries.get(db);
  if (!queries) {
    queries = { list: prepareStoreList(db, false), search: prepareStoreList(db, true) };
    storeListQueries.set(db, queries);
  }
  const pagina = query.pagina;
  const params = {
    clinicaId: member.clinicaId,
    categoria: query.categoria ?? 'todos',
    q: query.q ?? '',
    limit: STORE_PAGE_SIZE,
    offset: (pagina - 1) * STORE_PAGE_SIZE,
  };
  const search = Boolean(query.q);
  const rows = await (search ? queries.search : queries.list).execute(params);
  // A page past the end has no row to carry the total: the first page does.
  const total = rows[0]?.total ?? (pagina > 1 ? ((await (search ? queries.search : queries.list).execute({ ...params, offset: 0, limit: 1 }))[0]?.total ?? 0) : 0);
  return { productos: rows.map(({ total: _total, ...r }) => toStoreProduct(r)), total, pagina, porPagina: STORE_PAGE_SIZE };
}

export async function getStoreProduct(db: Executor, member: Member, id: string): Promise<StoreProduct | null> {
  const [row] = await db
    .select(productColumns)
    .from(productos)
    .innerJoin(proveedores, eq(proveedores.id, productos.clinicaId))
    .where(and(eq(productos.id, id), forSale(member.clinicaId)));
  return row ? toStoreProduct(row) : null;
}

// ---------------------------------------------------------------- cart

const cartColumns = {
  id: carrito.id,
  productoId: carrito.productoId,
  cantidad: carrito.cantidad,
  precioUnitario: carrito.precioUnitario,
  nombre: productos.nombre,
  descripcion: productos.descripcion,
  categoria: sql<StoreCategory>`${productos.categoria}`,
  imagenUrl: productos.imagenUrl,
  stockActual: productos.stockActual,
  unidadMedida: productos.unidadMedida,
  precioVenta: productos.precioVenta,
  activo: productos.activo,
  proveedorId: proveedores.id,
  proveedorNombre: proveedores.nombre,
  esProveedor: proveedores.esProveedor,
};

const ownCart = (member: Member) => and(eq(carrito.userId, member.userId), eq(carrito.clinicaId, member.clinicaId));

async function cartRows(db: Executor, member: Member) {
  return db
    .select(cartColumns)
    .from(carrito)
    .innerJoin(productos, eq(productos.id, carrito.productoId))
    .innerJoin(proveedores, eq(proveedores.id, productos.clinicaId))
    .where(ownCart(member))
    .orderBy(desc(carrito.fechaCreacion), desc(carrito.id));
}

/** Still sold: the item is active, has a price, its clinic still sells (and is not the buyer's). */
const isAvailable = (r: { activo: boolean; precioVenta: number | null; esProveedor: boolean; categoria: string; proveedorId: string }, member: Member) =>
  r.activo && r.precioVenta !== null && r.esProveedor && (STORE_CATEGORIES as readonly string[]).includes(r.categoria) && r.proveedorId !== member.clinicaId;

export async function getCart(db: Executor, member: Member): Promise<Cart> {
  const rows = await cartRows(db, member);
  const lineas = rows.map((r): CartLine => {
    const disponible = isAvailable(r, member);
    const precioActual = disponible ? r.precioVenta : null;
    return {
      id: r.id,
      productoId: r.productoId,
      cantidad: r.cantidad,
      precioUnitario: r.precioUnitario,
      precioActual,
      precioCambiado: precioActual !== null && precioActual !== r.precioUnitario,
      subtotal: r.cantidad * (precioActual ?? r.precioUnitario),
      producto: {
        nombre: r.nombre,
        descripcion: r.descripcion,
        categoria: r.categoria,
        imagenUrl: r.imagenUrl,
        stockActual: r.stockActual,
        unidadMedida: r.unidadMedida,
        disponible,
      },
    };
  });
  const first = rows[0];
  return {
    lineas,
    proveedor: first ? { id: first.proveedorId, nombre: first.proveedorNombre } : null,
    cantidadProductos: lineas.reduce((n, l) => n + l.cantidad, 0),
    totales: orderTotals(lineas.reduce((sum, l) => sum + l.subtotal, 0)),
  };
}

/** Refuses a quantity the supplier's stock cannot cover (a null stock is not counted). */
function checkStock(p: { nombre: string; stockActual: number | null }, cantidad: number) {
  if (p.stockActual === null || cantidad <= p.stockActual) return;
  throw conflict(p.stockActual === 0 ? STORE_MESSAGES.outOfStock(p.nombre) : STORE_MESSAGES.onlyLeft(p.nombre, p.stockActual));
}

const tooMany = () => unprocessable(STORE_MESSAGES.cantidadTooLarge(CART_QUANTITY_MAX), { cantidad: STORE_MESSAGES.cantidadTooLarge(CART_QUANTITY_MAX) });

/** Spec 001 §4: a product already in the cart goes up by `cantidad`; otherwise a new line at today's price. */
export async function addToCart(db: Database, member: Member, input: { productoId: string; cantidad: number }): Promise<Cart> {
  return db.transaction(async (tx) => {
    const product = await getStoreProduct(tx, member, input.productoId);
    if (!product) {
      const [own] = await tx
        .select({ id: productos.id })
        .from(productos)
        .where(and(eq(productos.id, input.productoId), eq(productos.clinicaId, member.clinicaId)));
      throw own ? unprocessable(STORE_MESSAGES.ownCatalogue) : productNotFound();
    }
    const lines = await tx
      .select({ productoId: carrito.productoId, cantidad: carrito.cantidad, proveedorId: proveedores.id, proveedorNombre: proveedores.nombre })
      .from(carrito)
      .innerJoin(productos, eq(productos.id, carrito.productoId))
      .innerJoin(proveedores, eq(proveedores.id, productos.clinicaId))
      .where(ownCart(member));
    const other = lines.find((l) => l.proveedorId !== product.proveedor.id);
    if (other) throw conflict(STORE_MESSAGES.otherSupplier(other.proveedorNombre));
    const cantidad = (lines.find((l) => l.productoId === product.id)?.cantidad ?? 0) + input.cantidad;
    if (cantidad > CART_QUANTITY_MAX) throw tooMany();
    checkStock(product, cantidad);
    await tx
      .insert(carrito)
      .values({ userId: member.userId, clinicaId: member.clinicaId, productoId: product.id, cantidad: input.cantidad, precioUnitario: product.precioVenta })
      .onConflictDoUpdate({
        target: [carrito.userId, carrito.productoId],
        // The user just saw today's price on the card: that is the price remembered.
        set: {
          cantidad: sql`${carrito.cantidad} + excluded.cantidad`,
          precioUnitario: sql`excluded.precio_unitario`,
          clinicaId: sql`excluded.clinica_id`,
          fechaActualizacion: new Date(),
        },
      });
    return getCart(tx, member);
  });
}

/** Spec 001 §5: null (a negative) leaves the line as it is; 0 removes it; otherwise the new quantity. */
export async function updateCartLine(db: Database, member: Member, id: string, cantidad: number | null): Promise<Cart> {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({ nombre: productos.nombre, stockActual: productos.stockActual })
      .from(carrito)
      .innerJoin(productos, eq(productos.id, carrito.productoId))
      .where(and(eq(carrito.id, id), ownCart(member)));
    if (!line) throw cartLineNotFound();
    if (cantidad === 0) await tx.delete(carrito).where(eq(carrito.id, id));
    else if (cantidad !== null) {
      checkStock(line, cantidad);
      await tx.update(carrito).set({ cantidad, fechaActualizacion: new Date() }).where(eq(carrito.id, id));
    }
    return getCart(tx, member);
  });
}

export async function removeCartLine(db: Database, member: Member, id: string): Promise<Cart> {
  const deleted = await db.delete(carrito).where(and(eq(carrito.id, id), ownCart(member))).returning({ id: carrito.id });
  if (deleted.length === 0) throw cartLineNotFound();
  return getCart(db, member);
}

export async function clearCart(db: Database, member: Member): Promise<Cart> {
  await db.delete(carrito).where(ownCart(member));
  return getCart(db, member);
}

// ---------------------------------------------------------------- orders

const compradores = alias(clinicas, 'compradores');

const summaryColumns = {
  id: pedidos.id,
  numeroPedido: pedidos.numeroPedido,
  estado: sql<OrderStatus>`${pedidos.estado}`,
  subtotal: pedidos.subtotal,
  iva: pedidos.iva,
  envio: pedidos.envio,
  total: pedidos.total,
  metodoPago: sql<PaymentMethod>`${pedidos.metodoPago}`,
  cantidadProductos: sql<number>`(select coalesce(sum(d.cantidad), 0)::int from detalles_pedido d where d.pedido_id = ${pedidos.id})`,
  fechaCreacion: pedidos.fechaCreacion,
  proveedorId: proveedores.id,
  proveedorNombre: proveedores.nombre,
  clinicaId: compradores.id,
  clinicaNombre: compradores.nombre,
};

type SummaryRow = Omit<OrderSummary, 'proveedor' | 'clinica' | 'fechaCreacion'> & {
  fechaCreacion: Date;
  proveedorId: string;
  proveedorNombre: string;
  clinicaId: string;
  clinicaNombre: string;
};

const toSummary = ({ proveedorId, proveedorNombre, clinicaId, clinicaNombre, fechaCreacion, ...o }: SummaryRow): OrderSummary => ({
  ...o,
  fechaCreacion: fechaCreacion.toISOString(),
  proveedor: { id: proveedorId, nombre: proveedorNombre },
  clinica: { id: clinicaId, nombre: clinicaNombre },
});

/** Whose orders: the buying clinic's (Mis pedidos) or the supplier's (Ventas). */
export type OrderSide = 'compras' | 'ventas';
const sideCondition = (side: OrderSide, member: Member) =>
  side === 'compras' ? eq(pedidos.clinicaId, member.clinicaId) : eq(pedidos.proveedorId, member.clinicaId);


export async function listOrders(db: Database, member: Member, side: OrderSide, query: OrderListQuery & { pagina: number }): Promise<OrderPage> {
  const conditions = [sideCondition(side, member)];
  if (query.estado) conditions.push(eq(pedidos.estado, query.estado));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(pedidos)
      .innerJoin(proveedores, eq(proveedores.id, pedidos.proveedorId))
      .innerJoin(compradores, eq(compradores.id, pedidos.clinicaId))
      .where(where)
      .orderBy(desc(pedidos.fechaCreacion), desc(pedidos.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((query.pagina - 1) * ORDERS_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(pedidos).where(where),
  ]);
  return { pedidos: rows.map(toSummary), total, pagina: query.pagina, porPagina: ORDERS_PAGE_SIZE };
}

export async function getOrder(db: Executor, member: Member, side: OrderSide, id: string): Promise<Order | null> {
  const [row] = await db
    .select({ ...summaryColumns, direccionEnvio: pedidos.direccionEnvio, notas: pedidos.notas })
    .from(pedidos)
    .innerJoin(proveedores, eq(proveedores.id, pedidos.proveedorId))
    .innerJoin(compradores, eq(compradores.id, pedidos.clinicaId))
    .where(and(eq(pedidos.id, id), sideCondition(side, member)));
  if (!row) return null;
  const [lineas, seguimiento] = await Promise.all([
    db
      .select({
        id: detallesPedido.id,
        productoId: detallesPedido.productoId,
        nombre: detallesPedido.nombre,
        precioUnitario: detallesPedido.precioUnitario,
        cantidad: detallesPedido.cantidad,
        subtotal: detallesPedido.subtotal,
        imagenUrl: productos.imagenUrl,
      })
      .from(detallesPedido)
      .leftJoin(productos, eq(productos.id, detallesPedido.productoId))
      .where(eq(detallesPedido.pedidoId, id))
      .orderBy(asc(detallesPedido.nombre), asc(detallesPedido.id)),
    db
      .select({ estado: sql<OrderStatus>`${seguimientoPedido.estado}`, fecha: seguimientoPedido.fecha, autor: usuarios.nombres })
      .from(seguimientoPedido)
      .leftJoin(usuarios, eq(usuarios.id, seguimientoPedido.autorId))
      .where(eq(seguimientoPedido.pedidoId, id))
      .orderBy(asc(seguimientoPedido.fecha), asc(seguimientoPedido.id)),
  ]);
  const { direccionEnvio, notas, ...summary } = row;
  return {
    ...toSummary(summary),
    direccionEnvio,
    notas,
    lineas,
    seguimiento: seguimiento.map((s) => ({ ...s, fecha: s.fecha.toISOString() })),
  };
}

/**
 * The checkout's 'venta': takes every line from the supplier's stock in one conditional UPDATE (rows
 * already locked by the caller, in id order) and records the movements in one INSERT, as adjustStock
 * would one by one; the supplier's low-stock alert is settled by the catalogue's refreshStockAlert for
 * the items this sale took to their minimum. Throws if any line could not be taken (the caller checked
 * the stock under the same locks, so that is a bug, and the transaction is rolled back).
 */
async function takeStock(tx: Executor, clinicaId: string, lines: { productoId: string; cantidad: number }[], referencia: string) {
  if (lines.length === 0) return;
  const values = sql.join(
    lines.map((l) => sql`(${l.productoId}::uuid, ${l.cantidad}::int)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    update productos p set stock_actual = p.stock_actual - v.n, fecha_actualizacion = now()
    from (values ${values}) as v(id, n)
    where p.id = v.id and p.clinica_id = ${clinicaId} and p.stock_actual >= v.n
    returning p.id, p.stock_actual as "stockActual", p.stock_minimo as "stockMinimo", p.alerta_stock_enviada as "alerta"`);
  const taken = (result as unknown as { rows: { id: string; stockActual: number; stockMinimo: number | null; alerta: boolean }[] }).rows;
  if (taken.length !== lines.length) throw new Error(`checkout: ${lines.length - taken.length} lines without stock while locked`);
  const byId = new Map(taken.map((r) => [r.id, r]));
  await tx.insert(movimientosStock).values(
    lines.map((l) => ({
      productoId: l.productoId,
      clinicaId,
      cantidad: -l.cantidad,
      motivo: 'venta' as const,
      stockResultante: byId.get(l.productoId)!.stockActual,
      autorId: null,
      referencia,
    })),
  );
  for (const r of taken) {
    if (r.stockMinimo !== null && r.stockActual <= r.stockMinimo && !r.alerta) await refreshStockAlert(tx, clinicaId, r.id);
  }
}

/** The order this user already made with this key, if any (a repeated checkout). */
async function orderByKey(db: Executor, member: Member, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.userId, member.userId), eq(pedidos.claveIdempotencia, key)));
  return row?.id ?? null;
}

export type CheckoutResult = { pedido: Order; creado: boolean };

/**
 * Spec 001 §7 Orders, in one transaction: the cart's lines are locked, then their products in id
 * order (so two checkouts of the same items queue instead of deadlocking); every line is checked
 * (still for sale, price as shown, stock enough) before anything is written; then each supplier
 * item's stock goes down (adjustStock: conditional update and a 'venta' movement), the order, its
 * lines and its first tracking step are written and the cart is emptied. Same key from the same user:
 * the same order, never a second one (the unique key is the last word when two requests race).
 */
export async function checkout(db: Database, member: Member, data: CheckoutData): Promise<CheckoutResult> {
  const found = await orderByKey(db, member, data.claveIdempotencia);
  if (found) return { pedido: (await getOrder(db, member, 'compras', found))!, creado: false };
  type Outcome = { kind: 'creado' | 'repetido'; id: string } | { kind: 'precios' };
  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      // Locks the cart: a concurrent checkout of the same cart waits here, then finds it empty.
      const lines = await tx
        .select({
          id: carrito.id,
          productoId: carrito.productoId,
          cantidad: carrito.cantidad,
          precioUnitario: carrito.precioUnitario,
          comprador: clinicas.nombre,
        })
        .from(carrito)
        .innerJoin(clinicas, eq(clinicas.id, carrito.clinicaId))
        .where(ownCart(member))
        .orderBy(asc(carrito.productoId))
        .for('update', { of: carrito });
      if (lines.length === 0) {
        const repeated = await orderByKey(tx, member, data.claveIdempotencia);
        if (repeated) return { kind: 'repetido', id: repeated };
        throw unprocessable(STORE_MESSAGES.cartEmpty);
      }
      const ids = lines.map((l) => l.id);
      const products = await tx
        .select({
          id: productos.id,
          nombre: productos.nombre,
          categoria: productos.categoria,
          activo: productos.activo,
          precioVenta: productos.precioVenta,
          stockActual: productos.stockActual,
          proveedorId: proveedores.id,
          proveedorNombre: proveedores.nombre,
          esProveedor: proveedores.esProveedor,
        })
        .from(productos)
        .innerJoin(proveedores, eq(proveedores.id, productos.clinicaId))
        .where(inArray(productos.id, lines.map((l) => l.productoId)))
        .orderBy(asc(productos.id))
        .for('no key update', { of: productos });
      const byId = new Map(products.map((p) => [p.id, p]));
      const items = lines.map((l) => ({ line: l, product: byId.get(l.productoId)! }));

      const unavailable = items.filter((i) => !isAvailable(i.product, member));
      if (unavailable.length) throw conflict(STORE_MESSAGES.unavailable(unavailable.map((i) => i.product.nombre)));
      const suppliers = new Set(items.map((i) => i.product.proveedorId));
      if (suppliers.size > 1) throw conflict(STORE_MESSAGES.otherSupplier(items[0].product.proveedorNombre));
      const changed = items.filter((i) => i.product.precioVenta !== i.line.precioUnitario);
      if (changed.length) {
        // Shown before paying: the cart takes the new prices (this write is committed), no order is made.
        for (const i of changed) await tx.update(carrito).set({ precioUnitario: i.product.precioVenta! }).where(eq(carrito.id, i.line.id));
        return { kind: 'precios' };
      }
      const short = items.filter((i) => i.product.stockActual !== null && i.product.stockActual < i.line.cantidad);
      if (short.length) {
        throw new AppError(
          409,
          'conflict',
          STORE_MESSAGES.notEnoughStock(short.map((i) => i.product.nombre)),
          Object.fromEntries(
            short.map((i) => [
              i.product.id,
              i.product.stockActual === 0 ? STORE_MESSAGES.outOfStock(i.product.nombre) : STORE_MESSAGES.onlyLeft(i.product.nombre, i.product.stockActual!),
            ]),
          ),
        );
      }

      const proveedorId = items[0].product.proveedorId;
      const id = randomUUID();
      // A stock that is not recorded (null) is not counted, as on the card.
      await takeStock(
        tx,
        proveedorId,
        items.filter((i) => i.product.stockActual !== null).map((i) => ({ productoId: i.product.id, cantidad: i.line.cantidad })),
        id,
      );
      const detalles = items.map(({ line, product }) => ({
        pedidoId: id,
        productoId: product.id,
        nombre: product.nombre,
        precioUnitario: product.precioVenta!,
        cantidad: line.cantidad,
        subtotal: product.precioVenta! * line.cantidad,
      }));
      const totals = orderTotals(linesSubtotal(detalles));
      const [pedido] = await tx
        .insert(pedidos)
        .values({
          id,
          clinicaId: member.clinicaId,
          userId: member.userId,
          proveedorId,
          ...totals,
          direccionEnvio: {
            nombre: data.nombreCompleto,
            telefono: data.telefono,
            direccion: data.direccion,
            ciudad: data.ciudad,
            departamento: data.departamento,
            codigoPostal: data.codigoPostal,
            notas: data.notasEntrega,
          },
          metodoPago: data.metodoPago,
          notas: data.notas,
          claveIdempotencia: data.claveIdempotencia,
        })
        .returning({ numeroPedido: pedidos.numeroPedido });
      await tx.insert(detallesPedido).values(detalles);
      await tx.insert(seguimientoPedido).values({ pedidoId: id, estado: 'recibido', autorId: member.userId });
      await tx.delete(carrito).where(inArray(carrito.id, ids));
      await notify(tx, {
        clinicaId: proveedorId,
        permiso: 'ventas.gestionar',
        titulo: STORE_MESSAGES.newSaleTitle,
        mensaje: STORE_MESSAGES.newSaleMessage(pedido.numeroPedido, lines[0].comprador),
        prioridad: 'media',
        enlace: `/ventas/${id}`,
        tipo: 'pedido',
      });
      return { kind: 'creado', id };
    });
  } catch (error) {
    // A repeat that raced past both checks: the first one's order is the answer.
    if (isUniqueViolation(error, 'pedidos_usuario_clave_key')) {
      const id = await orderByKey(db, member, data.claveIdempotencia);
      if (id) return { pedido: (await getOrder(db, member, 'compras', id))!, creado: false };
    }
    throw error;
  }
  if (outcome.kind === 'precios') throw conflict(STORE_MESSAGES.pricesChanged);
  return { pedido: (await getOrder(db, member, 'compras', outcome.id))!, creado: outcome.kind === 'creado' };
}

/**
 * The supplier moves its order along ORDER_TRANSITIONS, in one transaction with its consequences:
 * entregado adds every line to the buying clinic's catalogue (receivePurchasedStock: linked to the
 * supplier's item on first receipt, a 'compra_recibida' movement); cancelado gives the units back to
 * the supplier's stock; every change is a tracking step and notifies the buying clinic's members
 * with compras.ver.
 */
export async function moveOrder(db: Database, member: Member, id: string, estado: OrderStatus): Promise<Order> {
  await db.transaction(async (tx) => {
    const [pedido] = await tx
      .select({ estado: sql<OrderStatus>`${pedidos.estado}`, clinicaId: pedidos.clinicaId, numeroPedido: pedidos.numeroPedido })
      .from(pedidos)
      .where(and(eq(pedidos.id, id), eq(pedidos.proveedorId, member.clinicaId)))
      .for('no key update');
    if (!pedido) throw orderNotFound();
    if (!canMoveOrder(pedido.estado, estado)) {
      throw conflict(STORE_MESSAGES.transitionInvalid(ESTADO_PEDIDO_LABELS[pedido.estado], ESTADO_PEDIDO_LABELS[estado]));
    }
    await tx.update(pedidos).set({ estado, fechaActualizacion: new Date() }).where(eq(pedidos.id, id));
    await tx.insert(seguimientoPedido).values({ pedidoId: id, estado, autorId: member.userId });
    if (estado === 'entregado' || estado === 'cancelado') {
      const lines = await tx
        .select({ productoId: detallesPedido.productoId, cantidad: detallesPedido.cantidad, precioUnitario: detallesPedido.precioUnitario })
        .from(detallesPedido)
        .where(and(eq(detallesPedido.pedidoId, id), isNotNull(detallesPedido.productoId)))
        .orderBy(asc(detallesPedido.productoId));
      for (const line of lines) {
        if (estado === 'entregado') {
          await receivePurchasedStock(tx, {
            clinicaId: pedido.clinicaId,
            productoProveedorId: line.productoId!,
            cantidad: line.cantidad,
            precioUnitario: line.precioUnitario,
            autorId: null,
            referencia: id,
          });
        } else {
          // Back to the shelf: the reverse of the checkout's 'venta' movement, same order as reference.
          const [item] = await tx.select({ stockActual: productos.stockActual }).from(productos).where(eq(productos.id, line.productoId!));
          if (item && item.stockActual !== null) {
            await adjustStock(tx, { clinicaId: member.clinicaId, productoId: line.productoId!, cantidad: line.cantidad, motivo: 'venta', autorId: member.userId, referencia: id });
          }
        }
      }
    }
    await notify(tx, {
      clinicaId: pedido.clinicaId,
      permiso: 'compras.ver',
      titulo: STORE_MESSAGES.estadoNotificationTitle,
      mensaje: STORE_MESSAGES.estadoNotificationMessage(pedido.numeroPedido, ESTADO_PEDIDO_LABELS[estado]),
      prioridad: estado === 'cancelado' ? 'alta' : 'media',
      enlace: `/compras/pedidos/${id}`,
      tipo: 'pedido',
    });
  });
  return (await getOrder(db, member, 'ventas', id))!;
}
