import {
  COLLECTION_METHOD_LABELS,
  REPORT_MESSAGES,
  ESTADO_CITA_LABELS,
  formatDate,
  formatMoney,
  formatPercent,
  moneyInputText,
  type CurrencyCode,
  type ReportAnswer,
  type ReportGrouping,
  type ReportKind,
} from '@odontia/shared';

/**
 * What a report shows, as plain data that both the screen and the CSV read (so the file has exactly
 * the rows of the tables): its headline figures and its panels, each a table and the chart drawn from
 * it. Free of React and of recharts.
 */

/** How a value is written: a count, an amount of the report's currency (minor units), basis points. */
export type ValueKind = 'count' | 'money' | 'percent';
export type Column = { label: string; kind: 'text' | ValueKind };
export type Cell = string | number;

/** A headline figure; `hint` says what it sums when its label alone cannot. */
export type Figure = { label: string; value: number; kind: ValueKind; hint?: string };

/**
 * `bars`: a series over time or a short breakdown (vertical bars); `hbars`: a ranking with long names
 * (horizontal bars); `pie`: parts of a whole; `composed`: bars with the last plotted column as a line.
 */
export type ChartType = 'bars' | 'hbars' | 'pie' | 'composed';

export type ReportPanel = {
  id: string;
  title: string;
  columns: Column[];
  rows: Cell[][];
  /**
   * The chart: its kind, the columns it plots (indexes), each row's short label for its axis and, where
   * a row or a plotted column is a thing with a colour of its own (an appointment's state), its key.
   */
  chart: { type: ChartType; plot: number[]; labels: string[]; keys?: string[]; series?: string[] };
};

export type ReportView = { moneda: CurrencyCode; figures: Figure[]; panels: ReportPanel[] };

const PERIOD_LABELS: Record<ReportGrouping, string> = { dia: 'Día', semana: 'Semana del', mes: 'Mes' };
const monthLong = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('es-ES', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A period's first day as its table writes it: 05/01/2027 (a day, a week's first day), 'Enero de 2027'. */
export function periodLabel(periodo: string, agrupacion: ReportGrouping): string {
  return agrupacion === 'mes' ? capital(monthLong.format(new Date(`${periodo}T00:00:00Z`))) : formatDate(periodo);
}

/** The same, short, under a chart's bar: 05/01, 'ene 27'. */
export function periodShortLabel(periodo: string, agrupacion: ReportGrouping): string {
  return agrupacion === 'mes' ? monthShort.format(new Date(`${periodo}T00:00:00Z`)) : formatDate(periodo).slice(0, 5);
}

type Series<T> = readonly ({ periodo: string } & T)[];

function seriesPanel<T>(
  id: string,
  title: string,
  agrupacion: ReportGrouping,
  serie: Series<T>,
  columns: (Column & { value: (row: T) => number })[],
  chart: { type: ChartType; plot: number[]; series?: string[] },
): ReportPanel {
  return {
    id,
    title,
    columns: [
      { label: PERIOD_LABELS[agrupacion], kind: 'text' },
      ...columns.map(({ label, kind }) => ({ label, kind })),
    ],
    rows: serie.map((row) => [periodLabel(row.periodo, agrupacion), ...columns.map((c) => c.value(row))]),
    chart: { ...chart, labels: serie.map((row) => periodShortLabel(row.periodo, agrupacion)) },
  };
}

function listPanel<T>(
  id: string,
  title: string,
  name: { label: string; value: (row: T) => string },
  list: readonly T[],
  columns: (Column & { value: (row: T) => number })[],
  chart: { type: ChartType; plot: number[]; key?: (row: T) => string },
): ReportPanel {
  const names = list.map(name.value);
  const { key, ...drawn } = chart;
  return {
    id,
    title,
    columns: [{ label: name.label, kind: 'text' }, ...columns.map(({ label, kind }) => ({ label, kind }))],
    rows: list.map((row, i) => [names[i], ...columns.map((c) => c.value(row))]),
    chart: { ...drawn, labels: names, ...(key ? { keys: list.map(key) } : {}) },
  };
}

const named = (label: string) => ({ label, value: (row: { nombre: string }) => row.nombre });
const count = <T>(label: string, value: (row: T) => number) => ({ label, kind: 'count' as const, value });
const money = <T>(label: string, value: (row: T) => number) => ({ label, kind: 'money' as const, value });

/** The figures and panels of report `kind` (its API answer `data`), in the clinic's currency `fallback` if it names none. */
export function reportView<K extends ReportKind>(
  kind: K,
  data: ReportAnswer[K],
  agrupacion: ReportGrouping,
  fallback: CurrencyCode,
): ReportView {
  const answer = data as ReportAnswer[ReportKind];
  const moneda = 'moneda' in answer ? answer.moneda : fallback;
  const build = (figures: Figure[], panels: ReportPanel[]): ReportView => ({ moneda, figures, panels });
  switch (kind) {
    case 'produccion': {
      const d = data as ReportAnswer['produccion'];
      type Row = { importe: number; tratamientos: number };
      const columns = [count<Row>('Tratamientos', (r) => r.tratamientos), money<Row>('Importe', (r) => r.importe)];
      return build(
        [
          { label: 'Producción', value: d.total, kind: 'money' },
          { label: 'Tratamientos realizados', value: d.tratamientos, kind: 'count' },
        ],
        [
          seriesPanel('serie', 'Producción por periodo', agrupacion, d.serie, columns, { type: 'bars', plot: [2] }),
          listPanel('dentistas', 'Por dentista', named('Dentista'), d.porDentista, columns, {
            type: 'hbars',
            plot: [2],
          }),
          listPanel('servicios', 'Por servicio', named('Servicio'), d.porServicio, columns, {
            type: 'hbars',
            plot: [2],
          }),
        ],
      );
    }
    case 'cobros': {
      const d = data as ReportAnswer['cobros'];
      type Row = { importe: number; cobros: number };
      const columns = [count<Row>('Cobros', (r) => r.cobros), money<Row>('Importe', (r) => r.importe)];
      return build(
        [
          { label: 'Cobrado (neto)', value: d.total, kind: 'money' },
          { label: 'Cobros', value: d.cobros, kind: 'count' },
          { label: 'Anulaciones', value: d.anulaciones.cantidad, kind: 'count' },
          { label: 'Importe anulado', value: d.anulaciones.importe, kind: 'money' },
        ],
        [
          seriesPanel('serie', 'Cobros por periodo', agrupacion, d.serie, columns, { type: 'bars', plot: [2] }),
          listPanel(
            'metodos',
            'Por método de pago',
            { label: 'Método', value: (r) => COLLECTION_METHOD_LABELS[r.metodo] ?? r.metodo },
            d.porMetodo,
            columns,
            { type: 'pie', plot: [2] },
          ),
          listPanel('miembros', 'Por quien cobró', named('Cobrado por'), d.porMiembro, columns, {
            type: 'hbars',
            plot: [2],
          }),
        ],
      );
    }
    case 'saldo': {
      const d = data as ReportAnswer['saldo'];
      type Row = ReportAnswer['saldo']['serie'][number];
      return build(
        [
          {
            label: REPORT_MESSAGES.balanceOwedToday,
            value: d.pendiente,
            kind: 'money',
            hint: REPORT_MESSAGES.balanceOwedTodayHint,
          },
          { label: REPORT_MESSAGES.balanceDebtorsToday, value: d.deudores, kind: 'count' },
          { label: 'Producción del periodo', value: d.produccion, kind: 'money' },
          { label: 'Cobrado en el periodo (neto)', value: d.cobros, kind: 'money' },
          {
            label: REPORT_MESSAGES.balanceNetEnd,
            value: d.netoFinal,
            kind: 'money',
            hint: REPORT_MESSAGES.balanceNetHint,
          },
        ],
        [
          seriesPanel(
            'serie',
            'Producción, cobros y saldo neto por periodo',
            agrupacion,
            d.serie,
            [
              money<Row>('Producción', (r) => r.produccion),
              money<Row>('Cobros', (r) => r.cobros),
              money<Row>(REPORT_MESSAGES.balanceNet, (r) => r.neto),
            ],
            { type: 'composed', plot: [1, 2, 3] },
          ),
        ],
      );
    }
    case 'citas': {
      const d = data as ReportAnswer['citas'];
      type Row = ReportAnswer['citas']['serie'][number];
      return build(
        [
          { label: 'Citas', value: d.total, kind: 'count' },
          { label: 'Tasa de no asistencia', value: d.tasaNoAsistencia, kind: 'percent' },
        ],
        [
          listPanel(
            'estados',
            'Citas por estado',
            { label: 'Estado', value: (r) => ESTADO_CITA_LABELS[r.estado] ?? r.estado },
            d.porEstado,
            [count('Citas', (r) => r.cantidad)],
            { type: 'pie', plot: [1], key: (r) => r.estado },
          ),
          seriesPanel(
            'serie',
            'Citas por periodo',
            agrupacion,
            d.serie,
            [
              count<Row>('Citas', (r) => r.total),
              count<Row>('Atendidas', (r) => r.atendidas),
              count<Row>('No asistió', (r) => r.noAsistio),
              count<Row>('Canceladas', (r) => r.canceladas),
            ],
            { type: 'bars', plot: [2, 3, 4], series: ['atendida', 'no_asistio', 'cancelada'] },
          ),
        ],
      );
    }
    case 'pacientes': {
      const d = data as ReportAnswer['pacientes'];
      return build(
        [{ label: 'Pacientes nuevos', value: d.total, kind: 'count' }],
        [
          seriesPanel(
            'serie',
            'Pacientes nuevos por periodo',
            agrupacion,
            d.serie,
            [count('Pacientes nuevos', (r) => r.pacientes)],
            {
              type: 'bars',
              plot: [1],
            },
          ),
        ],
      );
    }
    case 'presupuestos': {
      const d = data as ReportAnswer['presupuestos'];
      type Row = ReportAnswer['presupuestos']['serie'][number];
      return build(
        [
          { label: 'Enviados', value: d.enviados, kind: 'count' },
          { label: 'Aceptados', value: d.aceptados, kind: 'count' },
          { label: 'Rechazados', value: d.rechazados, kind: 'count' },
          { label: 'Sin respuesta', value: d.pendientes, kind: 'count' },
          { label: 'Conversión', value: d.conversion, kind: 'percent' },
          { label: 'Importe enviado', value: d.importeEnviado, kind: 'money' },
          { label: 'Importe aceptado', value: d.importeAceptado, kind: 'money' },
        ],
        [
          seriesPanel(
            'serie',
            'Presupuestos por periodo',
            agrupacion,
            d.serie,
            [
              count<Row>('Enviados', (r) => r.enviados),
              count<Row>('Aceptados', (r) => r.aceptados),
              count<Row>('Rechazados', (r) => r.rechazados),
            ],
            { type: 'bars', plot: [1, 2, 3] },
          ),
        ],
      );
    }
    case 'tratamientos': {
      const d = data as ReportAnswer['tratamientos'];
      type Row = ReportAnswer['tratamientos']['tratamientos'][number];
      // No totals: the list is the top ten, not every treatment (Producción has those).
      return build(
        [],
        [
          listPanel(
            'tratamientos',
            'Tratamientos más realizados',
            named('Tratamiento'),
            d.tratamientos,
            [count<Row>('Cantidad', (r) => r.cantidad), money<Row>('Importe', (r) => r.importe)],
            { type: 'hbars', plot: [1] },
          ),
        ],
      );
    }
    case 'insumos': {
      const d = data as ReportAnswer['insumos'];
      type Used = ReportAnswer['insumos']['consumidos'][number];
      type Bought = ReportAnswer['insumos']['comprados'][number];
      return build(
        [
          { label: 'Unidades consumidas', value: d.consumidos.reduce((s, r) => s + r.cantidad, 0), kind: 'count' },
          { label: 'Unidades compradas', value: d.comprados.reduce((s, r) => s + r.cantidad, 0), kind: 'count' },
          { label: 'Importe comprado', value: d.comprados.reduce((s, r) => s + r.importe, 0), kind: 'money' },
        ],
        [
          listPanel(
            'consumidos',
            'Insumos consumidos',
            named('Insumo'),
            d.consumidos,
            [count<Used>('Cantidad', (r) => r.cantidad), count<Used>('Faltante', (r) => r.faltante)],
            { type: 'hbars', plot: [1] },
          ),
          listPanel(
            'comprados',
            'Insumos comprados',
            named('Insumo'),
            d.comprados,
            [count<Bought>('Cantidad', (r) => r.cantidad), money<Bought>('Importe', (r) => r.importe)],
            { type: 'hbars', plot: [1] },
          ),
        ],
      );
    }
    default:
      return build([], []);
  }
}

/** Nothing happened in the range: every figure is zero and no table has a value other than zero. */
export function isEmptyView(view: ReportView): boolean {
  return (
    view.figures.every((f) => f.value === 0) &&
    view.panels.every((p) => p.rows.every((row) => row.every((cell) => typeof cell === 'string' || cell === 0)))
  );
}

const countFormatter = new Intl.NumberFormat('es-ES');

/** A value as the screen writes it: 1.234, 12,50 €, 12,5 %. */
export function formatValue(value: Cell, kind: Column['kind'], moneda: CurrencyCode): string {
  if (typeof value === 'string') return value;
  if (kind === 'money') return formatMoney(value, moneda);
  if (kind === 'percent') return formatPercent(value);
  return countFormatter.format(value);
}

/**
 * A value as the CSV writes it, so Spanish Excel reads a number it can add up: amounts in units of the
 * currency with a decimal comma and no symbol or thousands dots (1234,50), percentages as 12,5.
 */
export function csvValue(value: Cell, kind: Column['kind'], moneda: CurrencyCode): string | number {
  if (typeof value === 'string') return value;
  if (kind === 'money') return moneyInputText(value, moneda);
  if (kind === 'percent') return String(value / 100).replace('.', ',');
  return value;
}
