import {
  CART_QUANTITY_MAX,
  STORE_MESSAGES,
  orderTotals,
  type Cart,
  type CartLine,
  type StoreCategory,
} from '@odontia/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { carrito, productos } from '../../db/schema/index.ts';
import type { Member } from '../../platform/context.ts';
import { unprocessable } from '../../platform/errors.ts';
import { getStoreProduct } from './catalogue.service.ts';
import { cartLineNotFound, checkStock, forSale, otherSupplier, productNotFound, proveedores } from './store.rules.ts';

/**
 * The cart (spec 001 §4, §5; decision 0010): one per user and clinic, one supplier at a time, the
 * price seen remembered. Every change answers the whole cart.
 */

/** The signed-in user's lines in the clinic they buy for. */
export const ownCart = (member: Member) =>
  and(eq(carrito.userId, member.userId), eq(carrito.clinicaId, member.clinicaId));

async function cartRows(db: Executor, member: Member) {
  return db
    .select({
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
      // Still for sale to this clinic (the store's one rule): otherwise the line shows it and checkout refuses it.
      disponible: forSale(sql`${member.clinicaId}::uuid`, sql`${member.moneda}::text`),
      proveedorId: proveedores.id,
      proveedorNombre: proveedores.nombre,
    })
    .from(carrito)
    .innerJoin(productos, eq(productos.id, carrito.productoId))
    .innerJoin(proveedores, eq(proveedores.id, productos.clinicaId))
    .where(ownCart(member))
    .orderBy(desc(carrito.fechaCreacion), desc(carrito.id));
}

export async function getCart(db: Executor, member: Member): Promise<Cart> {
  const rows = await cartRows(db, member);
  const lineas = rows.map((r): CartLine => {
    const precioActual = r.disponible ? r.precioVenta : null;
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
        disponible: r.disponible,
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
    if (other) throw otherSupplier(other.proveedorNombre);
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
