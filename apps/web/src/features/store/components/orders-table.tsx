import type { OrderSummary } from '@odontia/shared';
import { Link } from 'react-router';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { formatPesos } from '../lib/money';
import { OrderStatusBadge } from './order-status';

/**
 * Orders newest first: numero_pedido (the link to the order), date, the other party, items, total
 * and estado. `basePath` is /compras/pedidos for the buyer, /ventas for the supplier.
 */
export function OrdersTable({
  orders,
  basePath,
  party,
}: {
  orders: OrderSummary[];
  basePath: string;
  party: 'proveedor' | 'clinica';
}) {
  const formatDateTime = useClinicDateTime();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Pedido</TableHead>
          <TableHead>Fecha</TableHead>
          <TableHead>{party === 'proveedor' ? 'Proveedor' : 'Clínica'}</TableHead>
          <TableHead className="text-right">Productos</TableHead>
          <TableHead className="text-right">Total</TableHead>
          <TableHead>Estado</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => (
          <TableRow key={order.id}>
            <TableCell>
              <Link to={`${basePath}/${order.id}`} className="font-medium hover:underline">
                {order.numeroPedido}
              </Link>
            </TableCell>
            <TableCell>
              <time dateTime={order.fechaCreacion}>{formatDateTime(order.fechaCreacion)}</time>
            </TableCell>
            <TableCell>{party === 'proveedor' ? order.proveedor.nombre : order.clinica.nombre}</TableCell>
            <TableCell className="text-right tabular-nums">{order.cantidadProductos}</TableCell>
            <TableCell className="text-right tabular-nums">{formatPesos(order.total)}</TableCell>
            <TableCell>
              <OrderStatusBadge estado={order.estado} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
