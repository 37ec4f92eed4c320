import { STORE_MESSAGES } from '@odontia/shared';
import type { Order, OrderPage, OrderStatus } from '@odontia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { salesKey } from './keys';

export type SalesFilter = { pagina: number; estado: OrderStatus | null };

/** 'Ventas': the orders other clinics placed with this supplier, newest first. */
export const useSales = (filter: SalesFilter) =>
  useQuery({
    queryKey: [...salesKey, 'list', filter],
    meta: { loadError: STORE_MESSAGES.ordersLoadError },
    queryFn: (): Promise<OrderPage> =>
      unwrap(
        api.ventas.$get({
          query: { pagina: String(filter.pagina), ...(filter.estado ? { estado: filter.estado } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The estados a sale still has to go through, in the order the supplier moves it (entregado and cancelado are done). */
export const OPEN_SALE_STATUSES = ['recibido', 'en_preparacion', 'enviado'] as const satisfies readonly OrderStatus[];
export type OpenSales = Record<(typeof OPEN_SALE_STATUSES)[number], OrderPage>;

/**
 * The first page of each open estado, for the supplier's dashboard: one query (one loading state, one
 * error, said on its card), kept under the list's key so that moving an order reloads it too.
 */
export const useOpenSales = () =>
  useQuery({
    queryKey: [...salesKey, 'list', 'por-atender'],
    queryFn: async (): Promise<OpenSales> => {
      const [recibido, en_preparacion, enviado] = await Promise.all(
        OPEN_SALE_STATUSES.map((estado): Promise<OrderPage> =>
          unwrap(api.ventas.$get({ query: { pagina: '1', estado } })),
        ),
      );
      return { recibido, en_preparacion, enviado };
    },
  });

export const useSale = (id: string) =>
  useQuery({
    queryKey: [...salesKey, 'detail', id],
    queryFn: (): Promise<Order> => unwrap(api.ventas[':id'].$get({ param: { id } })),
  });

/** Moves an order to its next tracking state; the list and the detail reload. */
export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, estado }: { id: string; estado: OrderStatus }): Promise<Order> =>
      unwrap(api.ventas[':id'].estado.$post({ param: { id }, json: { estado } })),
    onSuccess: (order) => {
      queryClient.setQueryData([...salesKey, 'detail', order.id], order);
      return queryClient.invalidateQueries({ queryKey: [...salesKey, 'list'] });
    },
  });
}
