import { useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterContext as DataRouterContext, useSearchParams } from 'react-router';
import { pageParam } from '@/lib/page-param';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SEARCH_DELAY_MS = 300;

/**
 * The search term and page of a list, kept in the URL (reload and the back button keep them): the
 * box follows typing at once, the URL once typing pauses, and a new search starts at page 1.
 */
export function useListSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pagina = pageParam(params);
  const [term, setTerm] = useState(q);
  const debouncedTerm = useDebouncedValue(term, SEARCH_DELAY_MS);
  const dataRouter = useContext(DataRouterContext);

  // The list's other parameters (a tab, a filter) stay as they are: read from the router's live location
  // when there is one, since the debounced search below runs with the params of an earlier render, and a
  // tab chosen meanwhile would otherwise be undone.
  const set = (next: { q?: string; pagina?: number }, options: { replace?: boolean } = {}) => {
    const q2 = next.q ?? q;
    const p2 = next.pagina ?? pagina;
    const search = new URLSearchParams(dataRouter ? dataRouter.router.state.location.search : params);
    if (q2) search.set('q', q2);
    else search.delete('q');
    if (p2 > 1) search.set('pagina', String(p2));
    else search.delete('pagina');
    setParams(search, { replace: options.replace });
  };

  // Replacing the entry keeps the history to one step per search, not one per key. A click made while
  // typing paused (a result, a menu link) wins: its screen may still be loading, and this list, still
  // shown, would otherwise cancel it by navigating to its own URL. The router's live state is read
  // (useNavigation would need every test to build a data router, and its value is a render late).
  useEffect(() => {
    if (dataRouter && dataRouter.router.state.navigation.state !== 'idle') return;
    const next = debouncedTerm.trim();
    if (next !== q) set({ q: next, pagina: 1 }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed term drives this
  }, [debouncedTerm]);

  // Back/forward to another search: the box follows the URL (adjusted while rendering, as React
  // recommends for state derived from a changing input).
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (term.trim() !== q) setTerm(q);
  }

  return { q, pagina, term, setTerm, setPage: (p: number, replace = false) => set({ pagina: p }, { replace }) };
}

/**
 * Keeps a paged list on a real page: a page past the end (an old link, the last rows deleted
 * elsewhere) moves to the last real page. Returns what to call after deleting a row here: the last row
 * of a page that is not the first goes back one page (spec 000 §4).
 */
export function useClampPage<T extends { total: number; porPagina: number }>(
  list: { data: T | undefined; isPlaceholderData: boolean },
  rowsOf: (data: T) => number,
  pagina: number,
  setPage: (p: number, replace?: boolean) => void,
): () => void {
  const data = list.data;
  const rows = data ? rowsOf(data) : 0;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.porPagina)) : 1;
  const pastTheEnd = !!data && !list.isPlaceholderData && rows === 0 && data.total > 0 && pagina > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to the data only
  }, [pastTheEnd, lastPage]);
  return () => {
    if (rows === 1 && pagina > 1) setPage(pagina - 1, true);
  };
}
