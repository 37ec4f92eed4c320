import {
  budgetTotals,
  formatMoney,
  phaseTotalRows,
  type BudgetOption,
  type CurrencyCode,
  type LineAmounts,
} from '@odontia/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type Props = {
  lines: readonly { fase: number; opcion: BudgetOption | null; importes: LineAmounts; aceptada?: boolean | null }[];
  moneda: CurrencyCode;
};

/**
 * A budget's totals (the shared `budgetTotals`): per phase its common lines and each option apart, the
 * treatment every option includes, each option with it, and the total; once answered, the total of the
 * lines the patient accepted. Sticky beside the lines on a wide screen, below them on a narrow one.
 */
export function BudgetTotalsCard({ lines, moneda }: Props) {
  const totals = budgetTotals(lines);
  const money = (value: number) => formatMoney(value, moneda);
  const answered = lines.some((l) => l.aceptada != null);
  return (
    <Card className="h-fit lg:sticky lg:top-4" role="region" aria-label="Totales">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Totales</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          {phaseTotalRows(totals).map((row) => (
            <div key={row.label} className="flex justify-between gap-2">
              <dt>{row.label}</dt>
              <dd className="tabular-nums">{money(row.total)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-2">
            <dt>Descuentos</dt>
            <dd className="tabular-nums">
              {money(totals.comun.descuento + totals.opciones.reduce((s, o) => s + o.importes.descuento, 0))}
            </dd>
          </div>
          {totals.opciones.length ? (
            <>
              <div className="flex justify-between gap-2">
                <dt>Tratamiento común</dt>
                <dd className="tabular-nums">{money(totals.comun.total)}</dd>
              </div>
              {totals.opciones.map((o) => (
                <div key={o.opcion} className="flex justify-between gap-2">
                  <dt>Con la opción {o.opcion}</dt>
                  <dd className="tabular-nums">{money(o.totalConComun)}</dd>
                </div>
              ))}
            </>
          ) : (
            <div className="flex justify-between gap-2">
              <dt>Impuestos</dt>
              <dd className="tabular-nums">{money(totals.comun.impuesto)}</dd>
            </div>
          )}
          {/* Once answered with options, the accepted total says what was chosen: the first option's would mislead. */}
          {answered && totals.opciones.length ? null : (
            <div className="flex justify-between gap-2 border-t pt-2 text-base font-semibold">
              <dt>{totals.opciones.length ? `Total (opción ${totals.opciones[0].opcion})` : 'Total'}</dt>
              <dd className="tabular-nums">{money(totals.total)}</dd>
            </div>
          )}
          {answered ? (
            <div className="flex justify-between gap-2 border-t pt-2 text-base font-semibold text-emerald-800 dark:text-emerald-300">
              <dt>Total aceptado</dt>
              <dd className="tabular-nums">{money(budgetTotals(lines.filter((l) => l.aceptada)).total)}</dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
