import {
  MutationCache,
  QueryCache,
  QueryClient,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError, errorMessage } from './api';
import { SESSION_QUERY_KEY } from './query-keys';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The toast's title when the query fails (once per failed load, after the retries), with the
       * server's message under it; a function of that message makes one line of both.
       */
      loadError?: string | ((message: string) => string);
    };
  }
}

const LOAD_ERROR_FALLBACK = 'Inténtalo de nuevo más tarde';

/**
 * The one place a screen's failed load is told (the screens name it in their query's `meta.loadError`).
 * A missing clinic is not: useClinicRequired says it and redirects.
 */
const queryCache = (onUnauthorized: (error: unknown) => void) =>
  new QueryCache({
    onError: (error, query) => {
      onUnauthorized(error);
      const title = query.meta?.loadError;
      if (!title || (error instanceof ApiError && error.code === 'clinic_required')) return;
      const message = errorMessage(error, LOAD_ERROR_FALLBACK);
      const heading = typeof title === 'function' ? title(message) : title;
      // One toast per failing screen, however many of its pages or filters fail in a row.
      toast.error(heading, typeof title === 'function' ? undefined : message, { id: heading });
    },
  });

/** Spec 000 §9: 3 retries with exponential backoff up to 30 s, 5-minute gc time. A 4xx will not change on retry. */
export function createQueryClient() {
  /*
   * A 401 from any request means the session may have ended (signed out in another tab, the member
   * removed, the password reset): the account is asked again, and if it is gone the session provider
   * says SIGNED_OUT and the screens go to /auth, instead of staying with the patient's data on screen.
   * A public page's 401 (the budget link's second factor) asks once and finds the same account.
   */
  const onUnauthorized = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401 && client.getQueryData(SESSION_QUERY_KEY))
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  const client: QueryClient = new QueryClient({
    queryCache: queryCache(onUnauthorized),
    mutationCache: new MutationCache({ onError: onUnauthorized }),
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
  return client;
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
