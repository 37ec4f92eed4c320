/**
 * Paging, kept free of zod so that public pages, which only read `pagina` from their URL, do not
 * download the validation library.
 */

/** The highest page anyone may ask for; beyond it (or anything that is not a page) is page 1. */
export const PAGE_MAX = 1_000_000;

/**
 * A 1-based page number from a query string or URL: a hand-edited `pagina=abc`, `0`, `-3` or `2.5`
 * shows the first page rather than an error. The server (through `pageNumber`) and the web app read
 * `pagina` with this.
 */
export function parsePageNumber(value: unknown): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1;
}
