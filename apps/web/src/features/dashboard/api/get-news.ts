import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** `GET /api/noticias`: 'Noticias de la comunidad' (DESIGN §1: a `noticias` table, not sample data). */
export const newsQueryOptions = () =>
  queryOptions({
    queryKey: ['noticias'],
    queryFn: () => unwrap(api.noticias.$get()),
    staleTime: 5 * 60 * 1000,
  });

export const useNews = () => useQuery(newsQueryOptions());
