import { ORDERS_QUERY_KEY } from '@/lib/query-keys';

/** Every query of the store lives under one of these keys (a change reloads what depends on it). */
export const storeKey = ['tienda'] as const;
export const cartKey = ['carrito'] as const;
export const ordersKey = ORDERS_QUERY_KEY;
export const salesKey = ['ventas'] as const;
