import {
  ESTADO_PEDIDO_LABELS,
  ORDERS_PAGE_SIZE,
  STORE_MESSAGES,
  canMoveOrder,
  type Order,
  type OrderListQuery,
  type OrderPage,
  type OrderStatus,
  type OrderSummary,
  type PaymentMethod,
} from '@odontia/shared';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { clinicas, detallesPedido, pedidos, productos, seguimientoPedido, usuarios } from '../../db/schema/index.ts';
import type { Member } from '../../platform/context.ts';
import { conflict } from '../../platform/errors.ts';
import { notify } from '../../platform/notifications.ts';
import { adjustStock } from '../../platform/stock.ts';
import { orderNotFound, proveedores } from './store.rules.ts';

/**
 * Orders (spec 001 §7 Orders): the buying clinic's ('Mis pedidos') and the supplier's ('Ventas'),
 * one order with its lines and tracking, and the supplier moving it along its states.
 */

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
  cantidadProductos: sql<number>`(select coalesce(sum(${detallesPedido.cantidad}), 0)::int from ${detallesPedido} where ${detallesPedido.pedidoId} = ${pedidos.id})`,
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

/**
 * An order's line as the order page shows it (OrderLine without where it was received): written once
 * for getOrder and for the checkout's answer, which reads the lines it just wrote (`line`, an alias).
 */
type LineColumns = Record<'id' | 'productoId' | 'nombre' | 'precioUnitario' | 'cantidad' | 'subtotal', AnyPgColumn>;
export const orderLineColumns = <L extends LineColumns>(line: L) => ({
  id: line.id,
  productoId: line.productoId,
  nombre: line.nombre,
  precioUnitario: line.precioUnitario,
  cantidad: line.cantidad,
  subtotal: line.subtotal,
  imagenUrl: productos.imagenUrl,
});
/** How getOrder orders the lines (and the checkout's answer). */
export const orderLineOrder = (line: LineColumns) => sql`${line.nombre}, ${line.id}`;

/** Whose orders: the buying clinic's (Mis pedidos) or the supplier's (Ventas). */
export type OrderSide = 'compras' | 'ventas';
const sideCondition = (side: OrderSide, member: Pick<Member, 'clinicaId'>) =>
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

const receptores = alias(usuarios, 'receptores');
const recibidos = alias(productos, 'recibidos');

/**
 * One order of the clinic's side. Where the buyer received it (the order's `recepcion`, each line's
 * `recibidoEn`) is the buyer's inventory: the supplier's side answers null for both.
 */
export async function getOrder(
  db: Executor,
  member: Pick<Member, 'clinicaId'>,
  side: OrderSide,
  id: string,
): Promise<Order | null> {
  const buyer = side === 'compras';
  const [row] = await db
    .select({
      ...summaryColumns,
      direccionEnvio: pedidos.direccionEnvio,
      notas: pedidos.notas,
      fechaRecepcion: pedidos.fechaRecepcion,
      receptor: receptores.nombres,
    })
    .from(pedidos)
    .innerJoin(proveedores, eq(proveedores.id, pedidos.proveedorId))
    .innerJoin(compradores, eq(compradores.id, pedidos.clinicaId))
    .leftJoin(receptores, eq(receptores.id, pedidos.recibidoPor))
    .where(and(eq(pedidos.id, id), sideCondition(side, member)));
  if (!row) return null;
  const [lineas, seguimiento] = await Promise.all([
    db
      .select({ ...orderLineColumns(detallesPedido), recibidoId: recibidos.id, recibidoNombre: recibidos.nombre })
      .from(detallesPedido)
      .leftJoin(productos, eq(productos.id, detallesPedido.productoId))
      .leftJoin(recibidos, buyer ? eq(recibidos.id, detallesPedido.productoRecibidoId) : sql`false`)
      .where(eq(detallesPedido.pedidoId, id))
      .orderBy(orderLineOrder(detallesPedido)),
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
  const { direccionEnvio, notas, fechaRecepcion, receptor, ...summary } = row;
  return {
    ...toSummary(summary),
    direccionEnvio,
    notas,
    lineas: lineas.map(({ recibidoId, recibidoNombre, ...line }) => ({
      ...line,
      recibidoEn: recibidoId && recibidoNombre !== null ? { id: recibidoId, nombre: recibidoNombre } : null,
    })),
    seguimiento: seguimiento.map((s) => ({ ...s, fecha: s.fecha.toISOString() })),
    recepcion: buyer && fechaRecepcion ? { fecha: fechaRecepcion.toISOString(), autor: receptor } : null,
  };
}

/** The order this user already made with this key, if any (a repeated checkout). */
export async function orderByKey(db: Executor, member: Member, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.userId, member.userId), eq(pedidos.claveIdempotencia, key)));
  return row?.id ?? null;
}

/**
 * The supplier moves its order along ORDER_TRANSITIONS, in one transaction with its consequences:
 * cancelado gives the units back to the supplier's stock; every change is a tracking step and
 * notifies the buying clinic's members with compras.ver. entregado changes no stock: the buying
 * clinic receives the order into its inventory itself ('Recibir en el inventario', receipt.service.ts).
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
    if (estado === 'cancelado') {
      // Back to the shelf: the reverse of the checkout's 'venta' movements, same order as reference,
      // item by item in id order (a checkout locks them in that order too). A stock that is not
      // recorded was not taken (adjustStock starts no count for it here).
      const lines = await tx
        .select({ productoId: detallesPedido.productoId, cantidad: detallesPedido.cantidad })
        .from(detallesPedido)
        .innerJoin(productos, eq(productos.id, detallesPedido.productoId))
        .where(and(eq(detallesPedido.pedidoId, id), isNotNull(productos.stockActual)))
        .orderBy(asc(detallesPedido.productoId));
      for (const line of lines) {
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
