import type { OnboardingStep } from '@odontia/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession, type SessionEvent } from './session';

/**
 * Where nobody is sent automatically: the sign-in and recovery pages of spec 000 §4, and the reset
 * page, which the original reached through a PASSWORD_RECOVERY event (never one that redirects).
 */
const NO_REDIRECT_PATHS = new Set(['/auth', '/auth/recuperar-clave', '/auth/reset-password']);

/** The events after which spec 000 §4 checks the onboarding step. */
const REDIRECTING_EVENTS = new Set<SessionEvent>(['SIGNED_IN', 'TOKEN_REFRESHED', 'INITIAL_SESSION']);

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * Spec 000 §4, one rule per step: pendiente → /onboarding/perfil and perfil_completado →
 * /onboarding/clinica unless already there; completado → /dashboard only from /onboarding/*.
 * An unknown step counts as pendiente. Null: stay.
 */
export function onboardingRedirect(step: OnboardingStep | string | null | undefined, pathname: string): string | null {
  const path = normalise(pathname);
  if (NO_REDIRECT_PATHS.has(path)) return null;
  if (step === 'completado') return path.startsWith('/onboarding/') ? '/dashboard' : null;
  const target = step === 'perfil_completado' ? '/onboarding/clinica' : '/onboarding/perfil';
  return path === target ? null : target;
}

/** Where a person goes once signed in: the step they have to finish, or the dashboard. */
export function homeFor(step: OnboardingStep | string | null | undefined): string {
  if (step === 'completado') return '/dashboard';
  return step === 'perfil_completado' ? '/onboarding/clinica' : '/onboarding/perfil';
}

/**
 * Applies the redirect rules to each session event, at most once per session (the flag lives in the
 * session layer, which clears it on sign-up, sign-in and sign-out), and takes the app to / after
 * signOut(). Used once, by the root layout.
 */
export function useOnboardingRedirect() {
  const { lastEvent, takeOnboardingRedirect } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const handled = useRef(0);

  useEffect(() => {
    if (!lastEvent || handled.current === lastEvent.seq) return;
    handled.current = lastEvent.seq;
    if (lastEvent.goHome) {
      if (pathname !== '/') navigate('/', { replace: true });
      return;
    }
    if (!REDIRECTING_EVENTS.has(lastEvent.type) || !lastEvent.account) return;
    const target = onboardingRedirect(lastEvent.account.user.onboardingStep, pathname);
    if (target && takeOnboardingRedirect()) navigate(target, { replace: true });
  }, [lastEvent, pathname, navigate, takeOnboardingRedirect]);
}
