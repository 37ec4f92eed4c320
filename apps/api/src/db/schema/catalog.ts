import { STORE_CATEGORIES } from '@odontia/shared';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clinicas, usuarios } from './clinics.ts';

type ItemColumns = { activo: AnyPgColumn; precioVenta: AnyPgColumn; categoria: AnyPgColumn };

/**
 * The store may sell the item (whoever's it is: who may buy it is the store's rule, `forSale`): it
 * is active, has a sale price and is a product or a supply. Written with literals, because the
 * partial indexes below have it as their predicate and a plan can use them only when a query states
 * it the same way; `productos` or any alias of it.
 */
export const sellable = (item: ItemColumns): SQL<boolean> =>
  sql<boolean>`${item.activo} and ${item.precioVenta} is not null and ${item.categoria} in (${sql.raw(
    STORE_CATEGORIES.map((c) => `'${c}'`).join(', '),
  )})`;

/**
 * At or below its minimum (both recorded): the catalogue's 'Stock bajo' mark, and what raises the
 * low-stock alert (platform/stock.ts).
 */
export const belowMinimum = (item: { stockActual: AnyPgColumn; stockMinimo: AnyPgColumn }): SQL<boolean> =>
  sql<boolean>`coalesce(${item.stockActual} <= ${item.stockMinimo}, false)`;

/**
 * A clinic's catalogue of products, services and supplies (spec 001 §3 productos; DESIGN §1: private
 * to the clinic; the store sells the catalogues of supplier clinics, `clinicas.es_proveedor`).
 * Prices are integers of the clinic's currency's smallest unit (`clinicas.moneda`). Every change of `stock_actual` is a row of `movimientos_stock`,
 * written by `adjustStock` (platform/stock.ts); the CHECK keeps it from ever going below zero.
 */
export const productos = pgTable(
  'productos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion'),
    /** producto | servicio | insumo */
    categoria: text('categoria').notNull(),
    /** Unique within the clinic when given. */
    codigo: text('codigo'),
    precioCompra: integer('precio_compra'),
    precioVenta: integer('precio_venta'),
    /** Null: not recorded (always null for servicio). */
    stockActual: integer('stock_actual'),
    stockMinimo: integer('stock_minimo'),
    unidadMedida: text('unidad_medida'),
    /** One of the clinic's country's tax types (`TaxType.codigo`), by default its country's for the kind. */
    tipoImpuesto: text('tipo_impuesto').notNull(),
    /** A service's usual length: the agenda form's default length for it. */
    duracionMinutos: integer('duracion_minutos'),
    /** A service's code in Colombia's CUPS (Clasificación Única de Procedimientos en Salud). */
    codigoCups: text('codigo_cups'),
    /** An aesthetic service (whitening, aesthetic veneers): in Spain it pays IVA. */
    estetico: boolean('estetico').notNull().default(false),
    /** A service patients may book from the clinic's public profile, for its `duracion_minutos` (issue 24). */
    reservableOnline: boolean('reservable_online').notNull().default(false),
    imagenUrl: text('imagen_url'),
    activo: boolean('activo').notNull().default(true),
    /**
     * The members were told this item reached its minimum: set by the movement that takes the stock
     * to or below stock_minimo (which notifies), cleared when the stock is above it again, so there
     * is one notification per crossing.
     */
    alertaStockEnviada: boolean('alerta_stock_enviada').notNull().default(false),
    /**
     * The supplier's item this one receives (issue 21): set when the clinic first receives that item
     * into this one (chosen, matched by code, or created), so that later deliveries add to it.
     */
    productoProveedorId: uuid('producto_proveedor_id').references((): AnyPgColumn => productos.id, {
      onDelete: 'set null',
    }),
    /** Lower-case, accent-free nombre, código and descripción, for "contains" searches (trigram index). */
    busqueda: text('busqueda').generatedAlwaysAs(
      sql`odontia_normalizar(nombre || ' ' || coalesce(codigo, '') || ' ' || coalesce(descripcion, ''))`,
    ),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
  },
  (t) => [
    check('productos_categoria_valida', sql`${t.categoria} in ('producto', 'servicio', 'insumo')`),
    check('productos_stock_no_negativo', sql`${t.stockActual} >= 0`),
    check('productos_stock_minimo_no_negativo', sql`${t.stockMinimo} >= 0`),
    check('productos_precios_no_negativos', sql`${t.precioCompra} >= 0 and ${t.precioVenta} >= 0`),
    check('productos_duracion_valida', sql`${t.duracionMinutos} between 5 and 720`),
    check(
      'productos_reservable_es_servicio',
      sql`not ${t.reservableOnline} or (${t.categoria} = 'servicio' and ${t.duracionMinutos} is not null)`,
    ),
    uniqueIndex('productos_clinica_codigo_key')
      .on(t.clinicaId, t.codigo)
      .where(sql`${t.codigo} is not null`),
    uniqueIndex('productos_clinica_proveedor_key')
      .on(t.clinicaId, t.productoProveedorId)
      .where(sql`${t.productoProveedorId} is not null`),
    index('productos_clinica_nombre_idx').on(t.clinicaId, t.nombre, t.id),
    index('productos_clinica_categoria_nombre_idx').on(t.clinicaId, t.categoria, t.nombre, t.id),
    // The store's pages (every supplier's items for sale, by nombre; Todos and one tab): a page walks
    // the first entries in order and the total counts entries only (clinica_id is in the key for that).
    // The predicate is `sellable`, which the store's queries state the same way.
    index('productos_tienda_nombre_idx').on(t.nombre, t.id, t.clinicaId).where(sellable(t)),
    index('productos_tienda_categoria_nombre_idx').on(t.categoria, t.nombre, t.id, t.clinicaId).where(sellable(t)),
    // The tab is in the index too (btree_gin), so a search in a tab reads only that tab's matches.
    // fastupdate off, as for patients: a pending list would be read in full by every search.
    index('productos_busqueda_trgm_idx')
      .using('gin', t.clinicaId, t.categoria, sql`${t.busqueda} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * A service's supplies kit (issue 23): the supplies, and how many of each, that doing the service once
 * consumes from stock. Both are items of the same clinic (the service's), checked by the service
 * that writes the kit.
 */
export const kitsServicio = pgTable(
  'kits_servicio',
  {
    servicioId: uuid('servicio_id')
      .notNull()
      .references(() => productos.id, { onDelete: 'cascade' }),
    insumoId: uuid('insumo_id')
      .notNull()
      .references(() => productos.id, { onDelete: 'cascade' }),
    cantidad: integer('cantidad').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.servicioId, t.insumoId] }),
    check('kits_servicio_cantidad_valida', sql`${t.cantidad} between 1 and 1000`),
    index('kits_servicio_insumo_idx').on(t.insumoId),
  ],
);

/**
 * Every change of an item's stock: + added, - taken, with why, who and the stock it left. A store
 * movement names its order in `referencia`, a consumption its treatment done (no foreign key: they
 * live in other features).
 */
export const movimientosStock = pgTable(
  'movimientos_stock',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productoId: uuid('producto_id')
      .notNull()
      .references(() => productos.id, { onDelete: 'cascade' }),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    cantidad: integer('cantidad').notNull(),
    /** ajuste | compra_recibida | venta | consumo */
    motivo: text('motivo').notNull(),
    stockResultante: integer('stock_resultante').notNull(),
    autorId: text('autor_id').references(() => usuarios.id, { onDelete: 'set null' }),
    referencia: uuid('referencia'),
    /** A consumption's units the stock did not have (issue 23): the treatment was done without them. */
    faltante: integer('faltante').notNull().default(0),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A movement changes the stock, or records what a consumption could not take.
    check('movimientos_stock_cantidad_no_cero', sql`${t.cantidad} <> 0 or ${t.faltante} > 0`),
    check('movimientos_stock_faltante_valido', sql`${t.faltante} >= 0`),
    check('movimientos_stock_motivo_valido', sql`${t.motivo} in ('ajuste', 'compra_recibida', 'venta', 'consumo')`),
    index('movimientos_stock_producto_idx').on(t.productoId, t.fechaCreacion),
    // The supplies report (issue 25): a clinic's consumptions or receptions in a range, read from the index
    // alone (movements are only inserted: the extra columns cost no update).
    index('movimientos_stock_clinica_idx').on(
      t.clinicaId,
      t.motivo,
      t.fechaCreacion,
      t.productoId,
      t.cantidad,
      t.faltante,
    ),
  ],
);

/**
 * The number of items of each clinic and category, kept exact by triggers on `productos` (migration
 * productos_conteo_triggers) in the same transaction as the insert, delete or change of category,
 * so the list's "N items encontrados" of a tab and its "de Y items" cost one row, not a count of
 * thousands per page. Stock changes do not touch it (no lock shared by two checkouts).
 */
export const productosConteo = pgTable(
  'productos_conteo',
  {
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    categoria: text('categoria').notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clinicaId, t.categoria] })],
);
