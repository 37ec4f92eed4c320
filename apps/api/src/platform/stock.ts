import { CATALOG_MESSAGES, type MovementReason } from '@odontia/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { columnNames, selectList, type RowOf } from '../db/column-map.ts';
import { ph, preparedStatement } from '../db/prepared.ts';
import { belowMinimum, kitsServicio, movimientosStock, productos } from '../db/schema/index.ts';
import { notify } from './notifications.ts';

/**
 * Stock as every feature changes it (the catalogue's item form, the store's checkout, a received
 * order, a cancelled one): one movement per change, atomic, never below zero, and one low-stock
 * notification per crossing of the item's minimum. In platform because two features use it.
 */

export type StockAdjustment = {
  clinicaId: string;
  productoId: string;
  /** Units added (+) or taken (-); never 0. */
  cantidad: number;
  motivo: MovementReason;
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

/** What `settleAlert` needs of an item whose stock just changed (the `stock` step's rows). */
const alertColumns = {
  id: productos.id,
  nombre: productos.nombre,
  stockActual: productos.stockActual,
  stockMinimo: productos.stockMinimo,
  alertaStockEnviada: productos.alertaStockEnviada,
  bajo: belowMinimum(productos),
};
export type AlertState = RowOf<typeof alertColumns>;

/** The columns every movement is written with (a consumption adds its `faltante`). */
const movementColumns = columnNames(
  movimientosStock.productoId,
  movimientosStock.clinicaId,
  movimientosStock.cantidad,
  movimientosStock.motivo,
  movimientosStock.stockResultante,
  movimientosStock.autorId,
  movimientosStock.referencia,
);

/**
 * The stock rule, as two steps of one statement (CTEs), for one item or many: `changes` is a
 * relation of `(producto_id, cantidad)`, the units each item gains (+) or loses (-). `stock` adds
 * them to the clinic's items, conditionally (`coalesce(stock_actual, 0) + cantidad >= 0`, so never
 * below zero, and nothing is taken from a stock that is not recorded), and answers each changed
 * item's alert state (`AlertState`) and `cantidad`; `movimiento` records one movement per changed
 * item with the stock it left. A change that does not apply leaves no row in either.
 *
 * `adjustStock` runs it for one item; the checkout embeds it for all its lines. The caller holds
 * the items' row locks, and brings their alerts in line afterwards (`settleAlert`) for the rows
 * whose `bajo` differs from `alertaStockEnviada`.
 */
export function stockChangeSql(input: {
  changes: SQL;
  clinicaId: SQL;
  motivo: SQL;
  autorId: SQL;
  referencia: SQL;
}): SQL {
  const next = sql`coalesce(${productos.stockActual}, 0) + c.cantidad`;
  return sql`stock as (
      update ${productos} set ${columnNames(productos.stockActual)} = ${next}, ${columnNames(productos.fechaActualizacion)} = now()
      from ${input.changes} c
      where ${productos.id} = c.producto_id and ${productos.clinicaId} = ${input.clinicaId} and ${next} >= 0
      returning ${selectList(alertColumns)}, c.cantidad
    ),
    movimiento as (
      insert into ${movimientosStock} (${movementColumns})
      select s.id, ${input.clinicaId}, s.cantidad, ${input.motivo}, s."stockActual", ${input.autorId}, ${input.referencia}
      from stock s
      returning ${movimientosStock.id} as id, ${movimientosStock.productoId} as producto_id
    )`;
}

/** adjustStock's write: stockChangeSql for one item, with its movement's id. */
const adjustOne = preparedStatement<AlertState & { movimientoId: string }>(
  'odontia_stock_ajuste',
  sql`with cambio as (select ${ph('productoId')}::uuid as producto_id, ${ph('cantidad')}::int as cantidad),
    ${stockChangeSql({
      changes: sql`cambio`,
      clinicaId: sql`${ph('clinicaId')}::uuid`,
      motivo: sql`${ph('motivo')}::text`,
      autorId: sql`${ph('autorId')}::text`,
      referencia: sql`${ph('referencia')}::uuid`,
    })}
    select s.id, s.nombre, s."stockActual", s."stockMinimo", s."alertaStockEnviada", s.bajo, m.id as "movimientoId"
    from stock s join movimiento m on m.producto_id = s.id`,
);

/**
 * Adds `cantidad` (negative: takes) to the item's stock_actual, inside the caller's transaction
 * `tx`, and records the movement with the stock it left (stockChangeSql). The row is locked first,
 * so concurrent adjustments queue instead of losing updates, and the answer can say why nothing
 * changed; the CHECK constraint refuses a negative stock whatever the caller does. When the stock is
 * then at or below stock_minimo and the members were not yet told, those with `productos.editar` are
 * notified (link to the item), once: going back above the minimum re-arms the alert (`settleAlert`).
 * A caller that adjusts several items in one transaction adjusts them in a fixed order, by id, so
 * that two such transactions cannot deadlock.
 */
export async function adjustStock(tx: Executor, input: StockAdjustment): Promise<StockResult> {
  if (!Number.isInteger(input.cantidad) || input.cantidad === 0)
    throw new Error(`adjustStock: cantidad ${input.cantidad}`);
  // FOR NO KEY UPDATE, the lock UPDATE itself takes: it does not block the key-share locks of rows
  // inserted meanwhile that point at this item (a cart line, an order line, a movement), so a checkout
  // holding items never deadlocks with a statement that references several of them.
  const [current] = await tx
    .select({ stockActual: productos.stockActual })
    .from(productos)
    .where(and(eq(productos.id, input.productoId), eq(productos.clinicaId, input.clinicaId)))
    .for('no key update');
  if (!current) return { status: 'no_encontrado' };
  // Not recorded: adding starts the count from 0; taking has nothing to take from.
  if (current.stockActual === null && input.cantidad < 0) return { status: 'no_contado' };
  const [changed] = await adjustOne(tx, {
    productoId: input.productoId,
    cantidad: input.cantidad,
    clinicaId: input.clinicaId,
    motivo: input.motivo,
    autorId: input.autorId,
    referencia: input.referencia ?? null,
  });
  if (!changed) return { status: 'insuficiente', stockActual: current.stockActual ?? 0 };
  const alerta = await settleAlert(tx, input.clinicaId, changed);
  return { status: 'ok', stockActual: changed.stockActual!, movimientoId: changed.movimientoId, alerta };
}

/**
 * Brings the item's alert flag in line with its stock (row locked by the caller): at or below the
 * minimum and not yet told, notify and set it; above it (or nothing to compare), clear it so that the
 * next crossing notifies again. A stock that is not recorded (null) is never low. True when it notified.
 */
export async function settleAlert(tx: Executor, clinicaId: string, state: AlertState): Promise<boolean> {
  if (state.bajo === state.alertaStockEnviada) return false;
  await tx
    .update(productos)
    .set({ alertaStockEnviada: state.bajo })
    .where(and(eq(productos.id, state.id), eq(productos.clinicaId, clinicaId)));
  if (!state.bajo) return false;
  await notify(tx, {
    clinicaId,
    permiso: 'productos.editar',
    titulo: CATALOG_MESSAGES.lowStockTitle,
    mensaje: CATALOG_MESSAGES.lowStockMessage(state.nombre, state.stockActual!, state.stockMinimo!),
    prioridad: 'alta',
    enlace: `/productos/${state.id}`,
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
    .select(alertColumns)
    .from(productos)
    .where(and(eq(productos.id, productoId), eq(productos.clinicaId, clinicaId)))
    .for('no key update');
  return state ? settleAlert(tx, clinicaId, state) : false;
}

/** What a treatment could not take from stock: the supply and the units missing. */
export type Shortfall = { productoId: string; nombre: string; faltante: number };

/**
 * consumeKit's one statement: the kit's supplies locked in id order (so concurrent treatments queue
 * without deadlocks) with the stock each has once its lock is held; from each, as much as it has of
 * what the kit needs (`quita`) and the rest as missing (`faltante`); the stocks lowered, one `consumo`
 * movement per supply naming the treatment; and each supply's answer, with its alert state when its
 * stock changed. The locks are taken and used in one round trip, just before the commit.
 */
const k = kitsServicio;
const consumeKitStatement = preparedStatement<
  { productoId: string; nombre: string; faltante: number; cambiado: boolean } & Omit<AlertState, 'id' | 'nombre'>,
  { servicioId: string; clinicaId: string; veces: number; autorId: string | null; referencia: string }
>(
  'odontia_stock_consumo_kit',
  sql`with kit as (
      select ${productos.id} as producto_id, ${productos.nombre} as nombre, ${productos.stockActual} as stock,
             ${k.cantidad} * ${ph('veces')}::int as necesita
      from ${k} join ${productos} on ${productos.id} = ${k.insumoId}
      where ${k.servicioId} = ${ph('servicioId')}::uuid and ${productos.clinicaId} = ${ph('clinicaId')}::uuid
      order by ${productos.id}
      for no key update of ${productos}
    ),
    c as (select kit.*, least(coalesce(kit.stock, 0), kit.necesita) as quita from kit),
    stock as (
      update ${productos} set ${columnNames(productos.stockActual)} = ${productos.stockActual} - c.quita, ${columnNames(productos.fechaActualizacion)} = now()
      from c where ${productos.id} = c.producto_id and c.quita > 0
      returning ${selectList(alertColumns)}
    ),
    movimiento as (
      insert into ${movimientosStock} (${movementColumns}, ${columnNames(movimientosStock.faltante)})
      select c.producto_id, ${ph('clinicaId')}::uuid, -c.quita, 'consumo', coalesce(c.stock, 0) - c.quita,
             ${ph('autorId')}::text, ${ph('referencia')}::uuid, c.necesita - c.quita
      from c where c.necesita > 0
    )
    select c.producto_id as "productoId", c.nombre, c.necesita - c.quita as faltante, s.id is not null as cambiado,
      ${sql.join(
        Object.keys(alertColumns)
          .filter((key) => key !== 'id' && key !== 'nombre')
          .map((key) => sql`s.${sql.identifier(key)}`),
        sql`, `,
      )}
    from c left join stock s on s.id = c.producto_id
    order by c.producto_id`,
);

/**
 * Consumes a service's supplies kit `veces` times (issue 23), inside the caller's transaction, in one
 * statement (`consumeKitStatement`): as much as each supply's stock has is taken, and one `consumo`
 * movement per supply names the treatment (`referencia`) and records what was missing (`faltante`): a
 * treatment is never refused for lack of stock, and stock never goes below zero. An uncounted supply
 * (null stock) takes nothing and records all of it as missing. Alerts of minimums follow
 * (`settleAlert`); the shortfalls are answered for the caller to tell. The supplies stay locked until
 * the commit: the caller consumes last.
 */
export async function consumeKit(
  tx: Executor,
  input: { clinicaId: string; servicioId: string; veces: number; autorId: string | null; referencia: string },
): Promise<Shortfall[]> {
  const supplies = await consumeKitStatement(tx, input);
  for (const { productoId, nombre, faltante: _f, cambiado, ...state } of supplies) {
    if (cambiado) await settleAlert(tx, input.clinicaId, { id: productoId, nombre, ...state });
  }
  return supplies
    .filter((s) => s.faltante > 0)
    .map(({ productoId, nombre, faltante }) => ({ productoId, nombre, faltante }));
}
