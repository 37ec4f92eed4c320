import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a server-rendered page is rendered on the server and hydrated in the browser, true after
 * (and from the start of a page the browser renders alone). What only the browser can show (a lazy
 * menu, a stored preference) waits for it, so the browser's first render matches the server's HTML.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

/**
 * Its children once the page is hydrated, nothing before (and on the server). Only this small part
 * re-renders then, not the component around it.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
