import { STORE_MESSAGES } from '@odontia/shared';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useOrders } from '../api/orders';
import { BackLink } from '../components/back-link';
import { CartButton } from '../components/cart-button';
import { OrdersList } from '../components/orders-list';
import { useOrderListParams } from '../hooks/use-order-list-params';

/** 'Mis pedidos' (/compras/pedidos): the clinic's orders, newest first, optionally by estado. */
export default function OrdersPage() {
  usePageTitle(STORE_MESSAGES.ordersTitle);
  const params = useOrderListParams();
  const orders = useOrders({ pagina: params.pagina, estado: params.estado });
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
      <OrdersList
        list={orders}
        params={params}
        label={STORE_MESSAGES.ordersTitle}
        basePath="/compras/pedidos"
        party="proveedor"
        empty={STORE_MESSAGES.ordersEmpty}
      />
    </div>
  );
}
