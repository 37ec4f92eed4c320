import { STORE_MESSAGES, type OrderTotals } from '@odontia/shared';
import type { ReactNode } from 'react';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { formatStoreMoney } from '../lib/money';

function Row({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div
      className={
        strong ? 'mt-1 flex justify-between border-t pt-3 text-base font-semibold' : 'flex justify-between text-sm'
      }
    >
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums">{formatStoreMoney(value)}</dd>
    </div>
  );
}

/** Subtotal, IVA (19%), envío and total, as the server computed them. */
export function TotalsList({ totals }: { totals: OrderTotals }) {
  return (
    <dl className="flex flex-col gap-2">
      <Row label={STORE_MESSAGES.subtotal} value={totals.subtotal} />
      <Row label={STORE_MESSAGES.iva} value={totals.iva} />
      <Row label={STORE_MESSAGES.envio} value={totals.envio} />
      <Row label={STORE_MESSAGES.total} value={totals.total} strong />
    </dl>
  );
}

/**
 * 'Resumen del pedido' (spec 001 §2 Cart and Checkout): the item count and the totals; `children`
 * lists the lines (checkout), `actions` holds the buttons.
 */
export function OrderSummary({
  cantidad,
  totals,
  children,
  actions,
}: {
  cantidad: number;
  totals: OrderTotals;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{STORE_MESSAGES.summaryTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground" data-testid="summary-count">
          {STORE_MESSAGES.itemCount(cantidad)}
        </p>
        {children}
        <TotalsList totals={totals} />
      </CardContent>
      {actions ? <CardFooter className="flex flex-col gap-2">{actions}</CardFooter> : null}
    </Card>
  );
}
