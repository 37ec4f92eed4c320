/** The highest page a list's URL may ask for; beyond it, as for anything that is not a page, page 1. */
const PAGE_MAX = 1_000_000;

/**
 * The 1-based `pagina` of a list's URL: a hand-edited `pagina=abc`, `0`, `-3` or `2.5` shows the first
 * page rather than an error. The same rule as the server's page numbers (issue 8: one page parser,
 * `parsePageNumber` of @odontia/shared once it is there).
 */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('pagina'));
  return Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1;
}
