import { STORE_CURRENCY, STORE_MESSAGES, type StoreCategory } from '@odontia/shared';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { clinicas, productos, sellable } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';

/**
 * What every part of the store (catalogue, cart, checkout, orders, receipt) shares: who sells, the
 * rule of what is for sale, the product's columns, and the store's answers for what went wrong.
 */

/** The clinic that sells an item (`productos.clinica_id`). */
export const proveedores = alias(clinicas, 'proveedores');

/** `productos` or an alias of it; `clinicas` or an alias of it. */
type Item = Record<'activo' | 'precioVenta' | 'categoria' | 'clinicaId', AnyPgColumn>;
type Seller = { esProveedor: AnyPgColumn; moneda: AnyPgColumn };

/**
 * For sale to `buyer`, the item-side half of the rule: sellable (schema: active, a price, a product
 * or a supply) and not the buyer's own. A query that groups items before it joins their clinics
 * (the store page's total) states the two halves apart; every other one uses `forSale`.
 */
export const forSaleItem = (buyer: SQLWrapper, item: Item = productos): SQL =>
  sql`${sellable(item)} and ${item.clinicaId} <> ${buyer}`;
/**
 * The clinic-side half: its clinic is a supplier (DESIGN §1: the store sells supplier clinics'
 * catalogues) that sells in the store's currency (the specification's pesos, whose IVA and shipping
 * `orderTotals` charges), which must be the buyer's (issue 23: a supplier sells only to clinics of its
 * own currency). `buyerCurrency` is the buyer's `clinicas.moneda`.
 */
export const sellsInStore = (buyerCurrency: SQLWrapper, seller: Seller = proveedores): SQL =>
  sql`(${seller.esProveedor} and ${seller.moneda} = '${sql.raw(STORE_CURRENCY)}' and ${seller.moneda} = ${buyerCurrency})`;
/** For sale to `buyer`, whose currency is `buyerCurrency`: the item joined with its clinic as `proveedores`. */
export const forSale = (buyer: SQLWrapper, buyerCurrency: SQLWrapper): SQL<boolean> =>
  sql<boolean>`(${forSaleItem(buyer)} and ${sellsInStore(buyerCurrency)})`;

/** A store card and the product page (StoreProduct, before its supplier is nested). */
export const productColumns = {
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

export const productNotFound = () => notFound(STORE_MESSAGES.productNotFound);
export const cartLineNotFound = () => notFound(STORE_MESSAGES.cartLineNotFound);
export const orderNotFound = () => notFound(STORE_MESSAGES.orderNotFound);

/**
 * The cart no longer matches what is for sale: the buyer reviews it (the checkout page shows the
 * message, and per product what is short in `fields`). Each has its code, which the page acts on.
 */
export const outOfStock = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'out_of_stock', message, fields);
export const otherSupplier = (proveedor: string) =>
  new AppError(409, 'other_supplier', STORE_MESSAGES.otherSupplier(proveedor));
export const notForSale = (nombres: string[]) => new AppError(409, 'not_for_sale', STORE_MESSAGES.unavailable(nombres));
export const pricesChanged = () => new AppError(409, 'prices_changed', STORE_MESSAGES.pricesChanged);
export const cartEmpty = () => new AppError(422, 'cart_empty', STORE_MESSAGES.cartEmpty);

/** What the supplier's stock leaves of a product ('agotado', or 'Solo quedan n'). */
export const stockLeft = (p: { nombre: string; stockActual: number }) =>
  p.stockActual === 0 ? STORE_MESSAGES.outOfStock(p.nombre) : STORE_MESSAGES.onlyLeft(p.nombre, p.stockActual);

/** Refuses a quantity the supplier's stock cannot cover (a null stock is not counted). */
export function checkStock(p: { nombre: string; stockActual: number | null }, cantidad: number) {
  if (p.stockActual === null || cantidad <= p.stockActual) return;
  throw outOfStock(stockLeft({ nombre: p.nombre, stockActual: p.stockActual }));
}
