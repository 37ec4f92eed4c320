import { METODO_PAGO_LABELS, STORE_MESSAGES, type Order } from '@odontia/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { formatStoreMoney } from '../lib/money';
import { TotalsList } from './order-summary';
import { OrderStatusBadge, OrderTimeline } from './order-status';
import { ProductImage } from './product-image';

/**
 * One order as its buyer (Mis pedidos) and its supplier (Ventas) see it: lines, totals, shipping,
 * and the tracking timeline. `party` says who the other side is; `actions` are the supplier's buttons;
 * `receipt` is the buyer's step of receiving it into the inventory. Once received (buyer's side),
 * each line says which inventory item it went into.
 */
export function OrderDetail({
  order,
  party,
  actions,
  receipt,
}: {
  order: Order;
  party: ReactNode;
  actions?: ReactNode;
  receipt?: ReactNode;
}) {
  const formatDateTime = useClinicDateTime();
  const envio = order.direccionEnvio;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight">
            Pedido {order.numeroPedido}
            <OrderStatusBadge estado={order.estado} />
          </h1>
          <p className="text-muted-foreground">
            <time dateTime={order.fechaCreacion}>{formatDateTime(order.fechaCreacion)}</time> · {party}
          </p>
          {order.recepcion ? (
            <p className="text-sm text-muted-foreground">
              {STORE_MESSAGES.receivedOn}:{' '}
              <time dateTime={order.recepcion.fecha}>{formatDateTime(order.recepcion.fecha)}</time>
              {order.recepcion.autor ? ` · ${order.recepcion.autor}` : null}
            </p>
          ) : null}
        </div>
        {actions}
      </div>

      {receipt}

      <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Productos</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Producto</TableHead>
                    <TableHead className="text-right">Precio</TableHead>
                    <TableHead className="text-right">Cantidad</TableHead>
                    <TableHead className="text-right">Subtotal</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {order.lineas.map((line) => (
                    <TableRow key={line.id}>
                      <TableCell>
                        <div className="flex items-center gap-3">
                          <ProductImage src={line.imagenUrl} className="size-10 shrink-0" />
                          <div className="flex flex-col whitespace-normal">
                            <span className="font-medium">{line.nombre}</span>
                            {line.recibidoEn ? (
                              <span className="text-sm text-muted-foreground">
                                {STORE_MESSAGES.receivedIn}{' '}
                                <Link className="underline underline-offset-4" to={`/productos/${line.recibidoEn.id}`}>
                                  {line.recibidoEn.nombre}
                                </Link>
                              </span>
                            ) : null}
                          </div>
                        </div>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatStoreMoney(line.precioUnitario)}</TableCell>
                      <TableCell className="text-right tabular-nums">{line.cantidad}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatStoreMoney(line.subtotal)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <div className="ml-auto w-full max-w-xs">
                <TotalsList totals={order} />
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Envío y pago</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="text-muted-foreground">Enviar a</dt>
                <dd>
                  {envio.nombre} · {envio.telefono}
                  <br />
                  {envio.direccion}, {envio.ciudad}, {envio.departamento}
                  {envio.codigoPostal ? ` (${envio.codigoPostal})` : null}
                </dd>
                {envio.notas ? (
                  <>
                    <dt className="text-muted-foreground">Notas de entrega</dt>
                    <dd className="whitespace-pre-line">{envio.notas}</dd>
                  </>
                ) : null}
                <dt className="text-muted-foreground">Método de pago</dt>
                <dd>{METODO_PAGO_LABELS[order.metodoPago]}</dd>
                {order.notas ? (
                  <>
                    <dt className="text-muted-foreground">Notas adicionales</dt>
                    <dd className="whitespace-pre-line">{order.notas}</dd>
                  </>
                ) : null}
              </dl>
            </CardContent>
          </Card>
        </div>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Seguimiento</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <OrderTimeline seguimiento={order.seguimiento} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
