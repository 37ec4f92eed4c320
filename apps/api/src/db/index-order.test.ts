import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, IndexedColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema/index.ts';

describe('index order', () => {
  // Drizzle's `.desc()` alone makes DESC NULLS LAST; `ORDER BY x DESC` means NULLS FIRST, so PostgreSQL
  // cannot read such an index in order and sorts every row of the range instead (a patient's timeline
  // read all their notes, the current chart all their versions).
  it('declares every descending index column NULLS FIRST, the order a plain ORDER BY ... DESC reads', () => {
    const wrong: string[] = [];
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      for (const index of getTableConfig(table).indexes)
        for (const column of index.config.columns)
          if (is(column, IndexedColumn) && column.indexConfig.order === 'desc' && column.indexConfig.nulls !== 'first')
            wrong.push(`${getTableName(table)}.${index.config.name}.${column.name}`);
    }
    expect(wrong).toEqual([]);
  });
});
