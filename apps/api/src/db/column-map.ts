import { getTableName, sql, type Column, type GetColumnData, type SQL, type Table } from 'drizzle-orm';
import type { JsonText } from '../platform/json-text.ts';

/**
 * A statement's output written once as a map of names to schema columns (or SQL built from them),
 * and used both ways: by Drizzle's `select(map)`, and by a raw statement (a named prepared statement,
 * a CTE) through `selectList` or `jsonObject`. The columns are the schema's objects, so a rename or a
 * new column is one edit the compiler checks, never a string to find.
 */
export type ColumnMap = Record<string, Column | SQL>;

/**
 * A raw row of a column map as the drivers hand it over: a column's type, SQL's declared type; a
 * bigint or a timestamp may come as a string (node-postgres), so those say so.
 */
export type RowOf<M extends ColumnMap> = {
  [K in keyof M]: M[K] extends SQL<infer T>
    ? T
    : M[K] extends Column
      ? M[K]['_']['columnType'] extends 'PgBigInt53' | 'PgTimestamp'
        ? GetColumnData<M[K]> | string
        : GetColumnData<M[K]>
      : never;
};

/** `column as "name", ...`: the select list of a raw statement, its rows keyed like the map. */
export const selectList = (columns: ColumnMap): SQL =>
  sql.join(
    Object.entries(columns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );

declare const pgJson: unique symbol;
/**
 * The SQL type of a json value a statement builds (`jsonObject`, `jsonArray`): what it holds once
 * parsed. Only ever a type parameter of SQL, never a JS value.
 */
export type PgJson<T> = { readonly [pgJson]: T };

/** A value as JSON written by PostgreSQL holds it: a nested json as what it holds, a timestamp as text. */
type InJson<V> = V extends PgJson<infer T> ? T : V extends Date ? string : V;

/** The object `jsonObject(map)` writes: each column's value as it is in JSON. */
export type JsonOf<M extends ColumnMap> = {
  [K in keyof M]: M[K] extends SQL<infer T> ? InJson<T> : M[K] extends Column ? InJson<GetColumnData<M[K]>> : never;
};

/**
 * `json_build_object('name', column, ...)`: the map as a JSON object PostgreSQL writes, typed by the
 * map (a nested `jsonObject` or `jsonArray` is its value, not its text).
 */
export const jsonObject = <M extends ColumnMap>(columns: M): SQL<PgJson<JsonOf<M>>> =>
  sql`json_build_object(${sql.join(
    Object.entries(columns).map(([name, column]) => {
      if (!/^\w+$/.test(name)) throw new Error(`jsonObject: nombre de columna ${name}`);
      return sql`${sql.raw(`'${name}'`)}, ${column}`;
    }),
    sql`, `,
  )})`;

/** `element` for each row of `from`, in `orderBy` order, as a JSON array ([] when there are none). */
export const jsonArray = <T>(element: SQL<PgJson<T>>, from: SQL, orderBy: SQL): SQL<PgJson<T[]>> =>
  sql`coalesce((select json_agg(${element} order by ${orderBy}) from ${from}), '[]'::json)`;

/** `case when condition then value end`: the value, or null where the condition does not hold. */
export const onlyWhen = <T>(condition: SQL, value: SQL<T>): SQL<T | null> =>
  sql`case when ${condition} then ${value} end`;

/**
 * JSON PostgreSQL writes, as a column of its text: the driver hands it over as the string it is (a
 * json column it would parse), a JsonText of what it holds, answered without being parsed or
 * serialised again (`jsonText` in platform/http.ts). The one place a statement's JSON becomes a
 * JsonText: a raw statement's row type is `RowOf` a map holding it.
 */
export const jsonTextOf = <T>(json: SQL<PgJson<T>>): SQL<JsonText<T>> => sql`(${json})::text`;

/** Bare column names (`"stock_actual", ...`): the target list of an INSERT or the left side of a SET. */
export const columnNames = (...columns: Column[]): SQL =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/**
 * A table in a raw statement's FROM or JOIN: `"productos"`, or for an `alias(productos, 'p')`
 * `"productos" "p"` (in a template an alias renders as its bare name, like its columns' prefix).
 */
export const tableRef = (table: Table): SQL => {
  // Drizzle's own markers (Table.Symbol, internal), as its dialect reads them to build a FROM.
  const marks = table as unknown as Record<symbol, unknown>;
  return marks[Symbol.for('drizzle:IsAlias')]
    ? sql`${sql.identifier(marks[Symbol.for('drizzle:OriginalName')] as string)} ${sql.identifier(getTableName(table))}`
    : sql`${table}`;
};
