import type { JsonText } from './http.ts';

/**
 * Serialised results kept per process and reused while the version they were computed at still holds.
 * The version is read by the same statement that would otherwise compute the result (it is passed
 * the cached version and skips the work when they match), and the tables it covers move it in the
 * same transaction as any write (triggers): a reused result is therefore exactly what the query
 * would answer now. Bounded by the characters it holds; the least recently used go first.
 */
export class VersionedCache {
  readonly #entries = new Map<string, { version: string; json: string }>();
  #chars = 0;

  constructor(private readonly maxChars: number) {}

  /**
   * The JSON of `key`: `run(cached)` is the statement, given the cached version (null for none); it
   * answers at least one row with the current `version`, and its other columns only when that differs
   * from `cached`. `build` makes the result of those rows.
   */
  async read<R extends { version: string }, T>(
    key: string,
    run: (cached: string | null) => Promise<R[]>,
    build: (rows: R[]) => T,
  ): Promise<JsonText<T>> {
    const cached = this.#entries.get(key)?.version ?? null;
    let rows = await run(cached);
    if (cached !== null && rows[0]!.version === cached) {
      const json = this.hit(key, cached);
      if (json !== undefined) return json as JsonText<T>;
      rows = await run(null); // evicted while the statement ran
    }
    return this.keep(key, rows[0]!.version, build(rows)) as JsonText<T>;
  }

  /** The cached JSON if it is still at `version`, and marks it recently used. */
  private hit(key: string, version: string): string | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.json;
  }

  /** Keeps the JSON of a result computed at `version`, and returns it. */
  private keep(key: string, version: string, value: unknown): string {
    const json = JSON.stringify(value);
    const old = this.#entries.get(key);
    if (old) {
      this.#chars -= old.json.length;
      this.#entries.delete(key);
    }
    if (json.length > this.maxChars) return json;
    this.#entries.set(key, { version, json });
    this.#chars += json.length;
    for (const [k, e] of this.#entries) {
      if (this.#chars <= this.maxChars) break;
      this.#entries.delete(k);
      this.#chars -= e.json.length;
    }
    return json;
  }
}
