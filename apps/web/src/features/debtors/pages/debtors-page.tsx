import { debtorsQuerySchema, formatMoney, PAYMENT_MESSAGES as P, type DebtorOrder } from '@odontia/shared';
import { HandCoins } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState, ListContent } from '@/components/list-content';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useDebtors } from '../api/debtors';
import { DebtorRow } from '../components/debtor-row';

const ORDERS: { value: DebtorOrder; label: string }[] = [
  { value: 'importe', label: P.debtorsOrderAmount },
  { value: 'antiguedad', label: P.debtorsOrderAge },
];

/**
 * 'Pacientes con saldo pendiente' (/saldos, issue 25): what the clinic is owed in all, and the patients
 * who owe it, by amount (largest first) or by age of the debt (oldest first), 25 a page, each with the
 * buttons that remind them by email or WhatsApp. The order and the page live in the URL
 * (`?orden=antiguedad&pagina=2`).
 */
export default function DebtorsPage() {
  usePageTitle(P.debtorsTitle);
  const [params, setParams] = useSearchParams();
  // What the URL says, read with the server's own rule: an unknown order is by amount, a bad page the first.
  const { orden, pagina } = debtorsQuerySchema.parse({
    orden: params.get('orden') ?? undefined,
    pagina: params.get('pagina') ?? undefined,
  });
  const show = (next: { orden: DebtorOrder; pagina: number }) => {
    const search = new URLSearchParams();
    if (next.orden !== 'importe') search.set('orden', next.orden);
    if (next.pagina > 1) search.set('pagina', String(next.pagina));
    setParams(search);
  };
  const debtors = useDebtors(orden, pagina);
  const { data, isPending, isError, error } = debtors;
  const canSend = useCan('cobros.registrar');

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{P.debtorsTitle}</h1>
        <p className="text-muted-foreground">{P.debtorsDescription}</p>
      </header>

      <div className="flex flex-wrap items-end justify-between gap-4">
        {data && !isError ? (
          <div aria-live="polite">
            <p className="text-sm text-muted-foreground">{P.debtorsTotal}</p>
            <p className="text-2xl font-semibold tabular-nums">{formatMoney(data.importeTotal, data.moneda)}</p>
            <p className="text-sm text-muted-foreground">{P.debtorsCount(data.total)}</p>
          </div>
        ) : (
          <div />
        )}
        <div role="group" aria-labelledby="saldos-orden" className="flex flex-wrap items-center gap-2">
          <span id="saldos-orden" className="text-sm font-medium">
            {P.debtorsOrder}
          </span>
          {ORDERS.map((o) => (
            <Button
              key={o.value}
              type="button"
              size="sm"
              variant={orden === o.value ? 'default' : 'outline'}
              aria-pressed={orden === o.value}
              onClick={() => show({ orden: o.value, pagina: 1 })}
            >
              {o.label}
            </Button>
          ))}
        </div>
      </div>

      <Card className="py-0">
        <CardContent className="@container p-0">
          <ListContent
            query={{ isPending, data: isError ? undefined : data }}
            loadingLabel="Cargando los saldos pendientes"
            errorText={errorMessage(error, P.debtorsLoadError)}
            isEmpty={(d) => d.pacientes.length === 0}
            empty={<EmptyState icon={HandCoins} title={P.debtorsEmpty} />}
          >
            {(d) => (
              <ul
                aria-label={P.debtorsTitle}
                aria-busy={debtors.isPlaceholderData}
                className={debtors.isPlaceholderData ? 'divide-y opacity-60 transition-opacity' : 'divide-y'}
              >
                {d.pacientes.map((deudor) => (
                  <DebtorRow key={deudor.paciente.id} deudor={deudor} moneda={d.moneda} canSend={canSend} />
                ))}
              </ul>
            )}
          </ListContent>
        </CardContent>
      </Card>
      {data && !isError ? (
        <Pagination
          page={data.pagina}
          pageSize={data.porPagina}
          total={data.total}
          onPageChange={(p) => show({ orden, pagina: p })}
        />
      ) : null}
    </div>
  );
}
