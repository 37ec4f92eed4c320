import { QueryClient, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api';

/** Spec 000 §9: 3 retries with exponential backoff up to 30 s, 5-minute gc time. A 4xx will not change on retry. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 3;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** A mutation after which every query under `queryKey` loads again (the list, the detail, the counts). */
export function useInvalidatingMutation<TVariables = void, TData = unknown>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  queryKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
}

/**
 * A delete of the record `id` under `queryKey`: its own query (`[...queryKey, 'detail', id]`) is dropped
 * rather than loaded again (it would answer 404 on the page that is still on screen), then the rest of
 * `queryKey` (lists, calendars) loads again.
 */
export function useDeleteMutation<TData = unknown>(mutationFn: (id: string) => Promise<TData>, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: [...queryKey, 'detail', id] });
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
