import { STORE_MESSAGES } from '@odontia/shared';
import { useSearchParams } from 'react-router';
import { pageParam } from '@/lib/page-param';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useOrders } from '../api/orders';
import { BackLink } from '../components/back-link';
import { CartButton } from '../components/cart-button';
import { OrdersListCard } from '../components/orders-list-card';

/** 'Mis pedidos' (/compras/pedidos): the clinic's orders, newest first. */
export default function OrdersPage() {
  usePageTitle(STORE_MESSAGES.ordersTitle);
  const [params, setParams] = useSearchParams();
  const pagina = pageParam(params);
  const orders = useOrders(pagina);
  const redirecting = useClinicRequired(orders.error);
  if (redirecting) return null;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <BackLink to="/compras">{STORE_MESSAGES.backToStore}</BackLink>
          <h1 className="mt-2 text-2xl font-semibold tracking-tight">{STORE_MESSAGES.ordersTitle}</h1>
          <p className="text-muted-foreground">Los pedidos de insumos de tu clínica y su seguimiento.</p>
        </div>
        <CartButton />
      </div>
      <OrdersListCard
        query={orders}
        basePath="/compras/pedidos"
        party="proveedor"
        empty={STORE_MESSAGES.ordersEmpty}
        errorText={STORE_MESSAGES.ordersLoadError}
        onPageChange={(p) => setParams(p > 1 ? { pagina: String(p) } : {})}
      />
    </div>
  );
}
