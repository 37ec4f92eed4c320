import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `active` (unsaved changes), leaving asks first: a route change inside the app (another page,
 * another patient) is held by the returned blocker until the member confirms or stays; closing or
 * reloading the tab gets the browser's own question. `release(true)` lets the screen's own navigation
 * through while it saves (a saved note opens its page); `release(false)` guards again if the save failed.
 */
export function useLeaveGuard(active: boolean) {
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active &&
      !released.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
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
  return {
    blocker,
    release: (on: boolean) => {
      released.current = on;
    },
  };
}
