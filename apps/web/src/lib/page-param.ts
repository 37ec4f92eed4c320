import { parsePageNumber } from '@odontia/shared';

/**
 * The 1-based `pagina` of a list's URL, read with the server's own rule: a hand-edited `pagina=abc`,
 * `0`, `-3` or `2.5` shows the first page rather than an error.
 */
export const pageParam = (params: URLSearchParams): number => parsePageNumber(params.get('pagina') ?? undefined);
