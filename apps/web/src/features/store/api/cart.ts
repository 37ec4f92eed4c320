import type { AddToCartInput, Cart, CartLine } from '@odontia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { cartKey } from './keys';

export type { Cart, CartLine };

/** The signed-in user's cart, lines newest first with the server's totals. */
export const useCart = () => useQuery({ queryKey: cartKey, queryFn: (): Promise<Cart> => unwrap(api.carrito.$get()) });

/** Every change answers the whole cart: it replaces the cached one, with no second request. */
function useCartMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (cart) => queryClient.setQueryData(cartKey, cart) });
}

export const useAddToCart = () =>
  useCartMutation((input: AddToCartInput) => unwrap(api.carrito.$post({ json: input })));

/** `cantidad` as typed: the server reads it with parseCartQuantity (0 removes, a negative changes nothing). */
export const useUpdateCartLine = () =>
  useCartMutation(({ id, cantidad }: { id: string; cantidad: number }) =>
    unwrap(api.carrito[':id'].$patch({ param: { id }, json: { cantidad } })),
  );

export const useRemoveCartLine = () =>
  useCartMutation((id: string) => unwrap(api.carrito[':id'].$delete({ param: { id } })));

/** 'Vaciar carrito': a cart holds one supplier's products, so this is how a buyer switches supplier. */
export const useClearCart = () => useCartMutation(() => unwrap(api.carrito.$delete()));
