import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** `GET /api/panel/primeros-pasos`: which getting-started steps the clinic has done. */
export const gettingStartedQueryOptions = () =>
  queryOptions({
    queryKey: ['panel', 'primeros-pasos'],
    queryFn: () => unwrap(api.panel['primeros-pasos'].$get()),
    // Steps are done on other screens: asked again each time the dashboard opens.
    staleTime: 0,
  });

export const useGettingStarted = (enabled: boolean) => useQuery({ ...gettingStartedQueryOptions(), enabled });
