import { EARLY_TAPS_GLOBAL } from '@odontia/shared';

type EarlyTapsWindow = Window & { [EARLY_TAPS_GLOBAL]?: (() => void) | null };

/**
 * Clicks, once, the buttons tapped on a server-rendered page before it was hydrated, which the
 * page's inline script held back (packages/shared/src/early-taps.ts), and lets clicks through from
 * then on. Call it once hydration has committed, so that React handles those clicks; a page without
 * that script (not rendered on the server) has nothing to replay.
 */
export function replayEarlyTaps() {
  (window as EarlyTapsWindow)[EARLY_TAPS_GLOBAL]?.();
}
