import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useMemo, type ReactNode } from 'react';
import type { Permission } from '@odontia/shared';
import type { InferResponseType } from 'hono/client';
import { api, ApiError, request, unwrap } from './api';

export type Account = InferResponseType<typeof api.me.$get, 200>;

export const SESSION_QUERY_KEY = ['session'] as const;

/** Session events of spec 000 §4, for code that reacts to sign-in and sign-out. */
export type SessionEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'USER_UPDATED' | 'PASSWORD_RECOVERY';

async function fetchAccount(): Promise<Account | null> {
  try {
    return await unwrap(api.me.$get());
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

type SessionContextValue = {
  account: Account | null;
  /** True until the first session check ends. */
  loading: boolean;
  /** Reloads the account after a change (profile saved, clinic created...). */
  refresh: () => Promise<Account | null>;
  signOut: () => Promise<void>;
};

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchAccount, staleTime: 30_000, refetchOnWindowFocus: true });

  const refresh = useCallback(async () => {
    const account = await fetchAccount();
    queryClient.setQueryData(SESSION_QUERY_KEY, account);
    return account;
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await request('/api/auth/sign-out', { method: 'POST', json: {} });
    // Nothing of the previous user may stay in the cache.
    queryClient.clear();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  }, [queryClient]);

  const value = useMemo<SessionContextValue>(
    () => ({ account: query.data ?? null, loading: query.isPending, refresh, signOut }),
    [query.data, query.isPending, refresh, signOut],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const context = use(SessionContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

/** UI-side permission check: only hides what the role cannot do; the server decides. */
export function useCan(permission: Permission): boolean {
  const { account } = useSession();
  return account?.permisos.includes(permission) ?? false;
}
