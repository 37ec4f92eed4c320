import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useOnboardingRedirect } from '@/lib/onboarding';

/** Every route: applies the onboarding redirects of spec 000 §4 to the session's events. */
export function RootLayout() {
  useOnboardingRedirect();
  // The moment the page is interactive (hydrated, or first rendered): the bench's JavaScript budget counts until here.
  useEffect(() => void performance.mark('odontia:interactive'), []);
  return <Outlet />;
}
