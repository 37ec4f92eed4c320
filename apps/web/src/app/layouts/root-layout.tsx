import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { replayEarlyTaps } from '@/lib/early-taps';
import { useOnboardingRedirect } from '@/lib/onboarding';

/** Every route: applies the onboarding redirects of spec 000 §4 to the session's events. */
export function RootLayout() {
  useOnboardingRedirect();
  // The moment the page is interactive (hydrated, or first rendered): the bench's JavaScript budget counts
  // until here, and e2e/support/public-page.ts waits for it. An effect runs after hydration has committed,
  // so the taps held before it are clicked now on the nodes React has taken over.
  useEffect(() => {
    replayEarlyTaps();
    performance.mark('odontia:interactive');
  }, []);
  return <Outlet />;
}
