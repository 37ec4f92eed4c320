import { toJsonText, type JsonText } from './json-text.ts';
import { Lru } from './lru.ts';

/**
 * Serialised results kept per process and reused while the version they were computed at still holds.
 * The version is read by the same statement that would otherwise compute the result (it is passed
 * the cached version and skips the work when they match), and the tables it covers move it in the
 * same transaction as any write (triggers): a reused result is therefore exactly what the query
 * would answer now. Bounded by the characters it holds; the least recently used go first (Lru).
 * One cache holds results of one type T, so what it reuses is typed as what it computed.
 * A result that also depends on the clock (what a time passes, or a hold that ends, changes) says until
 * when it holds (`until`, epoch milliseconds): after that it is computed again, version or not.
 */
export class VersionedCache<T> {
  readonly #entries: Lru<string, { version: string; json: JsonText<T>; until: number }>;

  constructor(maxChars: number) {
    this.#entries = new Lru(maxChars, (entry) => entry.json.length);
  }

  /**
   * The JSON of `key`: `run(cached)` is the statement, given the cached version (null for none); it
   * answers at least one row with the current `version`, and its other columns only when that differs
   * from `cached`. `build` makes the result of those rows; `until`, when given, the instant it holds until.
   */
  async read<R extends { version: string }>(
    key: string,
    run: (cached: string | null) => Promise<R[]>,
    build: (rows: R[]) => T,
    until?: (rows: R[]) => number,
  ): Promise<JsonText<T>> {
    const held = this.#entries.get(key);
    const cached = held && Date.now() < held.until ? held.version : null;
    let rows = await run(cached);
    if (cached !== null && rows[0]!.version === cached) {
      const entry = this.#entries.get(key);
      if (entry?.version === cached) return entry.json;
      rows = await run(null); // evicted or replaced while the statement ran
    }
    const json = toJsonText(build(rows));
    this.#entries.set(key, { version: rows[0]!.version, json, until: until?.(rows) ?? Infinity });
    return json;
  }
}
