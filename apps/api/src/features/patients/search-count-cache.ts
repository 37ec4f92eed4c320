/**
 * Counts of patient searches, per clinic and term, tagged with the clinic's `pacientes_conteo.version`
 * at the moment they were counted. Every insert, update or delete of a clinic's patients moves its
 * version in the same transaction, so a count whose version is still the current one is exact:
 * the cache can only save work, never show a stale number. Each API instance keeps its own; the
 * version is read from the database on every request, so instances never disagree.
 *
 * Bounded (least recently used first out): it holds search terms, which may be names, only in
 * memory and only for as long as they are useful.
 */
export class SearchCountCache {
  private readonly entries = new Map<string, { version: number; total: number }>();

  constructor(private readonly maxEntries = 5000) {}

  private static key(clinicaId: string, term: string) {
    // The exact term: two spellings that normalise alike simply get an entry each.
    return `${clinicaId}\u0000${term}`;
  }

  get(clinicaId: string, term: string): { version: number; total: number } | undefined {
    const key = SearchCountCache.key(clinicaId, term);
    const entry = this.entries.get(key);
    if (entry) {
      // Re-inserting moves it to the young end of the Map's insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(clinicaId: string, term: string, version: number, total: number): void {
    const key = SearchCountCache.key(clinicaId, term);
    this.entries.delete(key);
    this.entries.set(key, { version, total });
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
