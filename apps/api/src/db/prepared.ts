import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import { PgDatabase, PgDialect, type PgSession, type PgTable } from 'drizzle-orm/pg-core';
import type { Database, Executor } from './client.ts';
import { columnNames } from './column-map.ts';

const dialect = new PgDialect();

/** A named placeholder of a prepared statement (`sql.placeholder`), its value given at each run. */
export const ph = (name: string) => sql.placeholder(name);

type RawPrepared = { execute(values?: Record<string, unknown>): Promise<{ rows: unknown[] }> };

/**
 * A raw statement run as a named prepared statement: parsed and planned once per connection
 * instead of on every call, and its rows returned as the driver reads them (no ORM mapping). For
 * the hottest reads and writes, where planning a statement cost as much as running it.
 *
 * `query` takes its values through `sql.placeholder(name)`, named in camelCase; `Values` types them. A
 * statement whose plan should depend on the values (e.g. a LIKE term that is selective or not) is not a
 * candidate: see `compiledStatement`. Works on both drivers and inside a transaction (the statement is
 * then prepared on the transaction's connection).
 */
export const preparedStatement = <Row, Values extends Record<string, unknown> = Record<string, unknown>>(
  name: string,
  query: SQL,
) => statement<Row, Values>(name, query);

/**
 * A raw statement built and compiled once, with its values through `sql.placeholder(name)`, and run
 * unnamed: PostgreSQL parses and plans it on every run, with the values at hand, so its plan may depend
 * on them (a LIKE term that matches half the clinic or nothing), but the ORM never builds it again.
 */
export const compiledStatement = <Row, Values extends Record<string, unknown> = Record<string, unknown>>(query: SQL) =>
  statement<Row, Values>(undefined, query);

function statement<Row, Values extends Record<string, unknown>>(name: string | undefined, query: SQL) {
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

/** What an ORM builder hands its session when asked to prepare itself: kept to be replayed on real sessions. */
type Captured = { args: Parameters<PgSession['prepareQuery']>; joinsNotNullableMap?: unknown; setToken(): Captured };

/**
 * A database whose session only records what a builder's `prepare(name)` asks of it, so that an ORM query
 * can be built once (its SQL, its fields and how its rows map) and run on any real session later.
 */
const recorder = new PgDatabase(
  dialect,
  {
    prepareQuery: (...args: Parameters<PgSession['prepareQuery']>): Captured => ({
      args,
      setToken() {
        return this;
      },
    }),
  } as unknown as PgSession,
  undefined,
) as unknown as Database;

type Runnable<Result> = { execute(values?: Record<string, unknown>): Promise<Result> };
type Preparable<Result> = { prepare(name: string): Runnable<Result> };

/**
 * An ORM query (select, insert, update, delete) built once, at module load, and run as the named
 * prepared statement `name`: its rows come back mapped as the builder's own `prepare(name).execute()`
 * maps them, but the ORM does not build its SQL again on every call (on a hot route's statements that
 * building cost about as much CPU as PostgreSQL spent running them). `build` gets a database that only
 * records; values go through `ph(name)`, typed by `Values`:
 * `preparedQuery<{ id: string }>('odontia_x')((db) => db.select(…).where(eq(t.id, ph('id'))))`.
 * Works on both drivers and inside a transaction (prepared then on the transaction's connection).
 */
export const preparedQuery =
  <Values extends Record<string, unknown>>(name: string) =>
  <Result>(build: (db: Database) => Preparable<Result>) =>
    replay<Result, Values>(build(recorder).prepare(name) as unknown as Captured);

function replay<Result, Values extends Record<string, unknown>>(captured: Captured) {
  const bySession = new WeakMap<PgSession, Runnable<Result>>();
  return (db: Executor, values: Values): Promise<Result> => {
    const session = (db as unknown as { session: PgSession }).session;
    let prepared = bySession.get(session);
    if (!prepared) {
      const query = session.prepareQuery(...captured.args) as unknown as Runnable<Result> & {
        joinsNotNullableMap?: unknown;
      };
      query.joinsNotNullableMap = captured.joinsNotNullableMap;
      bySession.set(session, (prepared = query));
    }
    return prepared.execute(values);
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

/**
 * A many-row INSERT into `table` as a prepared statement with one bound value: the rows as a JSON array
 * keyed by the columns' SQL names, which `jsonb_populate_recordset` reads as the table's row type (so a
 * number, an array or a uuid arrives as its column's type). The columns are the schema's, named by
 * their keys; ORM-built, a 30-row insert spent more CPU building its 600 parameters than PostgreSQL
 * spent writing them. Values must be what JSON carries (no column here maps its values itself).
 */
export function preparedInsert<T extends PgTable, K extends keyof T['$inferSelect'] & string>(
  name: string,
  table: T,
  keys: readonly K[],
) {
  const all = getTableColumns(table) as Record<string, Column>;
  const columns = keys.map((key) => all[key]!);
  const statement = preparedStatement<never, { filas: string }>(
    name,
    sql`insert into ${table} (${columnNames(...columns)})
      select ${columnNames(...columns)} from jsonb_populate_recordset(null::${table}, ${sql.placeholder('filas')}::jsonb)`,
  );
  type Insert = Required<T['$inferInsert']>;
  type Row = { [P in K]: P extends keyof Insert ? Insert[P] : never };
  return async (db: Executor, rows: readonly Row[]): Promise<void> => {
    if (rows.length === 0) return;
    const filas = rows.map((row) =>
      Object.fromEntries(columns.map((column, i) => [column.name, row[keys[i]!] ?? null])),
    );
    await statement(db, { filas: JSON.stringify(filas) });
  };
}
