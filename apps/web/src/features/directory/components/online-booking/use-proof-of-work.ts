import { useCallback, useRef } from 'react';
import { solveProofOfWork } from './proof-of-work';

/** A solution is worth keeping for a while (the server's challenges last 10 minutes). */
const FRESH_MS = 8 * 60_000;

/**
 * The proof of work, solved ahead: `prepare` starts solving while the visitor chooses (so choosing a
 * slot seldom waits), `take` hands the solution over for one hold and forgets it (each is spent once).
 */
export function useProofOfWork() {
  const solved = useRef<{ payload: Promise<string>; at: number } | null>(null);
  const prepare = useCallback(() => {
    if (solved.current && Date.now() - solved.current.at < FRESH_MS) return solved.current.payload;
    const payload = solveProofOfWork();
    // A failure is told when the solution is taken, not while the visitor is still choosing.
    payload.catch(() => undefined);
    solved.current = { payload, at: Date.now() };
    return payload;
  }, []);
  const take = useCallback(() => {
    const payload = prepare();
    solved.current = null;
    return payload;
  }, [prepare]);
  return { prepare, take };
}
