import { useCallback, useRef } from 'react';

/**
 * `run(action)` starts `action` unless an earlier run of it is still going, and then does nothing. A double
 * click (or a tap and a click) would otherwise send the request twice before the button re-renders
 * disabled: two budgets, or the second answer's error (409, "ya firmada") shown beside the first's success.
 * Use one per action a user can repeat.
 */
export function useSingleFlight() {
  const running = useRef(false);
  return useCallback(async (action: () => Promise<unknown>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    try {
      await action();
    } finally {
      running.current = false;
    }
  }, []);
}
