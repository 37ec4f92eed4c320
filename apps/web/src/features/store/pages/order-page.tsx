import { STORE_MESSAGES } from '@odontia/shared';
import { useParams } from 'react-router';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useOrder } from '../api/orders';
import { BackLink } from '../components/back-link';
import { OrderDetail } from '../components/order-detail';
import { Loading } from '../components/loading';
import { ReceiveOrder } from '../components/receive-order';

/**
 * One order of 'Mis pedidos' (/compras/pedidos/{id}) with its tracking; once delivered, whoever edits
 * the inventory receives it there ('Recibir en el inventario'), the others see that it is pending.
 */
export default function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const canReceive = useCan('productos.editar');
  usePageTitle(order.data ? `Pedido ${order.data.numeroPedido}` : STORE_MESSAGES.ordersTitle);
  const redirecting = useClinicRequired(order.error);
  if (redirecting) return null;

  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/compras/pedidos">Volver a mis pedidos</BackLink>
      {order.isPending ? (
        <Loading label="Cargando pedido" />
      ) : !order.data ? (
        <p role="alert" className="py-10 text-center text-destructive">
          {errorMessage(order.error, STORE_MESSAGES.orderNotFound)}
        </p>
      ) : (
        <OrderDetail
          order={order.data}
          party={<>Proveedor: {order.data.proveedor.nombre}</>}
          receipt={
            order.data.estado === 'entregado' && !order.data.recepcion ? (
              canReceive ? (
                <ReceiveOrder order={order.data} />
              ) : (
                <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
                  {STORE_MESSAGES.receivePending}
                </p>
              )
            ) : null
          }
        />
      )}
    </div>
  );
}
