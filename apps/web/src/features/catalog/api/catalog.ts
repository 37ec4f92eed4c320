import { CATALOG_MESSAGES } from '@odontia/shared';
import type { CatalogItem, CatalogPage, CatalogTab, ItemData, UpdateItemData } from '@odontia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useDeleteMutation, useInvalidatingMutation } from '@/lib/query-client';

/** Every catalogue query lives under this key: a change to one item reloads the list and the item. */
export const catalogKey = ['productos'] as const;

export type CatalogFilter = { categoria: CatalogTab; q: string; pagina: number };

export const catalogQueryOptions = (filter: CatalogFilter) =>
  queryOptions({
    queryKey: [...catalogKey, 'list', filter],
    meta: { loadError: CATALOG_MESSAGES.listError },
    queryFn: (): Promise<CatalogPage> =>
      unwrap(
        api.productos.$get({ query: { categoria: filter.categoria, q: filter.q, pagina: String(filter.pagina) } }),
      ),
    // The previous page stays on screen while the next one loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });

export const useCatalog = (filter: CatalogFilter) => useQuery(catalogQueryOptions(filter));

export const useCatalogItem = (id: string) =>
  useQuery({
    queryKey: [...catalogKey, 'detail', id],
    queryFn: (): Promise<CatalogItem> => unwrap(api.productos[':id'].$get({ param: { id } })),
  });

export const useCreateItem = () =>
  useInvalidatingMutation(
    (input: ItemData): Promise<CatalogItem> => unwrap(api.productos.$post({ json: input })),
    catalogKey,
  );

export const useUpdateItem = () =>
  useInvalidatingMutation(
    ({ id, input }: { id: string; input: UpdateItemData }): Promise<CatalogItem> =>
      unwrap(api.productos[':id'].$put({ param: { id }, json: input })),
    catalogKey,
  );

export const useDeleteItem = () =>
  useDeleteMutation((id: string) => unwrap(api.productos[':id'].$delete({ param: { id } })), catalogKey);

/** Multipart upload; the server checks the content and deletes the image it replaces. */
export const useUploadItemImage = () =>
  useInvalidatingMutation(
    ({ id, file }: { id: string; file: File }) =>
      unwrap(api.productos[':id'].imagen.$put({ param: { id }, form: { imagen: file } })),
    catalogKey,
  );

export const useRemoveItemImage = () =>
  useInvalidatingMutation((id: string) => unwrap(api.productos[':id'].imagen.$delete({ param: { id } })), catalogKey);
