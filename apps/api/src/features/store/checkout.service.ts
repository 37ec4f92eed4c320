import { randomUUID } from 'node:crypto';
import { STORE_MESSAGES, linesSubtotal, orderTotals, type CheckoutData, type Order } from '@odontia/shared';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { columnNames, jsonObject, selectList, tableRef, type RowOf } from '../../db/column-map.ts';
import { ph, preparedStatement } from '../../db/prepared.ts';
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
import { membersWithPermission, notificationsSql } from '../../platform/notifications.ts';
import { settleAlert, stockChangeSql, type AlertState } from '../../platform/stock.ts';
import { getOrder, orderByKey, orderLineColumns, orderLineOrder } from './orders.service.ts';
import {
  cartEmpty,
  forSale,
  notForSale,
  otherSupplier,
  outOfStock,
  pricesChanged,
  proveedores,
  stockLeft,
} from './store.rules.ts';

/**
 * Checkout (spec 001 §5 Checkout, §7 Orders; decision 0010): the cart becomes one order in one
 * transaction of two statements, idempotent by the page's key.
 */

export type CheckoutResult = { pedido: Order; creado: boolean };

const compradores = alias(clinicas, 'compradores');

/** The cart's lines as the checkout checks them: what was seen, what is for sale now, who sells. */
const lockColumns = {
  id: carrito.id,
  productoId: carrito.productoId,
  cantidad: carrito.cantidad,
  precioUnitario: carrito.precioUnitario,
  nombre: productos.nombre,
  precioVenta: productos.precioVenta,
  stockActual: productos.stockActual,
  disponible: forSale(sql`${ph('clinicaId')}::uuid`, compradores.moneda),
  proveedorId: proveedores.id,
  proveedorNombre: proveedores.nombre,
  comprador: compradores.nombre,
  /** The order this user already made with this checkout's key, if any. */
  existente: sql<string | null>`(select ${pedidos.id} from ${pedidos}
    where ${pedidos.userId} = ${ph('userId')}::text and ${pedidos.claveIdempotencia} = ${ph('clave')}::uuid)`,
};

/**
 * The checkout's first statement: the cart's lines with their products and supplier, the cart lines
 * locked (a concurrent checkout of the same cart waits, then finds it empty) and the products locked
 * FOR NO KEY UPDATE in id order (the lock is taken above the sort, so two checkouts of the same
 * items queue instead of deadlocking), plus the order already made with this key, if any.
 */
const lockCart = preparedStatement<RowOf<typeof lockColumns>>(
  'odontia_tienda_checkout_carrito',
  sql`select ${selectList(lockColumns)}
      from ${carrito}
      join ${productos} on ${productos.id} = ${carrito.productoId}
      join ${tableRef(proveedores)} on ${proveedores.id} = ${productos.clinicaId}
      join ${tableRef(compradores)} on ${compradores.id} = ${carrito.clinicaId}
      where ${carrito.userId} = ${ph('userId')}::text and ${carrito.clinicaId} = ${ph('clinicaId')}::uuid
      order by ${productos.id}
      for update of ${carrito} for no key update of ${productos}`,
);

type CheckoutWritten = {
  numeroPedido: string;
  /** The order's fecha_creacion, which is also its first tracking step's (the transaction's now()). */
  creado: number;
  descontados: number;
  /** Items whose low-stock alert this sale changed (rare): their AlertState. */
  alertas: AlertState[] | string;
  /** Events published (one per notification): referencing the CTE is what runs it. */
  publicados: number;
  lineas: Order['lineas'] | string;
  autor: string | null;
};

/** Replaced in SQL by the order's number (made by the pedidos default) in the supplier's notification. */
const NUMERO = '\u0001numero\u0001';

// The order and its lines as written by the statement, read back through these aliases (CTEs named alike).
const PEDIDO = 'pedido';
const DETALLE = 'detalle';
const pedido = alias(pedidos, PEDIDO);
const detalle = alias(detallesPedido, DETALLE);
const supplier = sql`${ph('proveedorId')}::uuid`;
const orderId = sql`${ph('pedidoId')}::uuid`;

/**
 * The checkout's writes in one statement, on lines already checked under their locks: the stock
 * rule (stockChangeSql) takes each line from the supplier's stock with its 'venta' movement, then
 * the order, its lines, its first tracking step, the cart emptied, and the supplier's members with
 * ventas.gestionar notified (notificationsSql, as notify() does) with their events published.
 * Answers what the order's page shows (the lines as getOrder orders them).
 */
const writeOrder = preparedStatement<CheckoutWritten>(
  'odontia_tienda_checkout_pedido',
  sql`with linea as (
        select * from unnest(${ph('productos')}::uuid[], ${ph('cantidades')}::int[], ${ph('precios')}::int[], ${ph('nombres')}::text[])
          as l(producto_id, cantidad, precio, nombre)
      ),
      toma as (select l.producto_id, -l.cantidad as cantidad from linea l),
      ${stockChangeSql({ changes: sql`toma`, clinicaId: supplier, motivo: sql`'venta'`, autorId: sql`null::text`, referencia: orderId })},
      ${sql.identifier(PEDIDO)} as (
        insert into ${pedidos} (${columnNames(
          pedidos.id,
          pedidos.clinicaId,
          pedidos.userId,
          pedidos.proveedorId,
          pedidos.subtotal,
          pedidos.iva,
          pedidos.envio,
          pedidos.total,
          pedidos.direccionEnvio,
          pedidos.metodoPago,
          pedidos.notas,
          pedidos.claveIdempotencia,
        )})
        values (${orderId}, ${ph('clinicaId')}::uuid, ${ph('userId')}::text, ${supplier}, ${ph('subtotal')}::bigint, ${ph('iva')}::bigint,
                ${ph('envio')}::bigint, ${ph('total')}::bigint, ${ph('direccion')}::jsonb, ${ph('metodoPago')}::text, ${ph('notas')}::text, ${ph('clave')}::uuid)
        returning *
      ),
      ${sql.identifier(DETALLE)} as (
        insert into ${detallesPedido} (${columnNames(
          detallesPedido.pedidoId,
          detallesPedido.productoId,
          detallesPedido.nombre,
          detallesPedido.precioUnitario,
          detallesPedido.cantidad,
          detallesPedido.subtotal,
        )})
        select ${orderId}, l.producto_id, l.nombre, l.precio, l.cantidad, l.precio::bigint * l.cantidad from linea l
        returning *
      ),
      paso as (
        insert into ${seguimientoPedido} (${columnNames(seguimientoPedido.pedidoId, seguimientoPedido.estado, seguimientoPedido.autorId)})
        values (${orderId}, 'recibido', ${ph('userId')}::text)
      ),
      vaciado as (delete from ${carrito} where ${carrito.id} = any(${ph('carrito')}::uuid[])),
      ${notificationsSql({
        recipients: membersWithPermission(supplier, sql`'ventas.gestionar'`),
        values: {
          clinicaId: supplier,
          titulo: sql`${ph('titulo')}::text`,
          mensaje: sql`replace(${ph('mensaje')}::text, ${ph('marca')}::text, ${pedido.numeroPedido})`,
          prioridad: sql`'media'`,
          enlace: sql`${ph('enlace')}::text`,
          tipo: sql`'pedido'`,
        },
        from: sql`${sql.identifier(PEDIDO)}`,
      })}
      select ${pedido.numeroPedido} as "numeroPedido",
             floor(extract(epoch from ${pedido.fechaCreacion}) * 1000)::float8 as creado,
             (select count(*)::int from evento) as publicados,
             (select count(*)::int from stock) as descontados,
             (select coalesce(json_agg(s), '[]') from stock s where s.bajo <> s."alertaStockEnviada") as alertas,
             (select json_agg(${jsonObject({ ...orderLineColumns(detalle), recibidoEn: sql`null` })} order by ${orderLineOrder(detalle)})
                from ${sql.identifier(DETALLE)} left join ${productos} on ${productos.id} = ${detalle.productoId}) as lineas,
             (select ${usuarios.nombres} from ${usuarios} where ${usuarios.id} = ${ph('userId')}::text) as autor
      from ${sql.identifier(PEDIDO)}`,
);

/** json as an object whichever way the driver handed it over. */
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

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
        throw cartEmpty();
      }
      if (lines[0].existente) return { kind: 'repetido', id: lines[0].existente };

      const unavailable = lines.filter((l) => !l.disponible);
      if (unavailable.length) throw notForSale(unavailable.map((l) => l.nombre));
      const suppliers = new Set(lines.map((l) => l.proveedorId));
      if (suppliers.size > 1) throw otherSupplier(lines[0].proveedorNombre);
      const changed = lines.filter((l) => l.precioVenta !== l.precioUnitario);
      if (changed.length) {
        // Shown before paying: the cart takes the new prices (this write is committed), no order is made.
        for (const l of changed)
          await tx.update(carrito).set({ precioUnitario: l.precioVenta! }).where(eq(carrito.id, l.id));
        return { kind: 'precios' };
      }
      const short = lines.filter((l) => l.stockActual !== null && l.stockActual < l.cantidad);
      if (short.length) {
        throw outOfStock(
          STORE_MESSAGES.notEnoughStock(short.map((l) => l.nombre)),
          Object.fromEntries(
            short.map((l) => [l.productoId, stockLeft({ nombre: l.nombre, stockActual: l.stockActual! })]),
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
        carrito: lines.map((l) => l.id),
        titulo: STORE_MESSAGES.newSaleTitle,
        mensaje: STORE_MESSAGES.newSaleMessage(NUMERO, comprador),
        marca: NUMERO,
        enlace: `/ventas/${id}`,
      });
      // The lines were checked under the same locks: a counted line not taken is a bug, and nothing is
      // kept. (A stock that is not recorded, null, is not counted, as on the card.)
      const counted = lines.filter((l) => l.stockActual !== null).length;
      if (written.descontados !== counted)
        throw new Error(`checkout: ${counted - written.descontados} lines without stock while locked`);
      // The supplier's low-stock alert for the items this sale took to their minimum (rare).
      for (const state of fromJson(written.alertas)) await settleAlert(tx, proveedorId, state);

      const creado = new Date(Number(written.creado)).toISOString();
      const pedido: Order = {
        id,
        numeroPedido: written.numeroPedido,
        estado: 'recibido',
        ...totals,
        metodoPago: data.metodoPago,
        cantidadProductos: lines.reduce((n, l) => n + l.cantidad, 0),
        fechaCreacion: creado,
        proveedor: { id: proveedorId, nombre: proveedorNombre },
        clinica: { id: member.clinicaId, nombre: comprador },
        direccionEnvio,
        notas: data.notas ?? null,
        lineas: fromJson(written.lineas),
        seguimiento: [{ estado: 'recibido', fecha: creado, autor: written.autor }],
        recepcion: null,
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
  if (outcome.kind === 'precios') throw pricesChanged();
  if (outcome.kind === 'repetido')
    return { pedido: (await getOrder(db, member, 'compras', outcome.id))!, creado: false };
  return { pedido: outcome.pedido, creado: true };
}
