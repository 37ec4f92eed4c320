import {
  REPORT_KINDS,
  REPORT_LABELS,
  REPORT_MESSAGES,
  REPORT_PRESET_LABELS,
  formatDate,
  presetRange,
  type ReportKind,
  type ReportQuery,
} from '@odontia/shared';
import { ChartColumn, Download, Printer } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/list-content';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCan } from '@/lib/session';
import { useClinicCurrency } from '@/lib/use-clinic-money';
import { useClinicToday, useClinicWeekStart } from '@/lib/use-clinic-today';
import { usePageTitle } from '@/lib/use-page-title';
import { useReport, useReportDentists } from '../api/reports';
import { ReportFiltersBar } from '../components/report-filters-bar';
import { ReportFigures, ReportPanelCard } from '../components/report-panel';
import { downloadCsv, reportCsv, reportFileName } from '../report-csv';
import {
  DENTIST_REPORTS,
  defaultGrouping,
  readFilters,
  reportQueryOf,
  writeFilters,
  type ReportFilters,
} from '../report-filters';
import { isEmptyView, reportView } from '../report-view';
import '../reports-print.css';

/**
 * 'Reportes' (/reportes, issue 25, reportes.ver): how the clinic is doing over a period — production,
 * collections, pending balance, appointments and no-shows, new patients, budget acceptance, top
 * treatments and supplies — each report a tab with its figures, charts and the tables beside them,
 * exported to CSV and printed. Everything the screen shows is in its URL.
 */
export default function ReportsPage() {
  usePageTitle(REPORT_MESSAGES.title);
  const [params, setParams] = useSearchParams();
  const today = useClinicToday();
  const weekStart = useClinicWeekStart();
  const filters = readFilters(params, today, weekStart);
  const canListDentists = useCan('dentistas.ver');
  const dentists = useReportDentists(canListDentists);

  const change = (next: Partial<ReportFilters>) => {
    const merged = { ...filters, ...next };
    // A preset brings its range; 'Personalizado' starts from the range on screen.
    if (next.preset && next.preset !== 'personalizado')
      Object.assign(merged, presetRange(next.preset, today, weekStart));
    // A grouping picked stays until another preset is chosen; otherwise the range's own is used.
    const picked = next.agrupacion !== undefined || (params.has('agrupacion') && next.preset === undefined);
    if (!picked) merged.agrupacion = defaultGrouping(merged.desde, merged.hasta);
    setParams(writeFilters(merged), { replace: true });
  };

  const dentistName = (() => {
    if (!filters.dentistaId || !DENTIST_REPORTS.includes(filters.informe)) return null;
    const d = dentists.data?.find((x) => x.id === filters.dentistaId);
    return d ? `${d.nombres} ${d.apellidos}` : null;
  })();
  const period =
    filters.desde === filters.hasta
      ? formatDate(filters.desde)
      : `del ${formatDate(filters.desde)} al ${formatDate(filters.hasta)}`;

  return (
    <div className="reports-print flex min-w-0 flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{REPORT_MESSAGES.title}</h1>
          <p className="text-muted-foreground print:hidden">
            Cómo va la clínica: producción, cobros, citas y presupuestos del periodo que elijas.
          </p>
          <p className="hidden print:block">
            {REPORT_LABELS[filters.informe]} · {REPORT_PRESET_LABELS[filters.preset]}, {period}
            {dentistName ? ` · ${dentistName}` : ''}
          </p>
        </div>
      </header>

      <ReportFiltersBar filters={filters} onChange={change} dentists={canListDentists ? (dentists.data ?? []) : null} />

      <Tabs value={filters.informe} onValueChange={(value) => change({ informe: value as ReportKind })}>
        <TabsList aria-label="Reporte" className="h-auto w-full flex-wrap justify-start gap-1 lg:w-fit" data-print-hide>
          {REPORT_KINDS.map((kind) => (
            <TabsTrigger key={kind} value={kind} className="flex-none">
              {REPORT_LABELS[kind]}
            </TabsTrigger>
          ))}
        </TabsList>
        {REPORT_KINDS.map((kind) => (
          <TabsContent key={kind} value={kind} className="mt-4">
            <ReportContent kind={kind} filters={filters} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/** The chosen report: loading, its error, nothing in the period, or its figures and panels with the export. */
function ReportContent({ kind, filters }: { kind: ReportKind; filters: ReportFilters }) {
  const checked = reportQueryOf({ ...filters, informe: kind });
  const query: ReportQuery | null = 'query' in checked ? checked.query : null;
  const report = useReport(kind, query);
  const currency = useClinicCurrency();

  if ('error' in checked) {
    return (
      <p role="alert" className="text-destructive">
        {checked.error}
      </p>
    );
  }
  if (report.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true" aria-label={`Cargando ${REPORT_LABELS[kind]}`}>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
        <Skeleton className="h-72" />
      </div>
    );
  }
  if (!report.data) {
    return (
      <Card>
        <CardContent className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-destructive">
            {REPORT_MESSAGES.loadError}
          </p>
          <Button variant="outline" size="sm" onClick={() => void report.refetch()}>
            Reintentar
          </Button>
        </CardContent>
      </Card>
    );
  }

  const view = reportView(kind, report.data, query!.agrupacion, currency);
  const stale = report.isPlaceholderData;
  const exportCsv = () => downloadCsv(reportCsv(view), reportFileName(kind, query!.desde, query!.hasta));
  return (
    <section
      aria-label={REPORT_LABELS[kind]}
      aria-busy={stale}
      className={stale ? 'flex flex-col gap-4 opacity-60 transition-opacity' : 'flex flex-col gap-4'}
    >
      <div className="flex flex-wrap items-center justify-between gap-3" data-print-hide>
        <h2 className="text-xl font-semibold">{REPORT_LABELS[kind]}</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={exportCsv} disabled={stale}>
            <Download aria-hidden="true" />
            {REPORT_MESSAGES.exportCsv}
          </Button>
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {REPORT_MESSAGES.print}
          </Button>
        </div>
      </div>
      {isEmptyView(view) ? (
        <Card>
          <EmptyState icon={ChartColumn} title={REPORT_MESSAGES.empty}>
            <p className="mt-1 text-sm text-muted-foreground">Prueba con otro periodo.</p>
          </EmptyState>
        </Card>
      ) : (
        <>
          <ReportFigures figures={view.figures} moneda={view.moneda} />
          {view.panels.map((panel) => (
            <ReportPanelCard key={panel.id} panel={panel} moneda={view.moneda} />
          ))}
        </>
      )}
    </section>
  );
}
