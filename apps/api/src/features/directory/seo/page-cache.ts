import type { Executor } from '../../../db/client.ts';
import { Lru } from '../../../platform/lru.ts';
import { directoryVersion } from '../directory.service.ts';
import type { PageMeta } from './meta-tags.ts';

/** A public page as made for one version: what it says of itself, its first data and its rendered #root. */
export type MadePage = {
  meta: PageMeta;
  root: string;
  headTags: string;
  bootData: string | null;
  /** Rendered on the server: its scripts load after the first paint (`scriptsAfterFirstPaint`). */
  rendered: boolean;
};

/**
 * Public pages made on the server, reused while what they show has not changed. What they show is
 * read from clinicas, dentistas and especialidades only (directory.service.ts); every write to them
 * moves directorio_version in the writing transaction (migration 0042), and page-cache.test.ts shows
 * a write to each on the next page served. The hour is part of the version: the 'Nueva' and
 * 'Novedades' badges depend on the time. Bounded by the characters held; the least recently used go first.
 */
export class PageCache {
  readonly #pages: Lru<string, { version: string; page: MadePage }>;

  constructor(maxChars = 32_000_000) {
    this.#pages = new Lru(
      maxChars,
      ({ page }) => page.root.length + page.headTags.length + (page.bootData?.length ?? 0),
    );
  }

  /** The current version (directoryVersion): one row read by primary key. */
  version(db: Executor): Promise<string> {
    return directoryVersion(db);
  }

  get(key: string, version: string): MadePage | null {
    const entry = this.#pages.get(key);
    return entry?.version === version ? entry.page : null;
  }

  set(key: string, version: string, page: MadePage) {
    this.#pages.set(key, { version, page });
  }
}
