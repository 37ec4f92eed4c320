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
