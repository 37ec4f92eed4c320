import type { CatalogItemRow } from '@odontia/shared';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { catalogKey } from './catalog';

/** How many pages of the catalogue the dashboard reads at most (CATALOG_PAGE_SIZE items each). */
export const LOW_STOCK_SCANNED_PAGES = 4;

export type LowStock = {
  /** Active items at or under their minimum, by name. */
  items: CatalogItemRow[];
  /** Items read, and items in the catalogue: fewer read means the rest was not looked at. */
  revisados: number;
  total: number;
};

/**
 * The items at or under their minimum, for the dashboard. The catalogue's list (`GET /api/productos`)
 * marks each row `bajoMinimo` but has no filter for it, so its first pages are read here and filtered:
 * a supplier's catalogue (tens of items) fits in them; a larger one says how much was looked at.
 */
export const useLowStock = (enabled: boolean) =>
  useQuery({
    queryKey: [...catalogKey, 'stock-bajo'],
    enabled,
    queryFn: async (): Promise<LowStock> => {
      const result: LowStock = { items: [], revisados: 0, total: 0 };
      for (let pagina = 1; pagina <= LOW_STOCK_SCANNED_PAGES; pagina++) {
        const page = await unwrap(api.productos.$get({ query: { categoria: 'todos', q: '', pagina: String(pagina) } }));
        result.items.push(...page.items.filter((item) => item.bajoMinimo && item.activo));
        result.revisados += page.items.length;
        result.total = page.total;
        if (pagina * page.porPagina >= page.total) break;
      }
      return result;
    },
  });
