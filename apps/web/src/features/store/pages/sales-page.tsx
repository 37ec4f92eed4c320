import { STORE_MESSAGES } from '@odontia/shared';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useSales } from '../api/sales';
import { OrdersList } from '../components/orders-list';
import { useOrderListParams } from '../hooks/use-order-list-params';

/** 'Ventas' (/ventas): a supplier's incoming orders, newest first, optionally by estado. */
export default function SalesPage() {
  usePageTitle(STORE_MESSAGES.salesTitle);
  const params = useOrderListParams();
  const sales = useSales({ pagina: params.pagina, estado: params.estado });
  const redirecting = useClinicRequired(sales.error);
  if (redirecting) return null;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{STORE_MESSAGES.salesTitle}</h1>
        <p className="text-muted-foreground">
          Los pedidos que las clínicas hacen a tu catálogo. Avanza cada uno por su seguimiento.
        </p>
      </div>
      <OrdersList
        list={sales}
        params={params}
        label={STORE_MESSAGES.salesTitle}
        basePath="/ventas"
        party="clinica"
        empty={STORE_MESSAGES.salesEmpty}
      />
    </div>
  );
}
