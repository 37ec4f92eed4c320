import { toCsv, type ReportKind } from '@odontia/shared';
import { csvValue, type Column, type ReportView } from './report-view';

const header = (column: Column, view: ReportView) =>
  column.kind === 'money'
    ? `${column.label} (${view.moneda})`
    : column.kind === 'percent'
      ? `${column.label} (%)`
      : column.label;

/**
 * The CSV of a report as its screen shows it: a 'Resumen' block with the headline figures, then each
 * table under its title, blocks apart by an empty line. `toCsv` adds the BOM, the semicolons and CRLF.
 */
export function reportCsvRows(view: ReportView): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [];
  if (view.figures.length) {
    rows.push(['Resumen'], ['Concepto', 'Valor']);
    for (const f of view.figures)
      rows.push([header({ label: f.label, kind: f.kind }, view), csvValue(f.value, f.kind, view.moneda)]);
  }
  for (const panel of view.panels) {
    if (rows.length) rows.push([]);
    rows.push(
      [panel.title],
      panel.columns.map((c) => header(c, view)),
    );
    for (const row of panel.rows) rows.push(row.map((cell, i) => csvValue(cell, panel.columns[i].kind, view.moneda)));
  }
  return rows;
}

export const reportCsv = (view: ReportView): string => toCsv(reportCsvRows(view));

/** `reporte-produccion-2027-01-01-2027-01-31.csv` */
export const reportFileName = (kind: ReportKind, desde: string, hasta: string) =>
  `reporte-${kind}-${desde}-${hasta}.csv`;

/** Hands the CSV to the browser as a download. */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
