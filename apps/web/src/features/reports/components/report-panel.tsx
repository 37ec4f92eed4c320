import { REPORT_MESSAGES, type CurrencyCode } from '@odontia/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatValue, type Figure, type ReportPanel as Panel } from '../report-view';
import { ReportChart } from './report-chart';

/** The report's headline figures, two a row on a phone. */
export function ReportFigures({ figures, moneda }: { figures: Figure[]; moneda: CurrencyCode }) {
  if (!figures.length) return null;
  return (
    <dl className="grid grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] gap-3">
      {figures.map((f) => (
        <div key={f.label} className="flex flex-col gap-1 rounded-xl border bg-card p-4 shadow-sm">
          <dt className="text-sm text-muted-foreground">{f.label}</dt>
          <dd className="text-lg font-semibold whitespace-nowrap tabular-nums sm:text-xl">
            {formatValue(f.value, f.kind, moneda)}
          </dd>
          {f.hint ? <dd className="text-xs text-muted-foreground">{f.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/**
 * One panel of a report: its chart and, beside it on a wide screen (below it up to a laptop's width and
 * on paper), the table with the same rows. A panel without rows says so instead.
 */
export function ReportPanelCard({ panel, moneda }: { panel: Panel; moneda: CurrencyCode }) {
  const titleId = `reporte-${panel.id}-titulo`;
  // A ranking gets a bar per row: its chart grows with the rows so names stay readable.
  const height = panel.chart.type === 'hbars' ? Math.max(160, panel.rows.length * 32 + 40) : 260;
  return (
    <Card className="report-panel gap-4 break-inside-avoid" aria-labelledby={titleId} role="region">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 id={titleId} className="text-lg font-semibold">
            {panel.title}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {panel.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{REPORT_MESSAGES.empty}</p>
        ) : (
          <div className="grid min-w-0 gap-6 xl:grid-cols-2 print:block">
            <figure className="m-0 min-w-0" aria-label={`Gráfico: ${panel.title}`}>
              <div className="w-full print:mb-4" style={{ height }}>
                <ReportChart panel={panel} moneda={moneda} label={panel.title} />
              </div>
              <figcaption className="sr-only">{panel.title}. Los datos están en la tabla que lo acompaña.</figcaption>
            </figure>
            <div className="max-h-[28rem] min-w-0 overflow-y-auto print:max-h-none print:overflow-visible">
              {/* Compact where the table is narrow (a phone), so its figures fit without scrolling sideways. */}
              <Table aria-label={panel.title} className="text-xs @md:text-sm">
                <TableHeader>
                  <TableRow>
                    {panel.columns.map((c, i) => (
                      <TableHead key={c.label} className={cn('px-1 whitespace-normal @md:px-2', i > 0 && 'text-right')}>
                        {c.label}
                      </TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {panel.rows.map((row, r) => (
                    <TableRow key={r}>
                      {row.map((cell, i) => (
                        <TableCell
                          key={i}
                          className={cn('px-1 @md:px-2', i === 0 ? 'whitespace-normal' : 'text-right tabular-nums')}
                        >
                          {formatValue(cell, panel.columns[i].kind, moneda)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
