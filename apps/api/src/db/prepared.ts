import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const dialect = new PgDialect();

type RawPrepared = { execute(values?: Record<string, unknown>): Promise<{ rows: unknown[] }> };

/**
 * A raw statement run as a named prepared statement: parsed and planned once per connection
 * instead of on every call, and its rows returned as the driver reads them (no ORM mapping). For
 * the hottest reads and writes, where planning a statement cost as much as running it.
 *
 * `query` takes its values through `sql.placeholder(name)`; a statement whose plan should depend on
 * the values (e.g. a LIKE term that is selective or not) is not a candidate. Works on both drivers
 * and inside a transaction (the statement is then prepared on the transaction's connection).
 */
export function preparedStatement<Row>(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  const bySession = new WeakMap<PgSession, RawPrepared>();
  return async (db: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    const session = (db as unknown as { session: PgSession }).session;
    let prepared = bySession.get(session);
    if (!prepared) {
      prepared = session.prepareQuery(built, undefined, name, false) as unknown as RawPrepared;
      bySession.set(session, prepared);
    }
    return (await prepared.execute(values)).rows as Row[];
  };
}
