import { STORE_PAGE_SIZE, type StoreListQuery, type StorePage, type StoreProduct } from '@odontia/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { selectList, tableRef, type RowOf } from '../../db/column-map.ts';
import { ph, preparedStatement } from '../../db/prepared.ts';
import { containsPattern } from '../../db/search.ts';
import { clinicas, productos } from '../../db/schema/index.ts';
import type { Member } from '../../platform/context.ts';
import { forSale, forSaleItem, productColumns, proveedores, sellsInStore } from './store.rules.ts';

/**
 * The store's catalogue (spec 001 §2 Store; DESIGN §1): the supplier clinics' items for sale, a page
 * at a time, by tab and search, and one product's page.
 */

type ProductRow = RowOf<typeof productColumns>;

export const toStoreProduct = ({ proveedorId, proveedorNombre, ...p }: ProductRow): StoreProduct => ({
  ...p,
  proveedor: { id: proveedorId, nombre: proveedorNombre },
});

const buyer = sql`${ph('clinicaId')}::uuid`;
const buyerCurrency = sql`${ph('moneda')}::text`;

type StoreRow = ProductRow & { total: number };

/** The page's rows: the items for sale of `tab`, by nombre. */
const forSaleRows = (tab: SQL) =>
  sql`from ${productos} join ${tableRef(proveedores)} on ${proveedores.id} = ${productos.clinicaId} and ${sellsInStore(buyerCurrency)}
      where ${forSaleItem(buyer)} and ${tab}`;
const pageOf = sql`order by ${productos.nombre}, ${productos.id}
      limit ${ph('limit')}::int offset ${ph('offset')}::int`;

/**
 * The store's page without a search, for Todos or one tab: named statements (planned once per
 * connection), raw rows. The page walks productos_tienda_* in order (the first entries), and the total
 * counts each selling clinic's items of the tab through its own index entries (productos_clinica_*):
 * the suppliers' catalogues only, where counting the tab's items of every clinic first (every clinic
 * sells its own catalogue at a price) grew with the whole platform (6,500 items read for a supplier's
 * 500 in the jornada bench, 2.7 of the statement's 3.2 ms).
 */
const storePage = (name: string, tab: (item: { categoria: AnyPgColumn }) => SQL) => {
  const counted = alias(productos, 'contados');
  const sellers = alias(clinicas, 'vendedores');
  return preparedStatement<StoreRow>(
    name,
    sql`select ${selectList(productColumns)},
          (select coalesce(sum(x.n), 0)::int
             from ${tableRef(sellers)}
             cross join lateral (select count(*) as n from ${tableRef(counted)}
                   where ${counted.clinicaId} = ${sellers.id} and ${forSaleItem(buyer, counted)} and ${tab(counted)}) x
             where ${sellsInStore(buyerCurrency, sellers)}) as total
        ${forSaleRows(tab(productos))}
        ${pageOf}`,
  );
};
const storeList = storePage('odontia_tienda_lista', () => sql`true`);
const storeTab = storePage('odontia_tienda_pestana', (item) => sql`${item.categoria} = ${ph('categoria')}::text`);

/**
 * The store's search: the trigram index finds the matches of the term (normalised like the column,
 * LIKE's characters escaped), one scan for the page and its total (`count(*) over ()`). Prepared too:
 * whatever the term, the plan is the trigram index's (a store holds suppliers' items, never so few
 * that a walk in order would be cheaper).
 */
const storeSearch = preparedStatement<StoreRow>(
  'odontia_tienda_busqueda',
  sql`select ${selectList(productColumns)}, (count(*) over ())::int as total
      ${forSaleRows(sql`(${ph('categoria')}::text = 'todos' or ${productos.categoria} = ${ph('categoria')}::text)
        and ${productos.busqueda} like ${containsPattern(sql`${ph('q')}::text`)}`)}
      ${pageOf}`,
);

export async function listStoreProducts(
  db: Database,
  member: Member,
  query: StoreListQuery & { pagina: number },
): Promise<StorePage> {
  const pagina = query.pagina;
  const categoria = query.categoria ?? 'todos';
  const run = query.q ? storeSearch : categoria === 'todos' ? storeList : storeTab;
  const params = {
    clinicaId: member.clinicaId,
    moneda: member.moneda,
    categoria,
    q: query.q ?? '',
    limit: STORE_PAGE_SIZE,
    offset: (pagina - 1) * STORE_PAGE_SIZE,
  };
  const rows = await run(db, params);
  // A page past the end has no row to carry the total: the first page does.
  const total =
    rows[0]?.total ?? (pagina > 1 ? ((await run(db, { ...params, offset: 0, limit: 1 }))[0]?.total ?? 0) : 0);
  return {
    productos: rows.map(({ total: _total, ...r }) => toStoreProduct(r)),
    total,
    pagina,
    porPagina: STORE_PAGE_SIZE,
  };
}

export async function getStoreProduct(db: Executor, member: Member, id: string): Promise<StoreProduct | null> {
  const [row] = await db
    .select(productColumns)
    .from(productos)
    .innerJoin(proveedores, eq(proveedores.id, productos.clinicaId))
    .where(and(eq(productos.id, id), forSale(sql`${member.clinicaId}::uuid`, sql`${member.moneda}::text`)));
  return row ? toStoreProduct(row) : null;
}
