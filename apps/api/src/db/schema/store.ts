import type { ShippingAddress } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { productos } from './catalog.ts';
import { clinicas } from './clinics.ts';

/**
 * The store (spec 001 §3 carrito, pedidos, detalles_pedido, seguimiento_pedido): carts per user,
 * orders from a buying clinic to a supplier clinic (`clinicas.es_proveedor`), their lines with the
 * prices of that moment, and the tracking timeline. Money is whole pesos; order amounts are bigint
 * (999 units of an item priced near the integer limit would not fit an integer).
 */

/** A user's cart line: one per product; the price the user saw when adding it. */
export const carrito = pgTable(
  'carrito',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The clinic the user bought for: a user who changes clinic does not take the cart along. */
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    /** A supplier's item. */
    productoId: uuid('producto_id')
      .notNull()
      .references(() => productos.id, { onDelete: 'cascade' }),
    cantidad: integer('cantidad').notNull(),
    /** precio_venta when added (or last acknowledged at checkout): a change is shown before paying. */
    precioUnitario: integer('precio_unitario').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
  },
  (t) => [
    check('carrito_cantidad_positiva', sql`${t.cantidad} > 0`),
    uniqueIndex('carrito_usuario_producto_key').on(t.userId, t.productoId),
    index('carrito_usuario_idx').on(t.userId, t.clinicaId, t.fechaCreacion),
  ],
);

/** numero_pedido: 'PED-2026-000123', readable and unique. */
export const pedidosNumeroSeq = pgSequence('pedidos_numero_seq');

export const pedidos = pgTable(
  'pedidos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    numeroPedido: text('numero_pedido')
      .notNull()
      .default(
        sql`('PED-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || lpad(nextval('pedidos_numero_seq')::text, 6, '0'))`,
      ),
    /** The buying clinic. */
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    /** Who confirmed it; null once that account is gone. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The supplier clinic that sells it. */
    proveedorId: uuid('proveedor_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    /** recibido | en_preparacion | enviado | entregado | cancelado */
    estado: text('estado').notNull().default('recibido'),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    iva: bigint('iva', { mode: 'number' }).notNull(),
    envio: bigint('envio', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    direccionEnvio: jsonb('direccion_envio').$type<ShippingAddress>().notNull(),
    /** transferencia | contraentrega */
    metodoPago: text('metodo_pago').notNull(),
    notas: text('notas'),
    /** The checkout page's key: a repeat of the same request finds this order instead of making another. */
    claveIdempotencia: uuid('clave_idempotencia').notNull(),
    /**
     * When the buying clinic received the delivered order into its inventory ('Recibir en el
     * inventario'), and who did; null until then.
     */
    fechaRecepcion: timestamp('fecha_recepcion', { withTimezone: true }),
    recibidoPor: text('recibido_por').references(() => user.id, { onDelete: 'set null' }),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
  },
  (t) => [
    check(
      'pedidos_estado_valido',
      sql`${t.estado} in ('recibido', 'en_preparacion', 'enviado', 'entregado', 'cancelado')`,
    ),
    check('pedidos_metodo_pago_valido', sql`${t.metodoPago} in ('transferencia', 'contraentrega')`),
    check(
      'pedidos_totales_validos',
      sql`${t.subtotal} >= 0 and ${t.iva} >= 0 and ${t.envio} >= 0 and ${t.total} = ${t.subtotal} + ${t.iva} + ${t.envio}`,
    ),
    uniqueIndex('pedidos_numero_key').on(t.numeroPedido),
    uniqueIndex('pedidos_usuario_clave_key').on(t.userId, t.claveIdempotencia),
    index('pedidos_clinica_fecha_idx').on(t.clinicaId, t.fechaCreacion.desc().nullsFirst(), t.id),
    index('pedidos_proveedor_fecha_idx').on(t.proveedorId, t.fechaCreacion.desc().nullsFirst(), t.id),
  ],
);

export const detallesPedido = pgTable(
  'detalles_pedido',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pedidoId: uuid('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    /** The supplier's item; null if it was deleted since (the line keeps its name and price). */
    productoId: uuid('producto_id').references(() => productos.id, { onDelete: 'set null' }),
    nombre: text('nombre').notNull(),
    precioUnitario: integer('precio_unitario').notNull(),
    cantidad: integer('cantidad').notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    /** The buying clinic's item the line was received into; null until received (or once that item is deleted). */
    productoRecibidoId: uuid('producto_recibido_id').references(() => productos.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('detalles_pedido_cantidad_positiva', sql`${t.cantidad} > 0`),
    check('detalles_pedido_subtotal_valido', sql`${t.subtotal} = ${t.precioUnitario}::bigint * ${t.cantidad}`),
    index('detalles_pedido_pedido_idx').on(t.pedidoId),
  ],
);

/** The tracking timeline: one row per state the order entered, with when and who. */
export const seguimientoPedido = pgTable(
  'seguimiento_pedido',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pedidoId: uuid('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    estado: text('estado').notNull(),
    autorId: text('autor_id').references(() => user.id, { onDelete: 'set null' }),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'seguimiento_pedido_estado_valido',
      sql`${t.estado} in ('recibido', 'en_preparacion', 'enviado', 'entregado', 'cancelado')`,
    ),
    index('seguimiento_pedido_pedido_idx').on(t.pedidoId, t.fecha),
  ],
);
