declare const holds: unique symbol;

/**
 * A JSON body serialised before the response (`jsonText` in http.ts answers it as it is), branded
 * with what it holds. A plain string is not one: only two things make one, so the type a route
 * answers is always the type of something that was serialised, never a claim about a string.
 * - `toJsonText(value)`: a typed value, serialised here (JSON.stringify);
 * - `jsonTextOf(json)` (db/column-map.ts): a statement's column holding JSON that PostgreSQL writes,
 *   typed by the column map `jsonObject` built it from.
 * A cast to JsonText anywhere else is refused by the linter (eslint.config.js).
 */
export type JsonText<T> = string & { readonly [holds]: T };

/** `value` as JSON, as `c.json` would write it: the one place a JS value becomes a JsonText. */
export const toJsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

/** What a JsonText holds, read back (where an answer adds to what PostgreSQL wrote): typed as it was made. */
export const parseJsonText = <T>(text: JsonText<T>): T => JSON.parse(text) as T;
