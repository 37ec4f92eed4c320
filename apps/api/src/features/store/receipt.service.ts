import {
  CATEGORIAS_ITEM,
  defaultTaxType,
  STORE_MESSAGES,
  hasStock,
  type ItemCategory,
  type Order,
  type OrderStatus,
  type Permission,
  type ReceiptLine,
  type ReceiptOption,
  type ReceiptPlan,
  type ReceiveOrderData,
} from '@odontia/shared';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from '../../db/client.ts';
import { detallesPedido, pedidos, productos } from '../../db/schema/index.ts';
import { clinicPlace } from '../../platform/clinic-place.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, forbidden, unprocessable } from '../../platform/errors.ts';
import { adjustStock } from '../../platform/stock.ts';
import { getOrder } from './orders.service.ts';
import { orderNotFound } from './store.rules.ts';

/**
 * Receiving a delivered order into the buying clinic's inventory (issue 21, decision 0010): each
 * line goes into one of the clinic's items, as a 'compra_recibida' movement by the member who
 * received it. A clinic item is linked to the supplier's product it receives
 * (`productos.producto_proveedor_id`, one item per product): the first delivery of a product goes
 * into the item the clinic chooses (the one with the product's code or name is proposed) or into a
 * new item made from the product and linked to it; every later delivery goes into the linked item.
 */

const raced = () => new AppError(409, 'conflict', STORE_MESSAGES.receiveRaced);

/** Who receives: a member of the buying clinic (the one that appears as the movements' author). */
export type Receiver = { clinicaId: string; userId: string; permisos: ReadonlySet<Permission> };

/** What the clinic can receive into: products and supplies, which count stock. */
const RECEIVABLE = CATEGORIAS_ITEM.filter(hasStock);

const suministrados = alias(productos, 'suministrados');

/** The order's lines with the supplier's product each was (null if it was deleted since). */
const orderLines = (tx: Executor, orderId: string) =>
  tx
    .select({
      id: detallesPedido.id,
      nombre: detallesPedido.nombre,
      cantidad: detallesPedido.cantidad,
      precioUnitario: detallesPedido.precioUnitario,
      productoProveedorId: detallesPedido.productoId,
      clave: sql<string>`odontia_normalizar(${detallesPedido.nombre})`,
      producto: {
        nombre: suministrados.nombre,
        descripcion: suministrados.descripcion,
        categoria: sql<ItemCategory>`${suministrados.categoria}`,
        codigo: suministrados.codigo,
        unidadMedida: suministrados.unidadMedida,
      },
    })
    .from(detallesPedido)
    .leftJoin(suministrados, eq(suministrados.id, detallesPedido.productoId))
    .where(eq(detallesPedido.pedidoId, orderId))
    .orderBy(asc(detallesPedido.nombre), asc(detallesPedido.id));
type OrderLineRow = Awaited<ReturnType<typeof orderLines>>[number];

/** The clinic's items already linked to these supplier products. */
const linkedItems = async (tx: Executor, clinicaId: string, supplied: string[]) =>
  supplied.length === 0
    ? new Map<string, { id: string; nombre: string; codigo: string | null }>()
    : new Map(
        (
          await tx
            .select({
              id: productos.id,
              nombre: productos.nombre,
              codigo: productos.codigo,
              productoProveedorId: productos.productoProveedorId,
            })
            .from(productos)
            .where(and(eq(productos.clinicaId, clinicaId), inArray(productos.productoProveedorId, supplied)))
        ).map(({ productoProveedorId, ...item }) => [productoProveedorId!, item]),
      );

/** The clinic's items free to receive a product: active products and supplies not linked to another one. */
const freeItems = (tx: Executor, clinicaId: string) =>
  tx
    .select({
      id: productos.id,
      nombre: productos.nombre,
      codigo: productos.codigo,
      unidadMedida: productos.unidadMedida,
      stockActual: productos.stockActual,
      clave: sql<string>`odontia_normalizar(${productos.nombre})`,
    })
    .from(productos)
    .where(
      and(
        eq(productos.clinicaId, clinicaId),
        eq(productos.activo, true),
        inArray(productos.categoria, RECEIVABLE),
        isNull(productos.productoProveedorId),
      ),
    )
    .orderBy(asc(productos.nombre), asc(productos.id));

/** The order of the clinic, delivered and not yet received; locked when `lock` (the receipt itself). */
async function deliveredOrder(tx: Executor, clinicaId: string, orderId: string, lock: boolean) {
  const query = tx
    .select({ estado: sql<OrderStatus>`${pedidos.estado}`, fechaRecepcion: pedidos.fechaRecepcion })
    .from(pedidos)
    .where(and(eq(pedidos.id, orderId), eq(pedidos.clinicaId, clinicaId)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw orderNotFound();
  if (order.fechaRecepcion) throw new AppError(409, 'already_received', STORE_MESSAGES.alreadyReceived);
  if (order.estado !== 'entregado') throw new AppError(409, 'not_delivered', STORE_MESSAGES.notDelivered);
}

/**
 * `GET /api/pedidos/:id/recepcion`: each line of the delivered order with the item it would go into
 * (linked; else the free item with the product's code; else the one with its name, accents and case
 * aside; else none, a new item), and every free item of the clinic as the other choices.
 */
export async function getReceiptPlan(db: Executor, clinicaId: string, orderId: string): Promise<ReceiptPlan> {
  await deliveredOrder(db, clinicaId, orderId, false);
  const lines = await orderLines(db, orderId);
  const [linked, free] = await Promise.all([
    linkedItems(db, clinicaId, supplierProducts(lines)),
    freeItems(db, clinicaId),
  ]);
  // An item is proposed for one line at most (the receipt refuses one item for two products).
  const proposed = new Set<string>();
  const available = (match: (item: (typeof free)[number]) => boolean) =>
    free.find((item) => !proposed.has(item.id) && match(item));
  const lineas = lines.map((line): ReceiptLine => {
    const own = line.productoProveedorId ? linked.get(line.productoProveedorId) : undefined;
    const codigo = line.producto?.codigo;
    const byCode = own || !codigo ? undefined : available((i) => i.codigo === codigo);
    const byName = own || byCode ? undefined : available((i) => i.clave === line.clave);
    if (byCode ?? byName) proposed.add((byCode ?? byName)!.id);
    const destino = own
      ? { ...own, por: 'vinculo' as const }
      : byCode
        ? { id: byCode.id, nombre: byCode.nombre, codigo: byCode.codigo, por: 'codigo' as const }
        : byName
          ? { id: byName.id, nombre: byName.nombre, codigo: byName.codigo, por: 'nombre' as const }
          : null;
    return { detalleId: line.id, nombre: line.nombre, cantidad: line.cantidad, destino };
  });
  return { lineas, opciones: free.map(({ clave: _clave, ...option }): ReceiptOption => option) };
}

const supplierProducts = (lines: OrderLineRow[]) =>
  lines.flatMap((l) => (l.productoProveedorId ? [l.productoProveedorId] : []));

/**
 * `POST /api/pedidos/:id/recepcion`: receives every line of the delivered order into the item given
 * (null: a new item made from the supplier's product), in one transaction: the item is linked to the
 * supplier's product and takes its price as purchase price, the units are a 'compra_recibida'
 * movement by the receiver naming the order, the line remembers the item, the order when and by whom
 * it was received. A line whose product is linked already goes into the linked item; an item linked
 * to another product, or not a product or supply of the clinic, is refused on its field.
 */
export async function receiveOrder(
  db: Executor,
  receiver: Receiver,
  orderId: string,
  data: ReceiveOrderData,
): Promise<Order> {
  const { clinicaId } = receiver;
  try {
    await db.transaction(async (tx) => {
      await deliveredOrder(tx, clinicaId, orderId, true);
      const lines = await orderLines(tx, orderId);
      const choices = new Map(data.lineas.map((l, index) => [l.detalleId, { productoId: l.productoId, index }]));
      if (choices.size !== lines.length || lines.some((l) => !choices.has(l.id)))
        throw unprocessable(STORE_MESSAGES.receiveLinesInvalid, 'lineas');
      const linked = await linkedItems(tx, clinicaId, supplierProducts(lines));
      const chosenIds = data.lineas.flatMap((l) => (l.productoId ? [l.productoId] : []));
      const chosen = new Map(
        chosenIds.length === 0
          ? []
          : (
              await tx
                .select({
                  id: productos.id,
                  nombre: productos.nombre,
                  categoria: sql<ItemCategory>`${productos.categoria}`,
                  productoProveedorId: productos.productoProveedorId,
                })
                .from(productos)
                .where(and(eq(productos.clinicaId, clinicaId), inArray(productos.id, chosenIds)))
            ).map((item) => [item.id, item]),
      );

      const received: { line: OrderLineRow; itemId: string }[] = [];
      for (const line of lines) {
        const { productoId, index } = choices.get(line.id)!;
        const field = `lineas.${index}.productoId`;
        const own = line.productoProveedorId ? linked.get(line.productoProveedorId) : undefined;
        if (own) {
          if (productoId !== own.id)
            throw unprocessable(STORE_MESSAGES.receiveLinkedElsewhere(line.nombre, own.nombre), field);
          received.push({ line, itemId: own.id });
        } else if (productoId) {
          const item = chosen.get(productoId);
          if (!item || !hasStock(item.categoria)) throw unprocessable(STORE_MESSAGES.receiveItemInvalid, field);
          if (item.productoProveedorId) throw unprocessable(STORE_MESSAGES.receiveItemTaken(item.nombre), field);
          received.push({ line, itemId: item.id });
        } else {
          if (!receiver.permisos.has('productos.crear')) throw forbidden(STORE_MESSAGES.receiveCannotCreate);
          received.push({ line, itemId: await createReceivingItem(tx, clinicaId, line) });
        }
      }

      // Item by item in id order (as every multi-item stock change): no deadlock with another one.
      for (const { line, itemId } of received.sort((a, b) => (a.itemId < b.itemId ? -1 : 1))) {
        const link = line.productoProveedorId;
        // Linked only if still free (or already this product's): a receipt of another order that
        // linked it meanwhile wins, and this one is refused rather than moving that link.
        const [linked] = await tx
          .update(productos)
          .set({
            productoProveedorId: link ?? undefined,
            precioCompra: line.precioUnitario,
            fechaActualizacion: sql`now()`,
          })
          .where(
            and(
              eq(productos.id, itemId),
              link ? or(isNull(productos.productoProveedorId), eq(productos.productoProveedorId, link)) : undefined,
            ),
          )
          .returning({ id: productos.id });
        if (!linked) throw raced();
        const result = await adjustStock(tx, {
          clinicaId,
          productoId: itemId,
          cantidad: line.cantidad,
          motivo: 'compra_recibida',
          autorId: receiver.userId,
          referencia: orderId,
        });
        if (result.status !== 'ok') throw new Error(`receiveOrder: ${result.status}`);
        await tx.update(detallesPedido).set({ productoRecibidoId: itemId }).where(eq(detallesPedido.id, line.id));
      }
      await tx
        .update(pedidos)
        .set({ fechaRecepcion: sql`now()`, recibidoPor: receiver.userId })
        .where(eq(pedidos.id, orderId));
    });
  } catch (error) {
    // Another receipt linked the same product (or took the code) between our read and our write.
    if (
      isUniqueViolation(error, 'productos_clinica_proveedor_key') ||
      isUniqueViolation(error, 'productos_clinica_codigo_key')
    )
      throw raced();
    throw error;
  }
  return (await getOrder(db, receiver, 'compras', orderId))!;
}

/**
 * A new item of the clinic for a line: the supplier's product as it is now (name, description,
 * category, unit, and its code when the clinic has no item with that code), counted from 0; the
 * line's name alone if the product was deleted since. Linked to the product by the caller.
 */
async function createReceivingItem(tx: Transaction, clinicaId: string, line: OrderLineRow): Promise<string> {
  const product = line.producto;
  const codigo = product?.codigo ?? null;
  const codeTaken =
    codigo !== null &&
    (
      await tx
        .select({ id: productos.id })
        .from(productos)
        .where(and(eq(productos.clinicaId, clinicaId), eq(productos.codigo, codigo)))
    ).length > 0;
  // What a clinic receives counts stock: a product or a supply (a product if the supplier's item is gone).
  const categoria = product && hasStock(product.categoria) ? product.categoria : 'producto';
  const [item] = await tx
    .insert(productos)
    .values({
      clinicaId,
      nombre: product?.nombre ?? line.nombre,
      descripcion: product?.descripcion ?? null,
      categoria,
      // The tax its kind has in the clinic's country (the clinic may change it on the item).
      tipoImpuesto: defaultTaxType(await clinicPlace(tx, clinicaId), categoria),
      codigo: codeTaken ? null : codigo,
      unidadMedida: product?.unidadMedida ?? null,
      stockActual: 0,
    })
    .returning({ id: productos.id });
  return item.id;
}
