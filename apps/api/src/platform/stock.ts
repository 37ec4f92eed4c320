import { CATALOG_MESSAGES, type MotivoMovimiento } from '@odontia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { movimientosStock, productos } from '../db/schema/index.ts';
import { notify } from './notifications.ts';

/**
 * Stock as every feature changes it (the catalogue's item form, the store's checkout and received
 * orders): one movement per change, atomic, never below zero, and one low-stock notification per
 * crossing of the item's minimum. In platform because two features use it (feature boundaries).
 */

export type StockAdjustment = {
  clinicaId: string;
  productoId: string;
  /** Units added (+) or taken (-); never 0. */
  cantidad: number;
  motivo: MotivoMovimiento;
  /** The member who made the change; null for the system. */
  autorId: string | null;
  /** The order of a store movement. */
  referencia?: string | null;
};

export type StockResult =
  | { status: 'ok'; stockActual: number; movimientoId: string; alerta: boolean }
  /** Taking `cantidad` would leave fewer than zero: nothing changed. */
  | { status: 'insuficiente'; stockActual: number }
  /** Taking from an item whose stock is not recorded (null: a service, or never counted): nothing changed. */
  | { status: 'no_contado' }
  /** No such item in that clinic: nothing changed. */
  | { status: 'no_encontrado' };

/**
 * Adds `cantidad` (negative: takes) to the item's stock_actual, inside the caller's transaction
 * `tx`, and records the movement with the stock it left. The row is locked while
 * it changes, so concurrent adjustments queue instead of losing updates; the update is conditional
 * (`stock_actual + cantidad >= 0`) and the CHECK constraint refuses a negative stock whatever the
 * caller does. When the stock is then at or below stock_minimo and the members were not yet told,
 * those with `productos.editar` are notified (link to the item), once: going back above the minimum
 * re-arms the alert (`settleAlert`). A caller that adjusts several items in one transaction (a
 * checkout) adjusts them in a fixed order, by id, so that two such transactions cannot deadlock.
 */
export async function adjustStock(tx: Executor, input: StockAdjustment): Promise<StockResult> {
  if (!Number.isInteger(input.cantidad) || input.cantidad === 0)
    throw new Error(`adjustStock: cantidad ${input.cantidad}`);
  const where = and(eq(productos.id, input.productoId), eq(productos.clinicaId, input.clinicaId));
  // FOR NO KEY UPDATE, the lock UPDATE itself takes: it does not block the key-share locks of rows
  // inserted meanwhile that point at this item (a cart line, an order line, a movement), so a checkout
  // holding items never deadlocks with a statement that references several of them.
  const [current] = await tx
    .select({ stockActual: productos.stockActual, alertaStockEnviada: productos.alertaStockEnviada })
    .from(productos)
    .where(where)
    .for('no key update');
  if (!current) return { status: 'no_encontrado' };
  // Not recorded: adding starts the count from 0; taking has nothing to take from.
  if (current.stockActual === null && input.cantidad < 0) return { status: 'no_contado' };
  const next = sql`coalesce(${productos.stockActual}, 0) + ${input.cantidad}`;
  // Conditional as well as locked: whatever happened since the read, the stock cannot go below 0.
  const [row] = await tx
    .update(productos)
    .set({ stockActual: next, fechaActualizacion: new Date() })
    .where(and(where, sql`${next} >= 0`))
    .returning({ nombre: productos.nombre, stockActual: productos.stockActual, stockMinimo: productos.stockMinimo });
  if (!row) return { status: 'insuficiente', stockActual: current.stockActual ?? 0 };
  const stockActual = row.stockActual!;
  const [movimiento] = await tx
    .insert(movimientosStock)
    .values({
      productoId: input.productoId,
      clinicaId: input.clinicaId,
      cantidad: input.cantidad,
      motivo: input.motivo,
      stockResultante: stockActual,
      autorId: input.autorId,
      referencia: input.referencia ?? null,
    })
    .returning({ id: movimientosStock.id });
  const alerta = await settleAlert(tx, input.clinicaId, input.productoId, {
    ...row,
    alertaStockEnviada: current.alertaStockEnviada,
  });
  return { status: 'ok', stockActual, movimientoId: movimiento.id, alerta };
}

type AlertState = {
  nombre: string;
  stockActual: number | null;
  stockMinimo: number | null;
  alertaStockEnviada: boolean;
};

/**
 * Brings the item's alert flag in line with its stock (row locked by the caller): at or below the
 * minimum and not yet told, notify and set it; above it (or nothing to compare), clear it so that the
 * next crossing notifies again. A stock that is not recorded (null) is never low. True when it notified.
 */
async function settleAlert(tx: Executor, clinicaId: string, productoId: string, state: AlertState): Promise<boolean> {
  const low = state.stockActual !== null && state.stockMinimo !== null && state.stockActual <= state.stockMinimo;
  if (low === state.alertaStockEnviada) return false;
  await tx
    .update(productos)
    .set({ alertaStockEnviada: low })
    .where(and(eq(productos.id, productoId), eq(productos.clinicaId, clinicaId)));
  if (!low) return false;
  await notify(tx, {
    clinicaId,
    permiso: 'productos.editar',
    titulo: CATALOG_MESSAGES.lowStockTitle,
    mensaje: CATALOG_MESSAGES.lowStockMessage(state.nombre, state.stockActual!, state.stockMinimo!),
    prioridad: 'alta',
    enlace: `/productos/${productoId}`,
    tipo: 'stock',
  });
  return true;
}

/**
 * The alert check after an item changed without a movement (its minimum was raised or lowered on
 * the form, its stock cleared): notifies if it is now at or below its minimum for the first time,
 * re-arms the alert if it is above. Locks the row; runs in the caller's transaction.
 */
export async function refreshStockAlert(tx: Executor, clinicaId: string, productoId: string): Promise<boolean> {
  const [state] = await tx
    .select({
      nombre: productos.nombre,
      stockActual: productos.stockActual,
      stockMinimo: productos.stockMinimo,
      alertaStockEnviada: productos.alertaStockEnviada,
    })
    .from(productos)
    .where(and(eq(productos.id, productoId), eq(productos.clinicaId, clinicaId)))
    .for('no key update');
  return state ? settleAlert(tx, clinicaId, productoId, state) : false;
}

export type PurchaseReceipt = {
  /** The buyer's clinic. */
  clinicaId: string;
  /** The supplier's item that was bought. */
  productoProveedorId: string;
  cantidad: number;
  /** What the buyer paid per unit (becomes the item's precio_compra). */
  precioUnitario: number | null;
  autorId: string | null;
  /** The order. */
  referencia: string | null;
};

/**
 * Adds received units to the buyer's catalogue as a 'compra_recibida' movement, in the caller's
 * transaction. The first receipt of a supplier's item creates the buyer's own item, linked to it
 * (`producto_proveedor_id`, one per clinic) with its name, description, category and unit; later
 * receipts add to that item (and update its purchase price). Returns the buyer's item id.
 */
export async function receivePurchasedStock(
  tx: Executor,
  input: PurchaseReceipt,
): Promise<{ productoId: string; stockActual: number }> {
  const [supplied] = await tx
    .select({
      nombre: productos.nombre,
      descripcion: productos.descripcion,
      categoria: productos.categoria,
      unidadMedida: productos.unidadMedida,
    })
    .from(productos)
    .where(eq(productos.id, input.productoProveedorId));
  if (!supplied) throw new Error(`receivePurchasedStock: no supplier item ${input.productoProveedorId}`);
  const linked = and(
    eq(productos.clinicaId, input.clinicaId),
    eq(productos.productoProveedorId, input.productoProveedorId),
  );
  await tx
    .insert(productos)
    .values({
      clinicaId: input.clinicaId,
      productoProveedorId: input.productoProveedorId,
      nombre: supplied.nombre,
      descripcion: supplied.descripcion,
      // A bought service would count no stock; what a clinic receives is a product or a supply.
      categoria: supplied.categoria === 'servicio' ? 'producto' : supplied.categoria,
      unidadMedida: supplied.unidadMedida,
      precioCompra: input.precioUnitario,
      stockActual: 0,
    })
    .onConflictDoNothing({
      target: [productos.clinicaId, productos.productoProveedorId],
      where: sql`${productos.productoProveedorId} is not null`,
    });
  const [item] = await tx.select({ id: productos.id }).from(productos).where(linked);
  if (input.precioUnitario !== null) {
    await tx.update(productos).set({ precioCompra: input.precioUnitario }).where(eq(productos.id, item.id));
  }
  const result = await adjustStock(tx, {
    clinicaId: input.clinicaId,
    productoId: item.id,
    cantidad: input.cantidad,
    motivo: 'compra_recibida',
    autorId: input.autorId,
    referencia: input.referencia,
  });
  if (result.status !== 'ok') throw new Error(`receivePurchasedStock: ${result.status}`);
  return { productoId: item.id, stockActual: result.stockActual };
}
