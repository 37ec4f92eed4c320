import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `active` (unsaved changes), leaving asks first: a route change inside the app (another page,
 * another patient) is held by the returned blocker until the member confirms or stays; closing or
 * reloading the tab gets the browser's own question.
 */
export function useLeaveGuard(active: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
  return blocker;
}
