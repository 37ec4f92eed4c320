import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { toasterState } from '@/lib/toast';

const Toaster = lazy(() => import('./sonner').then((m) => ({ default: m.Toaster })));

function Listening() {
  // Runs after the Toaster's own effects (an earlier sibling), i.e. once it has subscribed.
  useEffect(() => toasterState.mounted(), []);
  return null;
}

/** The toast area, mounted on the first toast (see src/lib/toast.ts). */
export function ToasterHost() {
  const requested = useSyncExternalStore(toasterState.subscribe, toasterState.requested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      <Listening />
    </Suspense>
  );
}
