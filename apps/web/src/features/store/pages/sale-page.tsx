import { STORE_MESSAGES } from '@odontia/shared';
import { useParams } from 'react-router';
import { errorMessage } from '@/lib/api';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useSale } from '../api/sales';
import { BackLink } from '../components/back-link';
import { OrderDetail } from '../components/order-detail';
import { OrderStatusActions } from '../components/order-status-actions';
import { Loading } from '../components/loading';

/** One incoming order (/ventas/{id}): the supplier moves it along its tracking states. */
export default function SalePage() {
  const { id = '' } = useParams();
  const sale = useSale(id);
  usePageTitle(sale.data ? `Pedido ${sale.data.numeroPedido}` : STORE_MESSAGES.salesTitle);
  const redirecting = useClinicRequired(sale.error);
  if (redirecting) return null;

  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/ventas">Volver a ventas</BackLink>
      {sale.isPending ? (
        <Loading label="Cargando pedido" />
      ) : !sale.data ? (
        <p role="alert" className="py-10 text-center text-destructive">
          {errorMessage(sale.error, STORE_MESSAGES.orderNotFound)}
        </p>
      ) : (
        <OrderDetail
          order={sale.data}
          party={<>Clínica: {sale.data.clinica.nombre}</>}
          actions={<OrderStatusActions order={sale.data} />}
        />
      )}
    </div>
  );
}
