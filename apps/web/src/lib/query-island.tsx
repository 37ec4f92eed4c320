import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from './query-client';

let client: QueryClient | null = null;

/**
 * The query library for a part of a public page that loads after it (the booking, the request form):
 * the public pages themselves hydrate without it (their JavaScript budget), so such a part brings it
 * with its own chunk. One client per page, shared by its parts.
 */
export function QueryIsland({ children }: { children: ReactNode }) {
  client ??= createQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Forgets what the islands have loaded, as a new page would (tests render many pages in one document). */
export function clearQueryIsland() {
  client?.clear();
}
