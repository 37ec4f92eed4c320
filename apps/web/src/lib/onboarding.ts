import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onboardingRedirect } from './onboarding-path';
import { useSession, type SessionEvent } from './session';

/** The events after which spec 000 §4 checks the onboarding step. */
const REDIRECTING_EVENTS = new Set<SessionEvent>(['SIGNED_IN', 'TOKEN_REFRESHED', 'INITIAL_SESSION']);

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
