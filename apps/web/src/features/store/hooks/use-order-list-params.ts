import { orderListQuerySchema, type OrderStatus } from '@odontia/shared';
import { useSearchParams } from 'react-router';

export type OrderListParams = {
  estado: OrderStatus | null;
  pagina: number;
  setEstado: (estado: OrderStatus | null) => void;
  setPage: (pagina: number, replace?: boolean) => void;
};

/**
 * The estado filter and the page of 'Mis pedidos' and 'Ventas', kept in the URL (a reload, the back
 * button or a shared link keep them) and read with the server's own schema: an unknown estado is
 * every order, a bad page the first. Another estado starts at page 1.
 */
export function useOrderListParams(): OrderListParams {
  const [params, setParams] = useSearchParams();
  const { estado, pagina } = orderListQuerySchema.parse({
    estado: params.get('estado') ?? undefined,
    pagina: params.get('pagina') ?? undefined,
  });
  const show = (next: { estado: OrderStatus | null; pagina: number }, replace = false) => {
    const search = new URLSearchParams(params);
    if (next.estado) search.set('estado', next.estado);
    else search.delete('estado');
    if (next.pagina > 1) search.set('pagina', String(next.pagina));
    else search.delete('pagina');
    setParams(search, { replace });
  };
  return {
    estado: estado ?? null,
    pagina,
    setEstado: (next) => show({ estado: next, pagina: 1 }),
    setPage: (next, replace = false) => show({ estado: estado ?? null, pagina: next }, replace),
  };
}
