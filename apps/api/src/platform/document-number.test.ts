import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { openTestDatabase } from '../test/template.ts';
import { documentNumber, documentNumberSql, type DocumentKind } from './document-number.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.dispose();
});

const inSql = async (kind: DocumentKind, anio: number, n: number) => {
  const [row] = await rowsOf<{ numero: string }>(
    handle.db.execute(sql`select ${documentNumberSql(kind, anio, sql`${n}::int`)} as numero`),
  );
  return row.numero;
};

describe('document numbers', () => {
  it('pad to their digits and widen past them, the same in SQL and in JavaScript', async () => {
    const cases: [DocumentKind, number, number, string][] = [
      ['presupuesto', 2027, 1, 'P-2027-0001'],
      ['presupuesto', 2027, 9999, 'P-2027-9999'],
      ['presupuesto', 2027, 10_000, 'P-2027-10000'],
      ['recibo', 2026, 123, 'R-2026-000123'],
      ['recibo', 2026, 1_234_567, 'R-2026-1234567'],
    ];
    for (const [kind, anio, n, expected] of cases) {
      expect(documentNumber(kind, anio, n)).toBe(expected);
      expect(await inSql(kind, anio, n)).toBe(expected);
    }
  });
});
