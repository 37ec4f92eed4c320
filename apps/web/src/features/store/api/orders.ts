import { STORE_MESSAGES } from '@odontia/shared';
import type { CheckoutInput, Order, OrderPage, OrderStatus, ReceiptPlan, ReceiveOrderInput } from '@odontia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/lib/api';
import { cartKey, ordersKey, storeKey } from './keys';

export type { Order };

export type OrdersFilter = { pagina: number; estado: OrderStatus | null };

/** 'Mis pedidos': the clinic's orders, newest first, optionally by estado. */
export const useOrders = (filter: OrdersFilter) =>
  useQuery({
    queryKey: [...ordersKey, 'list', filter],
    meta: { loadError: STORE_MESSAGES.ordersLoadError },
    queryFn: (): Promise<OrderPage> =>
      unwrap(
        api.pedidos.$get({
          query: { pagina: String(filter.pagina), ...(filter.estado ? { estado: filter.estado } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useOrder = (id: string) =>
  useQuery({
    queryKey: [...ordersKey, 'detail', id],
    queryFn: (): Promise<Order> => unwrap(api.pedidos[':id'].$get({ param: { id } })),
  });

/**
 * 'Confirmar Pedido'. Whatever the answer, the cart, the orders and the store's stock may have
 * changed (an order made, prices updated by the server, stock gone): all of them reload.
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckoutInput): Promise<Order> => unwrap(api.pedidos.$post({ json: input })),
    onSettled: () =>
      Promise.all([cartKey, ordersKey, storeKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** A delivered order's lines with the inventory item each would go into, and the clinic's other items. */
export const useReceiptPlan = (id: string) =>
  useQuery({
    queryKey: [...ordersKey, 'recepcion', id],
    queryFn: (): Promise<ReceiptPlan> => unwrap(api.pedidos[':id'].recepcion.$get({ param: { id } })),
  });

/** 'Recibir en el inventario': the answer is the order, received; it replaces the cached one. */
export function useReceiveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReceiveOrderInput }): Promise<Order> =>
      unwrap(api.pedidos[':id'].recepcion.$post({ param: { id }, json: input })),
    onSuccess: (order) => {
      queryClient.setQueryData([...ordersKey, 'detail', order.id], order);
      queryClient.removeQueries({ queryKey: [...ordersKey, 'recepcion', order.id] });
    },
    // Received meanwhile (another tab, a colleague), or not deliverable: the order as it is now.
    onError: (error, { id }) => {
      if (error instanceof ApiError && (error.code === 'already_received' || error.code === 'not_delivered'))
        return queryClient.invalidateQueries({ queryKey: [...ordersKey, 'detail', id] });
    },
  });
}
