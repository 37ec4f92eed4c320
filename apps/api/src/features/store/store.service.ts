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
import { containsPattern } from '../../db/search.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import {
  carrito,
  clinicas,
  detallesPedido,
  pedidos,
  productos,
  seguimientoPedido,
  usuarios,
} from '../../db/schema/index.ts';
import type { Member } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { membersWithPermission, notify } from '../../platform/notifications.ts';
import { publishNotificationsSql } from '../../platform/realtime/index.ts';
import { adjustStock, receivePurchasedStock, refreshStockAlert } from '../../platform/stock.ts';

/**
 * The store (spec 001 §2 Store, Cart, Checkout; DESIGN §1): supplier clinics' catalogues for sale,
 * a cart per user, checkout into one order (decision 0010: a cart holds one supplier's products),
 * and the supplier's side (/ventas) that moves orders along their tracking states.
 */

export const productNotFound = () => notFound(STORE_MESSAGES.productNotFound);
export const cartLineNotFound = () => notFound(STORE_MESSAGES.cartLineNotFound);
export const orderNotFound = () => notFound(STORE_MESSAGES.orderNotFound);

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
 * forSale as literals (the predicate of the productos_tienda_* indexes, which a plan can only use when
 * the query states it as such) and the caller's clinic as a placeholder.
 */
const FOR_SALE_SQL = sql`p.activo and p.precio_venta is not null and p.categoria in ('producto', 'insumo') and p.clinica_id <> ${sql.placeholder('clinicaId')}::uuid`;

type StoreRow = ProductRow & { total: number };

const storeColumns = sql`p.id, p.nombre, p.descripcion, p.categoria, p.codigo, p.precio_venta as "precioVenta", p.stock_actual as "stockActual",
  p.unidad_medida as "unidadMedida", p.imagen_url as "imagenUrl", pr.id as "proveedorId", pr.nombre as "proveedorNombre"`;

/**
 * The store's page without a search, for Todos or one tab: named statements (planned once per
 * connection), raw rows. The page walks productos_tienda_* in order (the first entries), and the total
 * counts the index entries of the tab per clinic, then keeps the clinics that sell (one join per
 * supplier instead of one per item).
 */
const storePage = (name: string, tab: SQL) =>
  preparedStatement<StoreRow>(
    name,
    sql`select ${storeColumns},
          (select coalesce(sum(x.n), 0)::int
             from (select p.clinica_id, count(*) as n from productos p where ${FOR_SALE_SQL} and ${tab} group by p.clinica_id) x
             join clinicas c on c.id = x.clinica_id and c.es_proveedor) as total
        from productos p join clinicas pr on pr.id = p.clinica_id and pr.es_proveedor
        where ${FOR_SALE_SQL} and ${tab}
        order by p.nombre, p.id
        limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('offset')}::int`,
  );
const storeList = storePage('odontia_tienda_lista', sql`true`);
const storeTab = storePage('odontia_tienda_pestana', sql`p.categoria = ${sql.placeholder('categoria')}::text`);

/**
 * The store's search: the trigram index finds the matches of the term (normalised like the column,
 * LIKE's characters escaped), one scan for the page and its total (`count(*) over ()`). Prepared too:
 * whatever the term, the plan is the trigram index's (a store holds suppliers' items, never so few
 * that a walk in order would be cheaper).
 */
const storeSearch = preparedStatement<StoreRow>(
  'odontia_tienda_busqueda',
  sql`select ${storeColumns}, (count(*) over ())::int as total
      from productos p join clinicas pr on pr.id = p.clinica_id and pr.es_proveedor
      where ${FOR_SALE_SQL}
        and (${sql.placeholder('categoria')}::text = 'todos' or p.categoria = ${sql.placeholder('categoria')}::text)
        and p.busqueda like ${containsPattern(sql`${sql.placeholder('q')}::text`)}
      order by p.nombre, p.id
      limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('offset')}::int`,
);

export async function listStoreProducts(
  db: Database,
  member: Member,
  query: StoreListQuery & { pagina: number },
): Promise<StorePage> {
  const pagina = query.pagina;
  const categoria = query.categoria ?? 'todos';
  const run = query.q ? storeSearch : categoria === 'todos' ? storeList : storeTab;
  const params = {
    clinicaId: member.clinicaId,
    categoria,
    q: query.q ?? '',
    limit: STORE_PAGE_SIZE,
    offset: (pagina - 1) * STORE_PAGE_SIZE,
  };
  const rows = await run(db, params);
  // A page past the end has no row to carry the total: the first page does.
  const total =
    rows[0]?.total ?? (pagina > 1 ? ((await run(db, { ...params, offset: 0, limit: 1 }))[0]?.total ?? 0) : 0);
  return {
    productos: rows.map(({ total: _total, ...r }) => toStoreProduct(r)),
    total,
    pagina,
    porPagina: STORE_PAGE_SIZE,
  };
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
const isAvailable = (
  r: { activo: boolean; precioVenta: number | null; esProveedor: boolean; categoria: string; proveedorId: string },
  member: Member,
) =>
  r.activo &&
  r.precioVenta !== null &&
  r.esProveedor &&
  (STORE_CATEGORIES as readonly string[]).includes(r.categoria) &&
  r.proveedorId !== member.clinicaId;

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
  throw conflict(
    p.stockActual === 0 ? STORE_MESSAGES.outOfStock(p.nombre) : STORE_MESSAGES.onlyLeft(p.nombre, p.stockActual),
  );
}

const tooMany = () => unprocessable(STORE_MESSAGES.cantidadTooLarge(CART_QUANTITY_MAX), 'cantidad');

/** Spec 001 §4: a product already in the cart goes up by `cantidad`; otherwise a new line at today's price. */
export async function addToCart(
  db: Database,
  member: Member,
  input: { productoId: string; cantidad: number },
): Promise<Cart> {
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
      .select({
        productoId: carrito.productoId,
        cantidad: carrito.cantidad,
        proveedorId: proveedores.id,
        proveedorNombre: proveedores.nombre,
      })
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
      .values({
        userId: member.userId,
        clinicaId: member.clinicaId,
        productoId: product.id,
        cantidad: input.cantidad,
        precioUnitario: product.precioVenta,
      })
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
  const deleted = await db
    .delete(carrito)
    .where(and(eq(carrito.id, id), ownCart(member)))
    .returning({ id: carrito.id });
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

const toSummary = ({
  proveedorId,
  proveedorNombre,
  clinicaId,
  clinicaNombre,
  fechaCreacion,
  ...o
}: SummaryRow): OrderSummary => ({
  ...o,
  fechaCreacion: fechaCreacion.toISOString(),
  proveedor: { id: proveedorId, nombre: proveedorNombre },
  clinica: { id: clinicaId, nombre: clinicaNombre },
});

/** Whose orders: the buying clinic's (Mis pedidos) or the supplier's (Ventas). */
export type OrderSide = 'compras' | 'ventas';
const sideCondition = (side: OrderSide, member: Member) =>
  side === 'compras' ? eq(pedidos.clinicaId, member.clinicaId) : eq(pedidos.proveedorId, member.clinicaId);

export async function listOrders(
  db: Database,
  member: Member,
  side: OrderSide,
  query: OrderListQuery & { pagina: number },
): Promise<OrderPage> {
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
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(pedidos)
      .where(where),
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
      .select({
        estado: sql<OrderStatus>`${seguimientoPedido.estado}`,
        fecha: seguimientoPedido.fecha,
        autor: usuarios.nombres,
      })
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

/** The order this user already made with this key, if any (a repeated checkout). */
async function orderByKey(db: Executor, member: Member, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.userId, member.userId), eq(pedidos.claveIdempotencia, key)));
  return row?.id ?? null;
}

export type CheckoutResult = { pedido: Order; creado: boolean };

const ph = (name: string) => sql.placeholder(name);

type CheckoutLine = {
  id: string;
  productoId: string;
  cantidad: number;
  precioUnitario: number;
  nombre: string;
  categoria: string;
  activo: boolean;
  precioVenta: number | null;
  stockActual: number | null;
  imagenUrl: string | null;
  proveedorId: string;
  proveedorNombre: string;
  esProveedor: boolean;
  comprador: string;
  /** The order this user already made with this checkout's key, if any. */
  existente: string | null;
};

/**
 * The checkout's first statement: the cart's lines with their products and supplier, the cart lines
 * locked (a concurrent checkout of the same cart waits, then finds it empty) and the products locked
 * FOR NO KEY UPDATE in id order (the lock is taken above the sort, so two checkouts of the same
 * items queue instead of deadlocking), plus the order already made with this key, if any.
 */
const lockCart = preparedStatement<CheckoutLine>(
  'odontia_tienda_checkout_carrito',
  sql`select c.id, c.producto_id as "productoId", c.cantidad, c.precio_unitario as "precioUnitario",
         p.nombre, p.categoria, p.activo, p.precio_venta as "precioVenta", p.stock_actual as "stockActual", p.imagen_url as "imagenUrl",
         pr.id as "proveedorId", pr.nombre as "proveedorNombre", pr.es_proveedor as "esProveedor", cc.nombre as comprador,
         (select o.id from pedidos o where o.user_id = ${ph('userId')}::text and o.clave_idempotencia = ${ph('clave')}::uuid) as existente
      from carrito c
      join productos p on p.id = c.producto_id
      join clinicas pr on pr.id = p.clinica_id
      join clinicas cc on cc.id = c.clinica_id
      where c.user_id = ${ph('userId')}::text and c.clinica_id = ${ph('clinicaId')}::uuid
      order by p.id
      for update of c for no key update of p`,
);

type CheckoutWritten = {
  numeroPedido: string;
  creado: number;
  direccionEnvio: Order['direccionEnvio'];
  descontados: number;
  bajoMinimo: string[];
  /** Events published (one per notification): referencing the CTE is what runs it. */
  publicados: number;
  lineas: Order['lineas'];
  seguido: number;
  autor: string | null;
};

/** Replaced in SQL by the order's number (made by the pedidos default) in the supplier's notification. */
const NUMERO = '\u0001numero\u0001';

/**
 * The checkout's writes in one statement, on lines already checked under their locks: each counted
 * line taken from the supplier's stock by a conditional UPDATE (never below zero) with its 'venta'
 * movement, the order, its lines, its first tracking step, the cart emptied, and the supplier's
 * members with ventas.gestionar notified (notify()'s recipients) and their events published. Answers what
 * the order's page shows, the lines as getOrder orders them.
 */
const writeOrder = preparedStatement<CheckoutWritten>(
  'odontia_tienda_checkout_pedido',
  sql`with linea as (
        select * from unnest(${ph('productos')}::uuid[], ${ph('cantidades')}::int[], ${ph('precios')}::int[], ${ph('nombres')}::text[], ${ph('contados')}::boolean[])
          as l(producto_id, cantidad, precio, nombre, contado)
      ),
      stock as (
        update productos p set stock_actual = p.stock_actual - l.cantidad, fecha_actualizacion = now()
        from linea l
        where p.id = l.producto_id and l.contado and p.clinica_id = ${ph('proveedorId')}::uuid and p.stock_actual >= l.cantidad
        returning p.id, p.stock_actual, p.stock_minimo, p.alerta_stock_enviada, l.cantidad
      ),
      movimiento as (
        insert into movimientos_stock (producto_id, clinica_id, cantidad, motivo, stock_resultante, autor_id, referencia)
        select s.id, ${ph('proveedorId')}::uuid, -s.cantidad, 'venta', s.stock_actual, null, ${ph('pedidoId')}::uuid from stock s
      ),
      pedido as (
        insert into pedidos (id, clinica_id, user_id, proveedor_id, subtotal, iva, envio, total, direccion_envio, metodo_pago, notas, clave_idempotencia)
        values (${ph('pedidoId')}::uuid, ${ph('clinicaId')}::uuid, ${ph('userId')}::text, ${ph('proveedorId')}::uuid, ${ph('subtotal')}::bigint, ${ph('iva')}::bigint,
                ${ph('envio')}::bigint, ${ph('total')}::bigint, ${ph('direccion')}::jsonb, ${ph('metodoPago')}::text, ${ph('notas')}::text, ${ph('clave')}::uuid)
        returning numero_pedido, fecha_creacion, direccion_envio
      ),
      detalle as (
        insert into detalles_pedido (pedido_id, producto_id, nombre, precio_unitario, cantidad, subtotal)
        select ${ph('pedidoId')}::uuid, l.producto_id, l.nombre, l.precio, l.cantidad, l.precio::bigint * l.cantidad from linea l
        returning id, producto_id, nombre, precio_unitario, cantidad, subtotal
      ),
      paso as (
        insert into seguimiento_pedido (pedido_id, estado, autor_id) values (${ph('pedidoId')}::uuid, 'recibido', ${ph('userId')}::text) returning fecha
      ),
      vaciado as (
        delete from carrito where id = any(${ph('carrito')}::uuid[])
      ),
      aviso as (
        insert into notificaciones (user_id, clinica_id, titulo, mensaje, prioridad, enlace, tipo)
        select r.id, ${ph('proveedorId')}::uuid, ${ph('titulo')}::text, replace(${ph('mensaje')}::text, ${ph('marca')}::text, o.numero_pedido), 'media', ${ph('enlace')}::text, 'pedido'
        from pedido o,
             (${membersWithPermission(sql`${ph('proveedorId')}::uuid`, sql`'ventas.gestionar'`)}) r
        returning id, user_id
      ),
      evento as (${publishNotificationsSql(sql`aviso`)})
      select o.numero_pedido as "numeroPedido",
             (select count(*)::int from evento) as publicados,
             floor(extract(epoch from o.fecha_creacion) * 1000)::float8 as creado,
             o.direccion_envio as "direccionEnvio",
             (select count(*)::int from stock) as descontados,
             (select coalesce(json_agg(s.id), '[]') from stock s
               where s.stock_minimo is not null and s.stock_actual <= s.stock_minimo and not s.alerta_stock_enviada) as "bajoMinimo",
             (select json_agg(json_build_object('id', d.id, 'productoId', d.producto_id, 'nombre', d.nombre, 'precioUnitario', d.precio_unitario,
                       'cantidad', d.cantidad, 'subtotal', d.subtotal, 'imagenUrl', p.imagen_url) order by d.nombre, d.id)
                from detalle d left join productos p on p.id = d.producto_id) as lineas,
             (select floor(extract(epoch from s.fecha) * 1000)::float8 from paso s) as seguido,
             (select u.nombres from usuarios u where u.id = ${ph('userId')}::text) as autor
      from pedido o`,
);

/** json/jsonb as an object whichever way the driver handed it over. */
const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * Spec 001 §7 Orders, in one transaction of two statements (DESIGN: the checkout's budget): the
 * cart's lines and their products are read and locked (lockCart); every line is checked (still for
 * sale, one supplier, price as shown, stock enough) before anything is written; then writeOrder takes
 * the stock, writes the order, its lines and first tracking step, empties the cart and notifies the
 * supplier. The answer is built from what those statements returned (the same as GET /api/pedidos/:id).
 * Same key from the same user: the same order, never a second one (the unique key is the last word
 * when two requests race).
 */
export async function checkout(db: Database, member: Member, data: CheckoutData): Promise<CheckoutResult> {
  type Outcome = { kind: 'creado'; pedido: Order } | { kind: 'repetido'; id: string } | { kind: 'precios' };
  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const lines = await lockCart(tx, {
        userId: member.userId,
        clinicaId: member.clinicaId,
        clave: data.claveIdempotencia,
      });
      if (lines.length === 0) {
        const repeated = await orderByKey(tx, member, data.claveIdempotencia);
        if (repeated) return { kind: 'repetido', id: repeated };
        throw unprocessable(STORE_MESSAGES.cartEmpty);
      }
      if (lines[0].existente) return { kind: 'repetido', id: lines[0].existente };

      const unavailable = lines.filter((l) => !isAvailable(l, member));
      if (unavailable.length) throw conflict(STORE_MESSAGES.unavailable(unavailable.map((l) => l.nombre)));
      const suppliers = new Set(lines.map((l) => l.proveedorId));
      if (suppliers.size > 1) throw conflict(STORE_MESSAGES.otherSupplier(lines[0].proveedorNombre));
      const changed = lines.filter((l) => l.precioVenta !== l.precioUnitario);
      if (changed.length) {
        // Shown before paying: the cart takes the new prices (this write is committed), no order is made.
        for (const l of changed)
          await tx.update(carrito).set({ precioUnitario: l.precioVenta! }).where(eq(carrito.id, l.id));
        return { kind: 'precios' };
      }
      const short = lines.filter((l) => l.stockActual !== null && l.stockActual < l.cantidad);
      if (short.length) {
        throw new AppError(
          409,
          'conflict',
          STORE_MESSAGES.notEnoughStock(short.map((l) => l.nombre)),
          Object.fromEntries(
            short.map((l) => [
              l.productoId,
              l.stockActual === 0
                ? STORE_MESSAGES.outOfStock(l.nombre)
                : STORE_MESSAGES.onlyLeft(l.nombre, l.stockActual!),
            ]),
          ),
        );
      }

      const { proveedorId, proveedorNombre, comprador } = lines[0];
      const id = randomUUID();
      const totals = orderTotals(
        linesSubtotal(lines.map((l) => ({ precioUnitario: l.precioVenta!, cantidad: l.cantidad }))),
      );
      const direccionEnvio = {
        nombre: data.nombreCompleto,
        telefono: data.telefono,
        direccion: data.direccion,
        ciudad: data.ciudad,
        departamento: data.departamento,
        codigoPostal: data.codigoPostal,
        notas: data.notasEntrega,
      };
      const [written] = await writeOrder(tx, {
        pedidoId: id,
        clinicaId: member.clinicaId,
        userId: member.userId,
        proveedorId,
        ...totals,
        direccion: JSON.stringify(direccionEnvio),
        metodoPago: data.metodoPago,
        notas: data.notas ?? null,
        clave: data.claveIdempotencia,
        productos: lines.map((l) => l.productoId),
        cantidades: lines.map((l) => l.cantidad),
        precios: lines.map((l) => l.precioVenta!),
        nombres: lines.map((l) => l.nombre),
        // A stock that is not recorded (null) is not counted, as on the card.
        contados: lines.map((l) => l.stockActual !== null),
        carrito: lines.map((l) => l.id),
        titulo: STORE_MESSAGES.newSaleTitle,
        mensaje: STORE_MESSAGES.newSaleMessage(NUMERO, comprador),
        marca: NUMERO,
        enlace: `/ventas/${id}`,
      });
      // The lines were checked under the same locks: a line not taken is a bug, and nothing is kept.
      const counted = lines.filter((l) => l.stockActual !== null).length;
      if (written.descontados !== counted)
        throw new Error(`checkout: ${counted - written.descontados} lines without stock while locked`);
      // The supplier's low-stock alert for the items this sale took to their minimum (rare).
      for (const productoId of fromJson<string[]>(written.bajoMinimo))
        await refreshStockAlert(tx, proveedorId, productoId);

      const lineas = fromJson<Order['lineas']>(written.lineas);
      const pedido: Order = {
        id,
        numeroPedido: written.numeroPedido,
        estado: 'recibido',
        ...totals,
        metodoPago: data.metodoPago,
        cantidadProductos: lines.reduce((n, l) => n + l.cantidad, 0),
        fechaCreacion: new Date(Number(written.creado)).toISOString(),
        proveedor: { id: proveedorId, nombre: proveedorNombre },
        clinica: { id: member.clinicaId, nombre: comprador },
        direccionEnvio: fromJson<Order['direccionEnvio']>(written.direccionEnvio),
        notas: data.notas ?? null,
        lineas,
        seguimiento: [
          { estado: 'recibido', fecha: new Date(Number(written.seguido)).toISOString(), autor: written.autor },
        ],
      };
      return { kind: 'creado', pedido };
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
  if (outcome.kind === 'repetido')
    return { pedido: (await getOrder(db, member, 'compras', outcome.id))!, creado: false };
  return { pedido: outcome.pedido, creado: true };
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
      .select({
        estado: sql<OrderStatus>`${pedidos.estado}`,
        clinicaId: pedidos.clinicaId,
        numeroPedido: pedidos.numeroPedido,
      })
      .from(pedidos)
      .where(and(eq(pedidos.id, id), eq(pedidos.proveedorId, member.clinicaId)))
      .for('no key update');
    if (!pedido) throw orderNotFound();
    if (!canMoveOrder(pedido.estado, estado)) {
      throw conflict(
        STORE_MESSAGES.transitionInvalid(ESTADO_PEDIDO_LABELS[pedido.estado], ESTADO_PEDIDO_LABELS[estado]),
      );
    }
    await tx.update(pedidos).set({ estado, fechaActualizacion: new Date() }).where(eq(pedidos.id, id));
    await tx.insert(seguimientoPedido).values({ pedidoId: id, estado, autorId: member.userId });
    if (estado === 'entregado' || estado === 'cancelado') {
      const lines = await tx
        .select({
          productoId: detallesPedido.productoId,
          cantidad: detallesPedido.cantidad,
          precioUnitario: detallesPedido.precioUnitario,
        })
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
          const [item] = await tx
            .select({ stockActual: productos.stockActual })
            .from(productos)
            .where(eq(productos.id, line.productoId!));
          if (item && item.stockActual !== null) {
            await adjustStock(tx, {
              clinicaId: member.clinicaId,
              productoId: line.productoId!,
              cantidad: line.cantidad,
              motivo: 'venta',
              autorId: member.userId,
              referencia: id,
            });
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
