import { ESTADO_PEDIDO_LABELS } from '@odontia/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { OPEN_SALE_STATUSES, useOpenSales } from '../api/sales';
import { formatStoreMoney } from '../lib/money';

/** The newest orders still to prepare that the card lists. */
const SHOWN = 5;

function Sales() {
  const formatDateTime = useClinicDateTime();
  const sales = useOpenSales();
  if (sales.isPending) return <Spinner label="Cargando pedidos" />;
  if (sales.isError) {
    return (
      <p role="alert" className="text-sm">
        {errorMessage(sales.error, 'No se pudieron cargar los pedidos')}
      </p>
    );
  }
  const byStatus = sales.data;
  const open = OPEN_SALE_STATUSES.reduce((sum, estado) => sum + byStatus[estado].total, 0);
  const newest = byStatus.recibido.pedidos.slice(0, SHOWN);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {open === 0
          ? 'No hay pedidos por atender.'
          : open === 1
            ? '1 pedido está por atender.'
            : `${open} pedidos están por atender.`}
      </p>
      <ul className="grid grid-cols-3 gap-2">
        {OPEN_SALE_STATUSES.map((estado) => {
          const count = byStatus[estado].total;
          return (
            <li key={estado}>
              <Link
                to={`/ventas?estado=${estado}`}
                aria-label={`${ESTADO_PEDIDO_LABELS[estado]}: ${count}`}
                className="flex h-full flex-col gap-1 rounded-md border p-3 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="text-xs text-muted-foreground">{ESTADO_PEDIDO_LABELS[estado]}</span>
                <span className="text-2xl font-semibold tabular-nums">{count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {newest.length ? (
        <section aria-label="Pedidos por preparar" className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold">Por preparar</h3>
          <ul className="flex flex-col divide-y">
            {newest.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                <span className="min-w-0">
                  <Link to={`/ventas/${order.id}`} className="font-medium hover:underline">
                    {order.numeroPedido}
                  </Link>
                  <span className="block text-sm text-muted-foreground">
                    {order.clinica.nombre} ·{' '}
                    <time dateTime={order.fechaCreacion}>{formatDateTime(order.fechaCreacion)}</time>
                  </span>
                </span>
                <span className="text-sm font-medium tabular-nums">{formatStoreMoney(order.total)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/**
 * 'Pedidos por atender' on a supplier's dashboard: how many of its sales are received, in preparation
 * and shipped (each leading to 'Ventas' filtered by it), and the newest ones still to prepare.
 */
export function SalesToFulfilCard() {
  const canSell = useCan('ventas.gestionar');
  const titleId = useId();
  if (!canSell) return null;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2 id={titleId}>Pedidos por atender</h2>
        </CardTitle>
        <CardDescription>Los pedidos de las clínicas que aún tienes que preparar, enviar o entregar.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Sales />
        <Button variant="outline" asChild className="self-start">
          <Link to="/ventas">Ver todas las ventas</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
