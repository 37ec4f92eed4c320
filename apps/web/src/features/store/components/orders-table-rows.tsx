import type { OrderSummary } from '@odontia/shared';
import { Link } from 'react-router';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { formatStoreMoney } from '../lib/money';
import { OrderStatusBadge } from './order-status';

/**
 * Orders newest first: numero_pedido (the link to the order), date, the other party, items, total
 * and estado. `basePath` is /compras/pedidos for the buyer, /ventas for the supplier. The header and
 * body of ListTable's table; on a phone the key columns stay (the order and its estado) and the date,
 * the other party and the total go under the number.
 */
export function OrdersTableRows({
  orders,
  basePath,
  party,
}: {
  orders: OrderSummary[];
  basePath: string;
  party: 'proveedor' | 'clinica';
}) {
  const formatDateTime = useClinicDateTime();
  const partyOf = (order: OrderSummary) => (party === 'proveedor' ? order.proveedor.nombre : order.clinica.nombre);
  return (
    <>
      <TableHeader>
        <TableRow>
          <TableHead>Pedido</TableHead>
          <TableHead className="hidden @2xl:table-cell">Fecha</TableHead>
          <TableHead className="hidden @4xl:table-cell">{party === 'proveedor' ? 'Proveedor' : 'Clínica'}</TableHead>
          <TableHead className="hidden text-right @4xl:table-cell">Productos</TableHead>
          <TableHead className="hidden text-right @lg:table-cell">Total</TableHead>
          <TableHead>Estado</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => (
          <TableRow key={order.id}>
            <TableCell className="whitespace-normal">
              <Link to={`${basePath}/${order.id}`} className="font-medium hover:underline">
                {order.numeroPedido}
              </Link>
              <span className="block text-sm text-muted-foreground @2xl:hidden">
                <time dateTime={order.fechaCreacion}>{formatDateTime(order.fechaCreacion)}</time>
              </span>
              <span className="block text-sm @4xl:hidden">{partyOf(order)}</span>
              <span className="block text-sm tabular-nums @lg:hidden">{formatStoreMoney(order.total)}</span>
            </TableCell>
            <TableCell className="hidden @2xl:table-cell">
              <time dateTime={order.fechaCreacion}>{formatDateTime(order.fechaCreacion)}</time>
            </TableCell>
            <TableCell className="hidden @4xl:table-cell">{partyOf(order)}</TableCell>
            <TableCell className="hidden text-right tabular-nums @4xl:table-cell">{order.cantidadProductos}</TableCell>
            <TableCell className="hidden text-right tabular-nums @lg:table-cell">
              {formatStoreMoney(order.total)}
            </TableCell>
            <TableCell>
              <OrderStatusBadge estado={order.estado} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </>
  );
}
