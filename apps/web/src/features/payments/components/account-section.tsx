import {
  COLLECTION_METHOD_LABELS,
  PAYMENT_MESSAGES,
  formatDate,
  formatMoney,
  type AccountItem,
  type PatientAccount,
  type Payment,
} from '@odontia/shared';
import { Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { cn } from '@/lib/utils';
import { receiptPdfUrl, statementPdfUrl, usePatientAccount } from '../api/payments';
import { AnnulPaymentButton } from './annul-payment-button';
import { ApplyAdvanceButton } from './apply-advance-button';
import { RegisterPaymentButton } from './payment-dialog';
import { SendReceiptButton } from './send-receipt-button';

/**
 * 'Estado de cuenta' on the patient's page (issue 25): the balance, what was done, paid, left on account
 * and accepted still to do; each treatment with what it costs, was paid and is owed; the payments with
 * their receipts and annulments. Shown with cobros.ver; payments taken (and an advance applied) with
 * cobros.registrar, annulled with cobros.anular.
 */
export default function AccountSection({ patientId }: { patientId: string }) {
  const canSee = useCan('cobros.ver');
  const canRegister = useCan('cobros.registrar');
  const account = usePatientAccount(patientId, canSee);
  if (!canSee) return null;
  const data = account.data;

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 className="text-lg font-semibold">{PAYMENT_MESSAGES.accountTitle}</h2>
          </CardTitle>
          <CardDescription>Tratamientos realizados, cobros, anticipos y saldo del paciente.</CardDescription>
        </div>
        {data ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <a href={statementPdfUrl(patientId)} download>
                <Download aria-hidden="true" />
                Descargar estado de cuenta
              </a>
            </Button>
            {canRegister ? (
              <>
                <ApplyAdvanceButton patientId={patientId} account={data} />
                <RegisterPaymentButton patientId={patientId} account={data} />
              </>
            ) : null}
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-6 *:min-w-0">
        {account.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Cargando el estado de cuenta">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : !data ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(account.error, PAYMENT_MESSAGES.loadError)}
          </p>
        ) : (
          <>
            <AccountTotalsList account={data} />
            {data.partidas.length === 0 && data.cobros.length === 0 ? (
              <p className="text-sm text-muted-foreground">{PAYMENT_MESSAGES.noMovements}</p>
            ) : (
              <>
                <ItemsTable account={data} />
                <PaymentsList patientId={patientId} account={data} />
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function AccountTotalsList({ account }: { account: PatientAccount }) {
  const { totales, moneda } = account;
  const money = (v: number) => formatMoney(v, moneda);
  const credit = totales.saldo < 0;
  return (
    <dl aria-label="Totales de la cuenta" className="grid grid-cols-2 gap-3">
      <div
        className={cn(
          'col-span-2 rounded-md border p-3',
          totales.saldo > 0 && 'border-warning bg-warning/10',
          credit && 'border-success bg-success/10',
        )}
      >
        <dt className="text-xs text-muted-foreground">{credit ? 'A favor' : 'Saldo pendiente'}</dt>
        <dd className="text-2xl font-semibold break-words tabular-nums">{money(Math.abs(totales.saldo))}</dd>
      </div>
      {(
        [
          ['Realizado', totales.realizado],
          ['Cobrado', totales.cobrado],
          ['Anticipo', totales.anticipo],
          ['Aceptado pendiente', totales.aceptadoPendiente],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="rounded-md border p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-base font-semibold break-words tabular-nums">{money(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

const ITEM_KIND: Record<AccountItem['tipo'], string> = { tratamiento: 'Realizado', linea: 'Aceptado' };

function ItemsTable({ account }: { account: PatientAccount }) {
  const money = (v: number) => formatMoney(v, account.moneda);
  if (account.partidas.length === 0) return null;
  return (
    <section aria-labelledby="cuenta-partidas" className="grid gap-2 *:min-w-0">
      <h3 id="cuenta-partidas" className="text-sm font-semibold">
        Tratamientos
      </h3>
      <div className="rounded-md border">
        <Table aria-label="Tratamientos de la cuenta">
          <TableHeader>
            <TableRow>
              <TableHead className="hidden @sm:table-cell">Fecha</TableHead>
              <TableHead>Tratamiento</TableHead>
              <TableHead className="hidden text-right @xl:table-cell">Importe</TableHead>
              <TableHead className="hidden text-right @xl:table-cell">Pagado</TableHead>
              <TableHead className="text-right">Pendiente</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {account.partidas.map((item) => (
              <TableRow key={`${item.tipo}:${item.id}`}>
                <TableCell className="hidden align-top @sm:table-cell">{formatDate(item.fecha)}</TableCell>
                <TableCell className="align-top whitespace-normal">
                  <span className="font-medium break-words">{item.descripcion}</span>
                  {item.diente ? <span className="text-muted-foreground"> · diente {item.diente}</span> : null}
                  <span className="block text-xs text-muted-foreground">
                    <span className="@sm:hidden">{formatDate(item.fecha)} · </span>
                    {ITEM_KIND[item.tipo]}
                    {item.dentista ? ` · ${item.dentista}` : ''}
                    {item.presupuesto ? ` · ${item.presupuesto}` : ''}
                  </span>
                  {/* In a narrow section the amount and the paid part go under the name. */}
                  <span className="block text-xs text-muted-foreground tabular-nums @xl:hidden">
                    Importe {money(item.importe)} · Pagado {money(item.pagado)}
                  </span>
                </TableCell>
                <TableCell className="hidden text-right align-top tabular-nums @xl:table-cell">
                  {money(item.importe)}
                </TableCell>
                <TableCell className="hidden text-right align-top tabular-nums @xl:table-cell">
                  {money(item.pagado)}
                </TableCell>
                <TableCell
                  className={cn(
                    'text-right align-top font-medium tabular-nums',
                    item.pendiente === 0 && 'text-muted-foreground',
                  )}
                >
                  {money(item.pendiente)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

function PaymentsList({ patientId, account }: { patientId: string; account: PatientAccount }) {
  if (account.cobros.length === 0) {
    return <p className="text-sm text-muted-foreground">Todavía no hay cobros.</p>;
  }
  return (
    <section aria-labelledby="cuenta-cobros" className="grid gap-2 *:min-w-0">
      <h3 id="cuenta-cobros" className="text-sm font-semibold">
        {PAYMENT_MESSAGES.title}
      </h3>
      <ul aria-label="Cobros del paciente" className="flex flex-col divide-y rounded-md border">
        {account.cobros.map((p) => (
          <PaymentRow key={p.id} patientId={patientId} payment={p} />
        ))}
      </ul>
    </section>
  );
}

function PaymentRow({ patientId, payment: p }: { patientId: string; payment: Payment }) {
  const canAnnul = useCan('cobros.anular');
  // Emailing a receipt is for those who take payments (the route asks cobros.registrar).
  const canSend = useCan('cobros.registrar');
  const clinicDateTime = useClinicDateTime();
  const reversal = p.tipo === 'anulacion';
  const annulled = !reversal && p.anulacion !== null;
  const title = reversal ? `Anulación del cobro ${p.anula?.numero ?? ''}`.trim() : `Recibo ${p.numero ?? ''}`.trim();
  return (
    <li
      aria-label={title}
      className={cn('flex flex-wrap items-start justify-between gap-3 p-3', reversal && 'bg-muted/40')}
    >
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {title}
          {reversal ? <Badge variant="secondary">Anulación</Badge> : null}
          {annulled ? <Badge variant="destructive">Anulado</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground wrap-anywhere">
          {clinicDateTime(p.fecha)} · {COLLECTION_METHOD_LABELS[p.metodo]}
          {p.referencia ? ` · ref. ${p.referencia}` : ''} · {p.cobradoPor.nombre}
        </p>
        {p.aplicaciones.length > 0 || p.anticipo > 0 ? (
          <p className="text-xs break-words text-muted-foreground">
            {[
              ...p.aplicaciones.map(
                (a) => `${a.descripcion} (${formatMoney(a.importe, p.moneda)}${a.delAnticipo ? ', del anticipo' : ''})`,
              ),
              ...(p.anticipo > 0 ? [`A cuenta (${formatMoney(p.anticipo, p.moneda)})`] : []),
            ].join(' · ')}
          </p>
        ) : null}
        {reversal && p.motivo ? <p className="text-sm break-words">Motivo: {p.motivo}</p> : null}
        {annulled && p.anulacion ? (
          <p className="text-sm break-words">
            Anulado el {clinicDateTime(p.anulacion.fecha)} por {p.anulacion.por}. Motivo: {p.anulacion.motivo}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col items-end gap-2">
        <span
          className={cn(
            'font-semibold tabular-nums',
            (reversal || annulled) && 'text-muted-foreground',
            annulled && 'line-through',
          )}
        >
          {formatMoney(p.importe, p.moneda)}
        </span>
        {reversal ? null : (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" size="sm" asChild>
              <a href={receiptPdfUrl(p.id)} download aria-label={`Descargar recibo ${p.numero ?? ''}`.trim()}>
                <Download aria-hidden="true" />
                Descargar recibo
              </a>
            </Button>
            {canSend ? (
              <SendReceiptButton
                cobroId={p.id}
                size="sm"
                label="Enviar recibo"
                ariaLabel={`Enviar recibo ${p.numero ?? ''}`.trim()}
              />
            ) : null}
            {canAnnul && !annulled ? <AnnulPaymentButton patientId={patientId} payment={p} /> : null}
          </div>
        )}
      </div>
    </li>
  );
}
