import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const termsQueryOptions = () =>
  queryOptions({
    queryKey: ['terminos'],
    queryFn: async () => (await unwrap(api.terminos.$get())).terminos,
    staleTime: 60 * 60 * 1000,
  });

/** The latest version by id (spec 000 §7), or null when none has been published. */
export const useTerms = () => useQuery(termsQueryOptions());
