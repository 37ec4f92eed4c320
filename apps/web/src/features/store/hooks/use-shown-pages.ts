import type { InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';

type PagedList<P> = {
  data: InfiniteData<P> | undefined;
  isPlaceholderData: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * A 'Cargar más' list whose URL says how many pages it shows (`pagina`), so that a reload, the back
 * button or a shared link show as many cards as before: the pages the URL asks for are fetched one
 * after another, a page past the end moves the URL back to the last one, and pages cached beyond the
 * URL's (a search cleared) stay hidden until asked for again. A failed page is not asked for again by
 * itself: 'Cargar más' retries it.
 */
export function useShownPages<P>(list: PagedList<P>, pagina: number, setPage: (p: number, replace?: boolean) => void) {
  const loaded = list.data?.pages.length ?? 0;
  const shown = Math.min(pagina, loaded);
  const settled = !!list.data && !list.isPlaceholderData && !list.isFetching;
  const behind = settled && loaded < pagina;
  useEffect(() => {
    if (!behind || list.isFetchNextPageError) return;
    if (list.hasNextPage) void list.fetchNextPage();
    else setPage(Math.max(1, loaded), true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to what is loaded and asked for only
  }, [behind, loaded, pagina, list.hasNextPage, list.isFetchNextPageError]);

  return {
    pages: list.data?.pages.slice(0, shown) ?? [],
    /** More to show: a page already cached, or one the server has. */
    hasMore: shown < loaded || list.hasNextPage,
    /** The next page is on its way (asked for by 'Cargar más' or by the URL). */
    loadingMore: list.isFetchingNextPage || (loaded < pagina && !list.isFetchNextPageError),
    loadMore: () => {
      if (list.isFetchNextPageError && loaded < pagina) void list.fetchNextPage();
      else setPage(shown + 1, true);
    },
  };
}
