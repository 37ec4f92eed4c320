import type { CheckoutInput, Order, OrderPage } from '@odontia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { cartKey, ordersKey, storeKey } from './keys';

export type { Order };

/** 'Mis pedidos': the clinic's orders, newest first. */
export const useOrders = (pagina: number) =>
  useQuery({
    queryKey: [...ordersKey, 'list', pagina],
    queryFn: (): Promise<OrderPage> => unwrap(api.pedidos.$get({ query: { pagina: String(pagina) } })),
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
