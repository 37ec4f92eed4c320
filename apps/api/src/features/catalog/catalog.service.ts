import {
  CATALOG_MESSAGES,
  CATALOG_MOVEMENTS_SHOWN,
  CATALOG_PAGE_SIZE,
  LOW_STOCK_LIST_SIZE,
  type CatalogItem,
  type CatalogItemRow,
  type CatalogPage,
  type CatalogTab,
  type ItemCategory,
  type ItemData,
  type KitLineData,
  type LowStockList,
  defaultTaxType,
  taxTypesOf,
  type MovementReason,
  type UpdateItemData,
} from '@odontia/shared';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/search.ts';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Database, type Executor } from '../../db/client.ts';
import { selectList } from '../../db/column-map.ts';
import { preparedStatement } from '../../db/prepared.ts';
import {
  belowMinimum,
  clinicas,
  kitsServicio,
  movimientosStock,
  productos,
  productosConteo,
  usuarios,
} from '../../db/schema/index.ts';
import { clinicPlace } from '../../platform/clinic-place.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { adjustStock, refreshStockAlert } from '../../platform/stock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { deleteStoredImage, replaceStoredImage } from '../../platform/storage/stored-images.ts';

export const itemNotFound = () => notFound(CATALOG_MESSAGES.notFound);

const codigoTaken = () =>
  new AppError(409, 'conflict', CATALOG_MESSAGES.codigoDuplicate, { codigo: CATALOG_MESSAGES.codigoDuplicate });

/** The list's columns (the table's, CatalogItemRow); `bajoMinimo` is the low-stock mark. */
const listColumns = {
  id: productos.id,
  nombre: productos.nombre,
  categoria: sql<ItemCategory>`${productos.categoria}`,
  codigo: productos.codigo,
  precioCompra: productos.precioCompra,
  precioVenta: productos.precioVenta,
  stockActual: productos.stockActual,
  unidadMedida: productos.unidadMedida,
  activo: productos.activo,
  bajoMinimo: belowMinimum(productos),
  duracionMinutos: productos.duracionMinutos,
};

/** The supplies of a service's kit. */
const insumos = alias(productos, 'insumos');

/** The supplier's product an item receives (store deliveries), and its clinic. */
const suministrados = alias(productos, 'suministrados');
const proveedores = alias(clinicas, 'proveedores');

/** The item page's columns: the list's and the rest of the form's. */
const itemColumns = {
  ...listColumns,
  descripcion: productos.descripcion,
  stockMinimo: productos.stockMinimo,
  tipoImpuesto: productos.tipoImpuesto,
  estetico: productos.estetico,
  codigoCups: productos.codigoCups,
  reservableOnline: productos.reservableOnline,
  imagenUrl: productos.imagenUrl,
  suministradoId: suministrados.id,
  suministradoNombre: suministrados.nombre,
  proveedorNombre: proveedores.nombre,
  fechaCreacion: productos.fechaCreacion,
  fechaActualizacion: productos.fechaActualizacion,
};

type ListRow = CatalogItemRow & { total: number; totalClinica: number };

/** The clinic's items (or one category's) from `productos_conteo`, kept by triggers. */
const counted = (clinicaId: SQL, categoria?: SQL) =>
  sql`(select coalesce(sum(${productosConteo.total}), 0)::int from ${productosConteo} where ${productosConteo.clinicaId} = ${clinicaId}${categoria ? sql` and ${productosConteo.categoria} = ${categoria}` : sql``})`;

/** The page's rows of the clinic (and tab), by nombre. */
const clinicItems = (clinicaId: SQL, tab: SQL | undefined) =>
  sql`from ${productos} where ${productos.clinicaId} = ${clinicaId}${tab ? sql` and ${productos.categoria} = ${tab}` : sql``}`;
const pageOf = (limit: SQL | number, offset: SQL | number) =>
  sql`order by ${productos.nombre}, ${productos.id} limit ${limit} offset ${offset}`;
const placeholderPage = pageOf(sql`${sql.placeholder('limit')}::int`, sql`${sql.placeholder('offset')}::int`);

/**
 * A page without a search (Todos, or one tab): a named statement (planned once per connection) that
 * walks productos_clinica_(categoria_)nombre_idx in order, both totals from productos_conteo.
 */
const listPage = (name: string, tab: SQL | undefined) => {
  const clinicaId = sql`${sql.placeholder('clinicaId')}::uuid`;
  return preparedStatement<ListRow>(
    name,
    sql`select ${selectList(listColumns)}, ${counted(clinicaId, tab)} as total, ${counted(clinicaId)} as "totalClinica"
        ${clinicItems(clinicaId, tab)}
        ${placeholderPage}`,
  );
};
const listAll = listPage('odontia_catalogo_lista', undefined);
const listTab = listPage('odontia_catalogo_pestana', sql`${sql.placeholder('categoria')}::text`);

/**
 * A search of three characters or more: a named statement too. Its count needs every match anyway, so
 * the trigram index is the plan for any such term, and planning it on each keystroke cost as much as
 * running it. Shorter terms have no trigram to look up and are planned with their value.
 */
const searchPage = (name: string, tab: SQL | undefined) => {
  const clinicaId = sql`${sql.placeholder('clinicaId')}::uuid`;
  return preparedStatement<ListRow>(
    name,
    sql`select ${selectList(listColumns)}, (count(*) over ())::int as total, ${counted(clinicaId)} as "totalClinica"
        ${clinicItems(clinicaId, tab)} and ${productos.busqueda} like ${containsPattern(sql`${sql.placeholder('q')}::text`)}
        ${placeholderPage}`,
  );
};
const searchAll = searchPage('odontia_catalogo_busqueda', undefined);
const searchTab = searchPage('odontia_catalogo_busqueda_pestana', sql`${sql.placeholder('categoria')}::text`);
const TRIGRAM = 3;

/**
 * One page of the clinic's catalogue ordered by nombre, filtered on the server by tab and search
 * (nombre, código, descripción; accent-insensitive), with the number of matches and of all the
 * clinic's items, in one round trip. Without a search both numbers come from `productos_conteo`
 * (kept by triggers: one row per category, not a count of thousands); a search counts its matches
 * with a window over the same trigram-index scan that finds them.
 */
export async function listItems(
  db: Database,
  clinicaId: string,
  query: { categoria: CatalogTab; q: string; pagina: number },
): Promise<CatalogPage> {
  const categoria = query.categoria === 'todos' ? undefined : query.categoria;
  const limit = CATALOG_PAGE_SIZE;
  const offset = (query.pagina - 1) * CATALOG_PAGE_SIZE;
  let rows: ListRow[];
  if (!query.q) {
    rows = await (categoria ? listTab : listAll)(db, { clinicaId, categoria, limit, offset });
  } else if (query.q.trim().length >= TRIGRAM) {
    rows = await (categoria ? searchTab : searchAll)(db, { clinicaId, categoria, q: query.q, limit, offset });
  } else {
    // Too short for a trigram: planned with the term, which may well match most items.
    rows = await rowsOf<ListRow>(
      db.execute(sql`
        select ${selectList(listColumns)}, (count(*) over ())::int as total, ${counted(sql`${clinicaId}::uuid`)} as "totalClinica"
        ${clinicItems(sql`${clinicaId}::uuid`, categoria ? sql`${categoria}` : undefined)}
          and ${productos.busqueda} like ${containsPattern(query.q)}
        ${pageOf(limit, offset)}`),
    );
  }
  // Past the end of the matches (or none): the counts alone.
  const filters = [eq(productos.clinicaId, clinicaId)];
  if (categoria) filters.push(eq(productos.categoria, categoria));
  if (query.q) filters.push(sql`${productos.busqueda} like ${containsPattern(query.q)}`);
  const [head] = rows.length
    ? rows
    : await db
        .select({
          total: query.q
            ? sql<number>`(select count(*)::int from productos where ${and(...filters)})`
            : counted(sql`${clinicaId}::uuid`, categoria ? sql`${categoria}` : undefined),
          totalClinica: counted(sql`${clinicaId}::uuid`),
        })
        .from(sql`(select 1) as uno`);
  return {
    items: rows.map(({ total: _t, totalClinica: _c, ...item }): CatalogItemRow => item),
    total: Number(head.total),
    totalClinica: Number(head.totalClinica),
    pagina: query.pagina,
    porPagina: CATALOG_PAGE_SIZE,
  };
}

/**
 * The clinic's active items at or under their minimum (the supplier dashboard's 'Stock bajo'), by
 * nombre, with how many there are: filtered here, however large the catalogue.
 */
export async function listLowStock(db: Database, clinicaId: string): Promise<LowStockList> {
  const low = and(eq(productos.clinicaId, clinicaId), eq(productos.activo, true), belowMinimum(productos));
  const rows = await db
    .select({ ...listColumns, total: sql<number>`(count(*) over ())::int` })
    .from(productos)
    .where(low)
    .orderBy(productos.nombre, productos.id)
    .limit(LOW_STOCK_LIST_SIZE);
  return { items: rows.map(({ total: _t, ...item }): CatalogItemRow => item), total: rows[0]?.total ?? 0 };
}

/** The item with its last movements (newest first) and their authors; null when not the clinic's. */
export async function getItem(db: Executor, clinicaId: string, id: string): Promise<CatalogItem | null> {
  const [item] = await db
    .select(itemColumns)
    .from(productos)
    .leftJoin(suministrados, eq(suministrados.id, productos.productoProveedorId))
    .leftJoin(proveedores, eq(proveedores.id, suministrados.clinicaId))
    .where(and(eq(productos.id, id), eq(productos.clinicaId, clinicaId)));
  if (!item) return null;
  const movimientos = await db
    .select({
      id: movimientosStock.id,
      cantidad: movimientosStock.cantidad,
      motivo: sql<MovementReason>`${movimientosStock.motivo}`,
      stockResultante: movimientosStock.stockResultante,
      autorId: movimientosStock.autorId,
      autorNombres: usuarios.nombres,
      referencia: movimientosStock.referencia,
      faltante: movimientosStock.faltante,
      fechaCreacion: movimientosStock.fechaCreacion,
    })
    .from(movimientosStock)
    .leftJoin(usuarios, eq(usuarios.id, movimientosStock.autorId))
    .where(and(eq(movimientosStock.productoId, id), eq(movimientosStock.clinicaId, clinicaId)))
    .orderBy(desc(movimientosStock.fechaCreacion), desc(movimientosStock.id))
    .limit(CATALOG_MOVEMENTS_SHOWN);
  const kit =
    item.categoria === 'servicio'
      ? await db
          .select({
            insumoId: kitsServicio.insumoId,
            nombre: insumos.nombre,
            unidadMedida: insumos.unidadMedida,
            cantidad: kitsServicio.cantidad,
          })
          .from(kitsServicio)
          .innerJoin(insumos, eq(insumos.id, kitsServicio.insumoId))
          .where(eq(kitsServicio.servicioId, id))
          .orderBy(insumos.nombre, insumos.id)
      : [];
  const { suministradoId, suministradoNombre, proveedorNombre, ...fields } = item;
  return {
    ...fields,
    kit,
    productoProveedor:
      suministradoId && suministradoNombre !== null && proveedorNombre !== null
        ? { id: suministradoId, nombre: suministradoNombre, proveedor: proveedorNombre }
        : null,
    fechaCreacion: item.fechaCreacion.toISOString(),
    fechaActualizacion: item.fechaActualizacion?.toISOString() ?? null,
    movimientos: movimientos.map(({ autorId, autorNombres, fechaCreacion, ...m }) => ({
      ...m,
      autor: autorId && autorNombres !== null ? { id: autorId, nombres: autorNombres } : null,
      fechaCreacion: fechaCreacion.toISOString(),
    })),
  };
}

/** A write that may hit the clinic's código uniqueness, answered on the field. */
async function guardCodigo<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'productos_clinica_codigo_key')) throw codigoTaken();
    throw error;
  }
}

type Author = { clinicaId: string; userId: string };

/**
 * Creates the item in the caller's clinic. Its initial stock is its first movement (an 'ajuste'),
 * so the movements of an item always add up to its stock.
 */
export async function createItem(db: Database, member: Author, data: ItemData): Promise<CatalogItem> {
  return guardCodigo(() =>
    db.transaction(async (tx) => {
      const { stockActual, kit, ...fields } = data;
      const initial = stockActual === null ? null : 0;
      const [row] = await tx
        .insert(productos)
        .values({
          ...fields,
          tipoImpuesto: await taxTypeFor(tx, member.clinicaId, data),
          clinicaId: member.clinicaId,
          stockActual: initial,
        })
        .returning({ id: productos.id });
      await setStock(tx, member, row.id, initial, stockActual);
      await setKit(tx, member.clinicaId, row.id, kit);
      return (await getItem(tx, member.clinicaId, row.id))!;
    }),
  );
}

/**
 * The tax type an item is saved with: the one chosen, which must be one of the clinic's country's, or
 * the country's default for the item's kind (issue 23: taxes are data of the country).
 */
async function taxTypeFor(
  tx: Executor,
  clinicaId: string,
  item: { categoria: ItemCategory; estetico: boolean; tipoImpuesto: string | null },
): Promise<string> {
  const place = await clinicPlace(tx, clinicaId);
  if (item.tipoImpuesto === null) {
    return defaultTaxType(place, item.categoria === 'servicio' && item.estetico ? 'servicioEstetico' : item.categoria);
  }
  if (!taxTypesOf(place).some((t) => t.codigo === item.tipoImpuesto)) {
    throw unprocessable(CATALOG_MESSAGES.tipoImpuestoInvalid, 'tipoImpuesto');
  }
  return item.tipoImpuesto;
}

/**
 * Replaces a service's supplies kit (an empty one for any other kind). Every supply must be one of the
 * clinic's insumos; anything else is refused and nothing changes (the caller's transaction).
 */
async function setKit(tx: Executor, clinicaId: string, servicioId: string, kit: KitLineData[]): Promise<void> {
  if (kit.length) {
    const ids = kit.map((l) => l.insumoId);
    const [{ found }] = await tx
      .select({ found: sql<number>`count(*)::int` })
      .from(productos)
      .where(and(inArray(productos.id, ids), eq(productos.clinicaId, clinicaId), eq(productos.categoria, 'insumo')));
    if (found !== ids.length) throw unprocessable(CATALOG_MESSAGES.kitInsumoInvalid, 'kit');
  }
  await tx.delete(kitsServicio).where(eq(kitsServicio.servicioId, servicioId));
  if (kit.length) await tx.insert(kitsServicio).values(kit.map((l) => ({ servicioId, ...l })));
}

/**
 * Saves the form. A different stock_actual is recorded as an 'ajuste' movement of the difference
 * (through adjustStock, in the same transaction, the row locked meanwhile); a changed minimum is
 * checked against the stock (low-stock alert). Null when the item is not the clinic's.
 */
export async function updateItem(
  db: Database,
  member: Author,
  id: string,
  data: UpdateItemData,
): Promise<CatalogItem | null> {
  return guardCodigo(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ stockActual: productos.stockActual })
        .from(productos)
        .where(and(eq(productos.id, id), eq(productos.clinicaId, member.clinicaId)))
        .for('update');
      if (!current) return null;
      const { stockActual, kit, ...fields } = data;
      await tx
        .update(productos)
        .set({
          ...fields,
          tipoImpuesto: await taxTypeFor(tx, member.clinicaId, data),
          fechaActualizacion: new Date(),
        })
        .where(and(eq(productos.id, id), eq(productos.clinicaId, member.clinicaId)));
      await setStock(tx, member, id, current.stockActual, stockActual);
      await setKit(tx, member.clinicaId, id, kit);
      await refreshStockAlert(tx, member.clinicaId, id);
      return getItem(tx, member.clinicaId, id);
    }),
  );
}

/**
 * Takes the stock from `from` to `to` with one 'ajuste' movement of the difference (null counts as 0
 * for the count: "not recorded" to 5 is +5). Null and 0 are the same count, so between them only the
 * column changes.
 */
async function setStock(tx: Executor, member: Author, id: string, from: number | null, to: number | null) {
  const cantidad = (to ?? 0) - (from ?? 0);
  if (cantidad !== 0) {
    const result = await adjustStock(tx, {
      clinicaId: member.clinicaId,
      productoId: id,
      cantidad,
      motivo: 'ajuste',
      autorId: member.userId,
    });
    if (result.status !== 'ok') throw conflict(CATALOG_MESSAGES.stockInsufficient);
  }
  if ((to === null) !== (from === null)) {
    await tx
      .update(productos)
      .set({ stockActual: to })
      .where(and(eq(productos.id, id), eq(productos.clinicaId, member.clinicaId)));
  }
}

/** Deletes the item (its movements with it), then its image file. False when not the clinic's. */
export async function deleteItem(
  db: Executor,
  storage: Storage,
  logger: Logger,
  clinicaId: string,
  id: string,
): Promise<boolean> {
  const [row] = await db
    .delete(productos)
    .where(and(eq(productos.id, id), eq(productos.clinicaId, clinicaId)))
    .returning({ imagenUrl: productos.imagenUrl });
  if (!row) return false;
  await deleteStoredImage(storage, row.imagenUrl, logger);
  return true;
}

/**
 * Replaces the item's image with an uploaded one (checked and re-encoded by content), stored under
 * product_images/{clinic}/...; the replaced file is deleted once the item points at the new one.
 * Null when the item is not the clinic's (nothing stored).
 */
export async function setItemImage(
  db: Database,
  storage: Storage,
  logger: Logger,
  clinicaId: string,
  id: string,
  upload: { bytes: Uint8Array; fileName: string },
): Promise<CatalogItem | null> {
  if (!(await itemExists(db, clinicaId, id))) return null;
  const saved = await replaceStoredImage(
    storage,
    { bytes: upload.bytes, prefix: 'product_images', ownerId: clinicaId, fileName: upload.fileName },
    (url) => replaceImageUrl(db, clinicaId, id, url),
    logger,
  );
  return saved?.item ?? null;
}

export async function removeItemImage(db: Database, storage: Storage, logger: Logger, clinicaId: string, id: string) {
  const saved = await replaceImageUrl(db, clinicaId, id, null);
  if (saved) await deleteStoredImage(storage, saved.replaced, logger);
  return saved?.item ?? null;
}

async function itemExists(db: Executor, clinicaId: string, id: string) {
  const [row] = await db
    .select({ id: productos.id })
    .from(productos)
    .where(and(eq(productos.id, id), eq(productos.clinicaId, clinicaId)));
  return Boolean(row);
}

async function replaceImageUrl(db: Database, clinicaId: string, id: string, imagenUrl: string | null) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ imagenUrl: productos.imagenUrl })
      .from(productos)
      .where(and(eq(productos.id, id), eq(productos.clinicaId, clinicaId)))
      .for('update');
    if (!current) return null;
    await tx
      .update(productos)
      .set({ imagenUrl, fechaActualizacion: new Date() })
      .where(and(eq(productos.id, id), eq(productos.clinicaId, clinicaId)));
    return { replaced: current.imagenUrl, item: (await getItem(tx, clinicaId, id))! };
  });
}
