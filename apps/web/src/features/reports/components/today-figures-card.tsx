import { REPORT_MESSAGES, formatMoney } from '@odontia/shared';
import { ChartColumn } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/session';
import { useTodayFigures } from '../api/reports';

/**
 * 'Hoy en la clínica' on the dashboard (issue 25): today's production and collections, for members with
 * reportes.ver (nothing for the others), with the way to the reports. No chart here: recharts stays in
 * the reports screen's chunk.
 */
export function TodayFiguresCard() {
  const canSee = useCan('reportes.ver');
  const figures = useTodayFigures(canSee);
  if (!canSee) return null;
  const data = figures.data;
  const figure = (label: string, value: number | undefined) => (
    <div className="flex flex-col gap-1 rounded-lg border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">
        {data && value !== undefined ? (
          formatMoney(value, data.moneda)
        ) : figures.isPending ? (
          <Skeleton className="h-7 w-24" />
        ) : (
          '—'
        )}
      </dd>
    </div>
  );
  return (
    <Card aria-busy={figures.isPending}>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <ChartColumn className="size-5 text-primary" aria-hidden="true" />
            Hoy en la clínica
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
          {figure(REPORT_MESSAGES.todayProduction, data?.produccion)}
          {figure(REPORT_MESSAGES.todayCollections, data?.cobros)}
        </dl>
        {figures.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {REPORT_MESSAGES.loadError}
          </p>
        ) : null}
        <Link to="/reportes?periodo=hoy" className="text-sm font-medium hover:underline">
          Ver reportes
        </Link>
      </CardContent>
    </Card>
  );
}
