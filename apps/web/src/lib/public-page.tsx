import { createContext, use, useMemo, type ReactNode } from 'react';

/**
 * What a public page needs from around it: where it is (path and query), a way to change that, and
 * whether someone is signed in. The public pages link to each other with plain links, each a page the
 * server renders, so they need no router nor the session's query: their own app (app/public-app.tsx)
 * gives them the browser's address and one account check, the server's renderer the request's
 * address, and the staff app its router and its session.
 */
export type PublicAddress = {
  pathname: string;
  search: string;
  /**
   * Goes to `href`: another address of the same page (a new search) without a page load, so the
   * results change where the visitor is and the focus stays; any other page by a page load.
   */
  navigate: (href: string) => void;
};

export type PublicVisitor = {
  signedIn: boolean;
  /** True until the account check ends (and always on the server). */
  sessionLoading: boolean;
};

// Apart, so that the account's arrival re-renders the header's way in, not the page.
const AddressContext = createContext<PublicAddress | null>(null);
const VisitorContext = createContext<PublicVisitor | null>(null);

export function PublicPageProvider({
  pathname,
  search,
  navigate,
  signedIn,
  sessionLoading,
  children,
}: PublicAddress & PublicVisitor & { children: ReactNode }) {
  const address = useMemo(() => ({ pathname, search, navigate }), [pathname, search, navigate]);
  const visitor = useMemo(() => ({ signedIn, sessionLoading }), [signedIn, sessionLoading]);
  return (
    <AddressContext value={address}>
      <VisitorContext value={visitor}>{children}</VisitorContext>
    </AddressContext>
  );
}

function required<T>(value: T | null): T {
  if (!value) throw new Error('Las páginas públicas necesitan un PublicPageProvider');
  return value;
}

export const usePublicPage = (): PublicAddress => required(use(AddressContext));

export const usePublicVisitor = (): PublicVisitor => required(use(VisitorContext));

/** The query of the public page's address. */
export function usePublicSearchParams(): URLSearchParams {
  const { search } = usePublicPage();
  return useMemo(() => new URLSearchParams(search), [search]);
}
