/**
 * What a benchmark section hands back to bench/run.ts: measured figures, each optionally checked
 * against a budget. Sections (patients, bundle size, Lighthouse...) only produce these; run.ts
 * prints one table and sets the exit code.
 */
export type Budget = { max?: number; min?: number };

export type Measurement = {
  /** e.g. 'PostgreSQL' or 'PGlite': rows of a section are grouped by it. */
  group: string;
  name: string;
  metric: string;
  value: number;
  unit: string;
  budget?: Budget;
  /** Shown beside the figure (e.g. the ratio to the baseline). */
  note?: string;
};

export type SectionResult = {
  title: string;
  measurements: Measurement[];
  /** Lines printed under the section's table (what was measured, skipped parts...). */
  notes?: string[];
};

export type Section = {
  /** Short name used by `npm run bench -- <name>` to run only some sections. */
  name: string;
  run: (log: (line: string) => void) => Promise<SectionResult>;
};

export function verdict(m: Measurement): 'PASS' | 'FAIL' | '' {
  if (!m.budget) return '';
  if (m.budget.max !== undefined && m.value > m.budget.max) return 'FAIL';
  if (m.budget.min !== undefined && m.value < m.budget.min) return 'FAIL';
  return 'PASS';
}

function budgetText(b: Budget | undefined, unit: string): string {
  if (!b) return '';
  const parts = [];
  if (b.max !== undefined) parts.push(`<= ${format(b.max)} ${unit}`);
  if (b.min !== undefined) parts.push(`>= ${format(b.min)} ${unit}`);
  return parts.join(', ');
}

function format(n: number): string {
  if (Number.isInteger(n) || Math.abs(n) >= 100) return Math.round(n).toLocaleString('en-US');
  return n.toFixed(2);
}

/** A plain-text table that reads well in a terminal and in CI logs. */
export function renderTable(results: SectionResult[]): string {
  const header = ['Section', 'Group', 'Measurement', 'Metric', 'Value', 'Budget', 'Result', 'Note'];
  const rows: string[][] = [];
  for (const r of results) {
    for (const m of r.measurements) {
      rows.push([
        r.title,
        m.group,
        m.name,
        m.metric,
        `${format(m.value)} ${m.unit}`,
        budgetText(m.budget, m.unit),
        verdict(m),
        m.note ?? '',
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
