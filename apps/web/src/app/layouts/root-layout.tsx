import { Outlet } from 'react-router';
import { useOnboardingRedirect } from '@/lib/onboarding';

/** Every route: applies the onboarding redirects of spec 000 §4 to the session's events. */
export function RootLayout() {
  useOnboardingRedirect();
  return <Outlet />;
}
