/** Every query of the store lives under one of these keys (a change reloads what depends on it). */
export const storeKey = ['tienda'] as const;
export const cartKey = ['carrito'] as const;
export const ordersKey = ['pedidos'] as const;
export const salesKey = ['ventas'] as const;
