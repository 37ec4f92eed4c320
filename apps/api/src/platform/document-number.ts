import { sql, type SQL } from 'drizzle-orm';

/**
 * A clinic's document numbers, counted per year without gaps: budgets `P-2027-0042`, receipts
 * `R-2027-000123`. The counter takes the number inside the statement that writes the document (its row
 * stays locked only for that statement and the commit), so the format exists as SQL; the demo data, which
 * numbers its history in memory, uses the same format in JavaScript. Both widen past their digits instead
 * of cutting the number (SQL's lpad cuts it: the 10,000th budget of a year would repeat the 1,000th's).
 * Tested equal in document-number.test.ts.
 */
export const DOCUMENT_NUMBERS = {
  presupuesto: { prefijo: 'P', cifras: 4 },
  recibo: { prefijo: 'R', cifras: 6 },
} as const;

export type DocumentKind = keyof typeof DOCUMENT_NUMBERS;

/** The number `n` of year `anio`, as SQL (`n` is an SQL integer expression, e.g. the counter's). */
export function documentNumberSql(kind: DocumentKind, anio: number, n: SQL): SQL<string> {
  const { prefijo, cifras } = DOCUMENT_NUMBERS[kind];
  return sql<string>`(${`${prefijo}-${anio}-`}::text || lpad((${n})::text, greatest(${cifras}::int, length((${n})::text)), '0'))`;
}

/** The number `n` of year `anio`, in JavaScript. */
export function documentNumber(kind: DocumentKind, anio: number, n: number): string {
  const { prefijo, cifras } = DOCUMENT_NUMBERS[kind];
  return `${prefijo}-${anio}-${String(n).padStart(cifras, '0')}`;
}
