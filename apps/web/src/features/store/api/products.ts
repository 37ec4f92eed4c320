import type { StorePage, StoreProduct, StoreTab } from '@odontia/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { storeKey } from './keys';

export type { StoreProduct, StoreTab };

export type StoreFilter = { q: string; categoria: StoreTab };

/** The store's cards, a page at a time ('Cargar más' asks the server for the next one). */
export const useStoreProducts = (filter: StoreFilter, enabled = true) =>
  useInfiniteQuery({
    enabled,
    queryKey: [...storeKey, 'list', filter],
    meta: { loadError: 'Error al cargar productos' },
    queryFn: ({ pageParam }): Promise<StorePage> =>
      unwrap(
        api.tienda.productos.$get({ query: { q: filter.q, categoria: filter.categoria, pagina: String(pageParam) } }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagina * last.porPagina < last.total ? last.pagina + 1 : undefined),
    placeholderData: keepPreviousData,
  });

/** The product page (/compras/producto/{id}). */
export const useStoreProduct = (id: string) =>
  useQuery({
    queryKey: [...storeKey, 'detail', id],
    queryFn: (): Promise<StoreProduct> => unwrap(api.tienda.productos[':id'].$get({ param: { id } })),
  });
