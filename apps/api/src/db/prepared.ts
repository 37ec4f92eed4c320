import { sql, type Column, type SQL } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const dialect = new PgDialect();

type RawPrepared = { execute(values?: Record<string, unknown>): Promise<{ rows: unknown[] }> };

/**
 * A raw statement run as a named prepared statement: parsed and planned once per connection
 * instead of on every call, and its rows returned as the driver reads them (no ORM mapping). For
 * the hottest reads and writes, where planning a statement cost as much as running it.
 *
 * `query` takes its values through `sql.placeholder(name)`, named in camelCase; `Values` types them; a statement whose plan should depend on
 * the values (e.g. a LIKE term that is selective or not) is not a candidate. Works on both drivers
 * and inside a transaction (the statement is then prepared on the transaction's connection).
 */
export function preparedStatement<Row, Values extends Record<string, unknown> = Record<string, unknown>>(
  name: string,
  query: SQL,
) {
  const built = dialect.sqlToQuery(query);
  const bySession = new WeakMap<PgSession, RawPrepared>();
  return async (db: Executor, values: Values): Promise<Row[]> => {
    const session = (db as unknown as { session: PgSession }).session;
    let prepared = bySession.get(session);
    if (!prepared) {
      prepared = session.prepareQuery(built, undefined, name, false) as unknown as RawPrepared;
      bySession.set(session, prepared);
    }
    return (await prepared.execute(values)).rows as Row[];
  };
}

/**
 * A timestamptz written as JSON.stringify writes a Date (ISO 8601, UTC, milliseconds), for statements
 * whose JSON PostgreSQL builds itself.
 */
export const isoTimestampSql = <C extends Column>(column: C) =>
  sql<
    C['_']['notNull'] extends true ? string : string | null
  >`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
