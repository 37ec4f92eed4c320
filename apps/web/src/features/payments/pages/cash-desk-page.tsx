import {
  CASH_STATE_LABELS,
  COLLECTION_METHOD_LABELS,
  PAYMENT_MESSAGES,
  cashClosesQuerySchema,
  formatDate,
  formatMoney,
  type CashDay,
  type CashDayState,
} from '@odontia/shared';
import { Lock, Wallet } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ListTable } from '@/components/list-content';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useClinicDateTime, useClinicToday } from '@/lib/use-clinic-today';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { useCashCloses, useCashDay } from '../api/payments';
import { CloseCashForm, OpenCashForm } from '../components/cash-forms';
import { signedMoney } from '../components/signed-money';

const STATE_VARIANT: Record<CashDayState, 'secondary' | 'success' | 'outline'> = {
  sin_abrir: 'outline',
  abierta: 'success',
  cerrada: 'secondary',
};

/**
 * 'Caja' (/caja, caja.cerrar; issue 25): the member's cash of today (open it with a float, its payments,
 * what it expects per method and in the drawer, the close with the counted cash and a note) and below,
 * the history of closes (every desk's for a member with reportes.ver, their own otherwise).
 */
export default function CashDeskPage() {
  usePageTitle(PAYMENT_MESSAGES.cashTitle);
  const [params] = useSearchParams();
  const today = useClinicToday();
  // `?dia=`: one of the member's earlier days (one left open, linked from today's); today's otherwise.
  const asked = params.get('dia');
  const dia = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked < today ? asked : undefined;
  const day = useCashDay(dia);
  const data = day.data;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{PAYMENT_MESSAGES.cashTitle}</h1>
          <p className="text-muted-foreground">
            {data
              ? `Tu caja del ${formatDate(data.dia)} · ${data.miembro.nombre}`
              : 'Los cobros del día, lo que debe haber en caja y su cierre.'}
          </p>
        </div>
        {data ? (
          <Badge variant={STATE_VARIANT[data.estado]} className="text-sm">
            {CASH_STATE_LABELS[data.estado]}
          </Badge>
        ) : null}
      </header>

      {day.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Cargando la caja">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : !data ? (
        <p role="alert" className="text-destructive">
          {errorMessage(day.error, PAYMENT_MESSAGES.cashLoadError)}
        </p>
      ) : (
        <>
          {dia ? (
            <p>
              <Link to="/caja" className="text-sm font-medium underline-offset-4 hover:underline">
                Volver a la caja de hoy
              </Link>
            </p>
          ) : (
            <UnclosedDays days={data.sinCerrar} />
          )}
          <TodayCash day={data} past={Boolean(dia)} />
        </>
      )}

      <ClosesHistory />
    </div>
  );
}

/** The member's earlier days still open (a payment dated then, a close forgotten), each a link to close it. */
function UnclosedDays({ days }: { days: string[] }) {
  if (days.length === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-amber-600 bg-amber-50 p-3 text-sm dark:bg-amber-950/40"
    >
      <span>{PAYMENT_MESSAGES.cashUnclosed}</span>
      {days.map((d) => (
        <Link key={d} to={`/caja?dia=${d}`} className="font-medium underline underline-offset-4">
          Caja del {formatDate(d)}
        </Link>
      ))}
    </div>
  );
}

/** A cash day: today's, or an earlier one of the member's (`past`: no opening, only its close). */
function TodayCash({ day, past }: { day: CashDay; past: boolean }) {
  const money = (v: number) => formatMoney(v, day.moneda);
  const clinicDateTime = useClinicDateTime();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg font-semibold">Cobros del día</h2>
          </CardTitle>
          <CardDescription>
            {day.apertura
              ? `Abierta el ${clinicDateTime(day.apertura)} con un fondo de ${money(day.fondoInicial)}.`
              : past
                ? PAYMENT_MESSAGES.cashPastNotOpened
                : 'Los cobros que registres hoy aparecen aquí.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 *:min-w-0">
          {day.estado === 'sin_abrir' && !past ? <OpenCashForm moneda={day.moneda} /> : null}
          {day.cobros.length === 0 ? (
            <EmptyState icon={Wallet} title={past ? 'Sin cobros ese día' : 'Sin cobros hoy'} />
          ) : (
            <div className="rounded-md border">
              <Table aria-label="Cobros del día">
                <TableHeader>
                  <TableRow>
                    <TableHead>Cobro</TableHead>
                    <TableHead className="hidden @lg:table-cell">Forma de pago</TableHead>
                    <TableHead className="text-right">Importe</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {day.cobros.map((p) => (
                    <TableRow key={p.id}>
                      <TableCell className="whitespace-normal">
                        <Link to={`/pacientes/${p.paciente.id}`} className="font-medium hover:underline">
                          {p.paciente.nombres} {p.paciente.apellidos}
                        </Link>
                        <span className="block text-xs text-muted-foreground">
                          {p.tipo === 'anulacion' ? `Anulación de ${p.anula?.numero ?? 'un cobro'}` : (p.numero ?? '')}
                          {' · '}
                          {clinicDateTime(p.fecha).split(' ').at(-1)}
                          <span className="@lg:hidden"> · {COLLECTION_METHOD_LABELS[p.metodo]}</span>
                        </span>
                        {p.tipo === 'cobro' && p.anulacion ? (
                          <Badge variant="destructive" className="mt-1">
                            Anulado
                          </Badge>
                        ) : null}
                      </TableCell>
                      <TableCell className="hidden @lg:table-cell">{COLLECTION_METHOD_LABELS[p.metodo]}</TableCell>
                      <TableCell className={cn('text-right tabular-nums', p.importe < 0 && 'text-destructive')}>
                        {money(p.importe)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </CardContent>
      </Card>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg font-semibold">
              {day.estado === 'cerrada' ? PAYMENT_MESSAGES.cashClosed : 'Cierre'}
            </h2>
          </CardTitle>
          <CardDescription>Lo que debe haber por forma de pago, descontadas las anulaciones.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 *:min-w-0">
          <dl aria-label="Esperado por forma de pago" className="grid gap-1 text-sm">
            {day.esperado.length === 0 ? (
              <p className="text-muted-foreground">Ningún cobro todavía.</p>
            ) : (
              day.esperado.map((m) => (
                <div key={m.metodo} className="flex justify-between gap-3">
                  <dt>
                    {COLLECTION_METHOD_LABELS[m.metodo]}{' '}
                    <span className="text-muted-foreground">({m.cobros === 1 ? '1 cobro' : `${m.cobros} cobros`})</span>
                  </dt>
                  <dd className="tabular-nums">{money(m.importe)}</dd>
                </div>
              ))
            )}
            <div className="flex justify-between gap-3">
              <dt>Fondo inicial</dt>
              <dd className="tabular-nums">{money(day.fondoInicial)}</dd>
            </div>
            <div className="mt-1 flex justify-between gap-3 border-t pt-2 font-semibold">
              <dt>Efectivo esperado en caja</dt>
              <dd className="tabular-nums">{money(day.efectivoEsperado)}</dd>
            </div>
          </dl>
          {day.estado === 'cerrada' && day.cierre ? (
            <ClosedFigures day={day} />
          ) : day.estado === 'abierta' ? (
            <CloseCashForm day={day} past={past} />
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

function ClosedFigures({ day }: { day: CashDay }) {
  const clinicDateTime = useClinicDateTime();
  const cierre = day.cierre!;
  return (
    <div className="grid gap-3">
      <dl aria-label="Cierre de caja" className="grid gap-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt>Efectivo contado</dt>
          <dd className="tabular-nums">{formatMoney(cierre.efectivoContado, day.moneda)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>Diferencia</dt>
          <dd className={cn('font-semibold tabular-nums', cierre.diferencia !== 0 && 'text-destructive')}>
            {signedMoney(cierre.diferencia, day.moneda)}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>Cerrada el</dt>
          <dd>{clinicDateTime(cierre.fecha)}</dd>
        </div>
        {cierre.nota ? (
          <div className="grid gap-0.5">
            <dt>Nota</dt>
            <dd className="whitespace-pre-line text-muted-foreground wrap-anywhere">{cierre.nota}</dd>
          </div>
        ) : null}
      </dl>
      <p className="flex items-start gap-2 rounded-md border bg-muted/40 p-3 text-sm">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        La caja de hoy está cerrada: los cobros que registres a partir de ahora pasan a la caja de mañana.
      </p>
    </div>
  );
}

function ClosesHistory() {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const clinicDateTime = useClinicDateTime();
  const { desde, hasta, pagina } = cashClosesQuerySchema.parse({
    desde: params.get('desde') ?? undefined,
    hasta: params.get('hasta') ?? undefined,
    pagina: params.get('pagina') ?? undefined,
  });
  const show = (next: { desde?: string; hasta?: string; pagina: number }) => {
    const search = new URLSearchParams();
    const dia = params.get('dia');
    if (dia) search.set('dia', dia);
    if (next.desde) search.set('desde', next.desde);
    if (next.hasta) search.set('hasta', next.hasta);
    if (next.pagina > 1) search.set('pagina', String(next.pagina));
    setParams(search, { replace: true });
  };
  const closes = useCashCloses({ desde: desde ?? null, hasta: hasta ?? null, pagina });
  const data = closes.data;
  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          Cierres
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor={`${ids}-desde`}>Desde</Label>
            <Input
              id={`${ids}-desde`}
              type="date"
              className="w-40"
              value={desde ?? ''}
              max={hasta}
              onChange={(e) => show({ desde: e.target.value || undefined, hasta, pagina: 1 })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${ids}-hasta`}>Hasta</Label>
            <Input
              id={`${ids}-hasta`}
              type="date"
              className="w-40"
              value={hasta ?? ''}
              min={desde}
              onChange={(e) => show({ desde, hasta: e.target.value || undefined, pagina: 1 })}
            />
          </div>
        </div>
      </div>
      <ListTable
        query={closes}
        stale={closes.isPlaceholderData}
        label="Cierres de caja"
        loadingLabel="Cargando los cierres"
        errorText={errorMessage(closes.error, 'Error al cargar los cierres de caja')}
        isEmpty={(d) => d.cierres.length === 0}
        empty={
          <EmptyState icon={Lock} title="Sin cierres">
            <p className="mt-1 text-sm text-muted-foreground">
              {desde || hasta ? 'Ningún cierre en esas fechas.' : 'Los cierres de caja aparecerán aquí.'}
            </p>
          </EmptyState>
        }
      >
        {(d) => (
          <>
            <TableHeader>
              <TableRow>
                <TableHead>Día</TableHead>
                <TableHead className="hidden @2xl:table-cell">Cobrado</TableHead>
                <TableHead className="hidden @lg:table-cell text-right">Efectivo esperado</TableHead>
                <TableHead className="hidden @lg:table-cell text-right">Contado</TableHead>
                <TableHead className="text-right">Diferencia</TableHead>
                <TableHead className="hidden @4xl:table-cell">Nota</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {d.cierres.map((c) => (
                <TableRow key={c.id}>
                  <TableCell className="align-top whitespace-normal">
                    <span className="font-medium">{formatDate(c.dia)}</span>
                    <span className="block text-xs text-muted-foreground">{c.miembro.nombre}</span>
                    <span className="block text-xs text-muted-foreground">
                      Cerrada el {clinicDateTime(c.fechaCierre)}
                    </span>
                    <span className="block text-xs text-muted-foreground tabular-nums @lg:hidden">
                      Esperado {formatMoney(c.efectivoEsperado, c.moneda)} · Contado{' '}
                      {formatMoney(c.efectivoContado, c.moneda)}
                    </span>
                    {c.nota ? (
                      <span className="block text-xs text-muted-foreground wrap-anywhere @4xl:hidden">
                        Nota: {c.nota}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden align-top whitespace-normal @2xl:table-cell">
                    <span className="tabular-nums">{formatMoney(c.total, c.moneda)}</span>
                    <span className="block text-xs text-muted-foreground">
                      {c.esperado
                        // The close keeps every method; the list names those that took something.
                        .filter((m) => m.cobros > 0)
                        .map((m) => `${COLLECTION_METHOD_LABELS[m.metodo]} ${formatMoney(m.importe, c.moneda)}`)
                        .join(' · ')}
                    </span>
                  </TableCell>
                  <TableCell className="hidden text-right align-top tabular-nums @lg:table-cell">
                    {formatMoney(c.efectivoEsperado, c.moneda)}
                  </TableCell>
                  <TableCell className="hidden text-right align-top tabular-nums @lg:table-cell">
                    {formatMoney(c.efectivoContado, c.moneda)}
                  </TableCell>
                  <TableCell className="text-right align-top">
                    {c.diferencia === 0 ? (
                      <span className="tabular-nums text-muted-foreground">{signedMoney(0, c.moneda)}</span>
                    ) : (
                      <Badge variant={c.diferencia < 0 ? 'destructive' : 'warning'} className="tabular-nums">
                        {signedMoney(c.diferencia, c.moneda)}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className="hidden max-w-64 align-top whitespace-normal @4xl:table-cell">
                    <span className="wrap-anywhere">{c.nota ?? ''}</span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </>
        )}
      </ListTable>
      {data ? (
        <Pagination
          page={data.pagina}
          pageSize={data.porPagina}
          total={data.total}
          onPageChange={(p) => show({ desde, hasta, pagina: p })}
        />
      ) : null}
    </section>
  );
}
