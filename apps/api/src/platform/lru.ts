/**
 * The one least-recently-used map of the API's per-process caches (sessions, permissions, search
 * counts, the agenda's reads): bounded by a total weight (one per entry unless `weigh` says
 * otherwise, e.g. the characters of a cached body), the least recently read or written going first.
 * An entry heavier than the whole bound is not kept. Built on Map's insertion order: a read moves
 * the entry to the young end.
 */
export class Lru<K, V> {
  readonly #entries = new Map<K, V>();
  #weight = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  /** The value of `key`, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** Keeps `value` as the most recently used, dropping the least recently used beyond the bound. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.#entries.set(key, value);
    this.#weight += weight;
    for (const [oldest, old] of this.#entries) {
      if (this.#weight <= this.maxWeight) break;
      this.#entries.delete(oldest);
      this.#weight -= this.weigh(old);
    }
  }

  delete(key: K): void {
    const old = this.#entries.get(key);
    if (old === undefined) return;
    this.#entries.delete(key);
    this.#weight -= this.weigh(old);
  }

  clear(): void {
    this.#entries.clear();
    this.#weight = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The sum of the entries' weights. */
  get weight(): number {
    return this.#weight;
  }
}
