import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Permission } from '@odontia/shared';
import { fetchAccount, type Account } from './account';
import { ApiError } from './api';
import { authRequest, type AuthInput } from './auth-client';
import { onboardingRedirectMark } from './onboarding-path';
import { SESSION_QUERY_KEY } from './query-keys';

export type { Account };

export { SESSION_QUERY_KEY };

/** Session events of spec 000 §4, for code that reacts to sign-in and sign-out. */
export type SessionEvent =
  'INITIAL_SESSION' | 'SIGNED_IN' | 'TOKEN_REFRESHED' | 'SIGNED_OUT' | 'USER_UPDATED' | 'PASSWORD_RECOVERY';

/**
 * The latest event with the account it produced. It is state, not a callback: a listener that mounts
 * after the event (the router renders once its lazy routes load) still sees it, once, by `seq`.
 */
export type SessionEventRecord = {
  type: SessionEvent;
  seq: number;
  account: Account | null;
  /** Set by signOut(): the app goes to / (spec 000 §4), not to /auth as for an expired session. */
  goHome?: boolean;
};

type SessionContextValue = {
  account: Account | null;
  /** True until the first session check ends. */
  loading: boolean;
  lastEvent: SessionEventRecord | null;
  /** Reloads the account after a change (profile saved, clinic created...): USER_UPDATED. */
  refresh: () => Promise<Account | null>;
  signIn: (input: AuthInput<'sign-in/email'>) => Promise<Account>;
  /** Creates the account and signs it in (better-auth autoSignIn). */
  signUp: (input: AuthInput<'sign-up/email'>) => Promise<Account>;
  signOut: () => Promise<void>;
  /**
   * Spec 000 §4: at most one automatic onboarding redirect per session. True (and the flag set) the
   * first time; false afterwards until sign-up, sign-in or sign-out clears the flag.
   */
  takeOnboardingRedirect: () => boolean;
};

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [lastEvent, setLastEvent] = useState<SessionEventRecord | null>(null);
  const seq = useRef(0);
  const initialDone = useRef(false);
  const redirected = useRef(false);

  const emit = useCallback((type: SessionEvent, account: Account | null, extra: Partial<SessionEventRecord> = {}) => {
    seq.current += 1;
    setLastEvent({ type, seq: seq.current, account, ...extra });
  }, []);

  // The first check is INITIAL_SESSION; later background checks (window focus, stale data) are
  // TOKEN_REFRESHED, or SIGNED_OUT when the server ended the session (password reset elsewhere).
  const checkSession = useCallback(async () => {
    const previous = queryClient.getQueryData<Account | null>(SESSION_QUERY_KEY) ?? null;
    const account = await fetchAccount();
    if (!initialDone.current) {
      initialDone.current = true;
      emit('INITIAL_SESSION', account);
    } else if (account && previous?.user.id === account.user.id) {
      emit('TOKEN_REFRESHED', account);
    } else if (!account && previous) {
      redirected.current = false;
      onboardingRedirectMark.clear();
      emit('SIGNED_OUT', null);
    }
    return account;
  }, [queryClient, emit]);

  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: checkSession,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

  const refresh = useCallback(async () => {
    const account = await fetchAccount();
    queryClient.setQueryData(SESSION_QUERY_KEY, account);
    emit('USER_UPDATED', account);
    return account;
  }, [queryClient, emit]);

  /** After sign-in or sign-up: better-auth has set the cookie; the account comes from /api/me. */
  const startSession = useCallback(
    async (started: Promise<unknown>) => {
      await started;
      // Nothing of a previous user may stay in the cache.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      const account = await fetchAccount();
      if (!account)
        throw new ApiError(
          401,
          'unauthorized',
          'No se pudo iniciar la sesión. Comprueba que tu navegador acepta cookies.',
        );
      redirected.current = false;
      onboardingRedirectMark.clear();
      initialDone.current = true;
      queryClient.setQueryData(SESSION_QUERY_KEY, account);
      emit('SIGNED_IN', account);
      return account;
    },
    [queryClient, emit],
  );

  const signIn = useCallback(
    (input: AuthInput<'sign-in/email'>) => startSession(authRequest('sign-in/email', input)),
    [startSession],
  );
  const signUp = useCallback(
    (input: AuthInput<'sign-up/email'>) => startSession(authRequest('sign-up/email', input)),
    [startSession],
  );

  const signOut = useCallback(async () => {
    try {
      await authRequest('sign-out', {});
    } finally {
      // Nothing of the previous user may stay in the cache, even if the server could not be told.
      redirected.current = false;
      onboardingRedirectMark.clear();
      queryClient.clear();
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      emit('SIGNED_OUT', null, { goHome: true });
    }
  }, [queryClient, emit]);

  const takeOnboardingRedirect = useCallback(() => {
    if (redirected.current) return false;
    redirected.current = true;
    onboardingRedirectMark.set();
    return true;
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({
      account: query.data ?? null,
      loading: query.isPending,
      lastEvent,
      refresh,
      signIn,
      signUp,
      signOut,
      takeOnboardingRedirect,
    }),
    [query.data, query.isPending, lastEvent, refresh, signIn, signUp, signOut, takeOnboardingRedirect],
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
