import { CURRENCIES, type CurrencyCode } from '@odontia/shared';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatValue, type ReportPanel } from '../report-view';

/*
 * The only file that imports recharts: the reports page imports it, and nothing the dashboard or the
 * public pages load does, so the library stays in this screen's lazily loaded chunk
 * (reports-bundle.test.ts checks the imports, bench js-publico the built chunks).
 */

/** Colours apart in light and dark themes; each series is named in the legend and in the table beside it. */
const COLORS = [
  'var(--primary)',
  'var(--info)',
  'oklch(0.7 0.16 60)',
  'oklch(0.6 0.2 25)',
  'oklch(0.62 0.15 150)',
  'oklch(0.55 0.18 310)',
  'oklch(0.7 0.1 100)',
  'oklch(0.5 0.05 250)',
  'oklch(0.75 0.12 200)',
];

// No animations: a chart redrawn at the paper's width is printed as drawn, never halfway through one.
/** An appointment's state in the colours a desk reads at a glance: done green, missed red, cancelled grey. */
const KEY_COLORS: Record<string, string> = {
  pendiente: 'oklch(0.7 0.16 60)',
  confirmada: 'var(--info)',
  confirmada_paciente: 'oklch(0.75 0.1 250)',
  en_sala: 'oklch(0.55 0.18 310)',
  atendida: 'oklch(0.62 0.15 150)',
  completada: 'var(--primary)',
  no_asistio: 'oklch(0.6 0.2 25)',
  cancelada: 'oklch(0.55 0.02 250)',
  cancelada_paciente: 'oklch(0.72 0.02 250)',
};

const compact = new Intl.NumberFormat('es-ES', { notation: 'compact', maximumFractionDigits: 1 });

type Props = { panel: ReportPanel; moneda: CurrencyCode; label: string };

/**
 * A panel's chart, drawn from its table (the same rows, the columns `panel.chart.plot`): amounts are
 * plotted in units of the currency and told in full in the tooltip. Named for screen readers by `label`;
 * the table beside it has the figures.
 */
export function ReportChart({ panel, moneda, label }: Props) {
  const { type, plot, labels } = panel.chart;
  const unit = 10 ** CURRENCIES[moneda].decimales;
  const keys = plot.map((column) => `c${column}`);
  const seriesColor = (i: number) => KEY_COLORS[panel.chart.series?.[i] ?? ''] ?? COLORS[i % COLORS.length];
  const data = panel.rows.map((row, i) => {
    const point: Record<string, string | number> = { nombre: labels[i] ?? String(row[0]) };
    for (const column of plot) {
      const value = Number(row[column]);
      point[`c${column}`] = panel.columns[column].kind === 'money' ? value / unit : value;
    }
    return point;
  });
  const format = (value: unknown, key: string) => {
    const column = Number(key.slice(1));
    const kind = panel.columns[column]?.kind ?? 'count';
    const n = Number(value);
    return formatValue(kind === 'money' ? Math.round(n * unit) : n, kind, moneda);
  };
  const tooltip = (
    <Tooltip
      formatter={(value, _name, item) => format(value, String(item.dataKey))}
      contentStyle={{ background: 'var(--popover)', color: 'var(--popover-foreground)', borderRadius: 8 }}
    />
  );
  const names = Object.fromEntries(plot.map((column) => [`c${column}`, panel.columns[column].label]));
  const tick = { fontSize: 12, fill: 'currentColor' };
  const common = { title: label, responsive: true, data, style: { width: '100%', height: '100%' } };

  if (type === 'pie') {
    const key = keys[0];
    // A part of nothing is no slice (the table still lists it with its 0).
    const slices = data
      .map((point, i) => ({ point, color: KEY_COLORS[panel.chart.keys?.[i] ?? ''] ?? COLORS[i % COLORS.length] }))
      .filter(({ point }) => Number(point[key]) !== 0);
    return (
      <PieChart {...common} data={slices.map((s) => s.point)} margin={{ top: 0, right: 0, bottom: 0, left: 0 }}>
        <Pie
          isAnimationActive={false}
          data={slices.map((s) => s.point)}
          dataKey={key}
          nameKey="nombre"
          name={names[key]}
          innerRadius="45%"
          outerRadius="80%"
        >
          {slices.map(({ color }, i) => (
            <Cell key={i} fill={color} />
          ))}
        </Pie>
        {tooltip}
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
      </PieChart>
    );
  }

  if (type === 'hbars') {
    return (
      <BarChart {...common} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid horizontal={false} strokeOpacity={0.3} />
        <XAxis type="number" tick={tick} tickFormatter={(v: number) => compact.format(v)} />
        <YAxis type="category" dataKey="nombre" tick={tick} width={120} interval={0} />
        {tooltip}
        {keys.map((key, i) => (
          <Bar
            isAnimationActive={false}
            key={key}
            dataKey={key}
            name={names[key]}
            fill={seriesColor(i)}
            radius={[0, 4, 4, 0]}
          />
        ))}
      </BarChart>
    );
  }

  const axes = (
    <>
      <CartesianGrid vertical={false} strokeOpacity={0.3} />
      <XAxis dataKey="nombre" tick={tick} minTickGap={8} />
      <YAxis tick={tick} width="auto" tickFormatter={(v: number) => compact.format(v)} />
    </>
  );
  if (type === 'composed') {
    const bars = keys.slice(0, -1);
    const line = keys.at(-1)!;
    return (
      <ComposedChart {...common} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        {axes}
        {tooltip}
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
        {bars.map((key, i) => (
          <Bar
            isAnimationActive={false}
            key={key}
            dataKey={key}
            name={names[key]}
            fill={seriesColor(i)}
            radius={[4, 4, 0, 0]}
          />
        ))}
        <Line
          dataKey={line}
          name={names[line]}
          stroke={COLORS[bars.length % COLORS.length]}
          strokeWidth={2}
          dot={false}
        />
      </ComposedChart>
    );
  }
  return (
    <BarChart {...common} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
      {axes}
      {tooltip}
      {keys.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} /> : null}
      {keys.map((key, i) => (
        <Bar
          isAnimationActive={false}
          key={key}
          dataKey={key}
          name={names[key]}
          fill={seriesColor(i)}
          radius={[4, 4, 0, 0]}
        />
      ))}
    </BarChart>
  );
}
