import { startTransition, StrictMode, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { ThemeProvider } from '@/components/theme-provider';
import { ToasterHost } from '@/components/ui/sonner-host';
import { fetchAccount } from '@/lib/account';
import { replayEarlyTaps } from '@/lib/early-taps';
import { normalisePath, onboardingRedirect, onboardingRedirectMark } from '@/lib/onboarding-path';
import { PublicPageProvider, type PublicVisitor } from '@/lib/public-page';

/*
 * The public pages (spec 000 §2) as their own small app: rendered on the server (entry-server.tsx) and
 * hydrated by their own entry (public-main.tsx), without the staff app's router, query library and
 * session (their JavaScript budget, issue 26). They link to each other with plain links, so each is a
 * page load; the staff app's router (router.tsx) shows the same pages when it reaches them itself.
 */

type PageModule = {
  default: ComponentType;
  /** What the server's render needs loaded first that the browser loads after the page (the landing's lower half). */
  preloadForServer?: () => Promise<void>;
};

const PAGES: { matches: (pathname: string) => boolean; load: () => Promise<PageModule> }[] = [
  { matches: (path) => path === '/', load: () => import('@/features/directory/pages/landing-page') },
  { matches: (path) => path === '/clinicas', load: () => import('@/features/directory/pages/directory-page') },
  {
    matches: (path) => /^\/clinicas\/[^/]+$/.test(path),
    load: () => import('@/features/directory/pages/clinic-profile-page'),
  },
  { matches: (path) => path === '/software-info', load: () => import('@/features/directory/pages/software-info-page') },
];

/**
 * The component of the public page at `pathname`, its module loaded; null when it is not one. On the
 * server (`forServer`) with what it renders that the browser loads later.
 */
export async function loadPublicPage(pathname: string, { forServer = false } = {}): Promise<ComponentType | null> {
  const page = PAGES.find((p) => p.matches(normalisePath(pathname)));
  if (!page) return null;
  const module = await page.load();
  if (forServer) await module.preloadForServer?.();
  return module.default;
}

/**
 * Whether someone is signed in, asked once the page is in the browser (the server's HTML shows
 * neither way in until then). Spec 000 §4: the initial session load of a member whose onboarding is
 * not done goes to its step, unless a redirect was already made in this session.
 */
function useVisitor(pathname: string): PublicVisitor {
  const [visitor, setVisitor] = useState<PublicVisitor>({ signedIn: false, sessionLoading: true });
  useEffect(() => {
    let live = true;
    fetchAccount().then(
      (account) => {
        if (!live) return;
        const target = account ? onboardingRedirect(account.user.onboardingStep, pathname) : null;
        if (target && !onboardingRedirectMark.isSet()) {
          onboardingRedirectMark.set();
          window.location.replace(target);
          return;
        }
        // A transition: the header's way in is drawn without one long task on a slow phone.
        startTransition(() => setVisitor({ signedIn: Boolean(account), sessionLoading: false }));
      },
      // The page works signed out; the ways in show.
      () => live && setVisitor({ signedIn: false, sessionLoading: false }),
    );
    return () => {
      live = false;
    };
  }, [pathname]);
  return visitor;
}

type Address = { pathname: string; search: string };

/**
 * The page's address: another search of the same page (the directory's filters) changes it in place,
 * with the browser's history; any other page is a page load. On the server it never changes.
 */
function useAddress(initial: Address) {
  const [location, setLocation] = useState(initial);
  useEffect(() => {
    const onPopState = () => setLocation({ pathname: window.location.pathname, search: window.location.search });
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigate = useCallback(
    (href: string) => {
      const url = new URL(href, window.location.href);
      if (url.pathname !== location.pathname) return window.location.assign(url.href);
      window.history.pushState(null, '', url.pathname + url.search);
      setLocation({ pathname: url.pathname, search: url.search });
    },
    [location.pathname],
  );
  return { ...location, navigate };
}

function PublicRoot({ Page, location }: { Page: ComponentType; location: Address }) {
  const address = useAddress(location);
  const visitor = useVisitor(address.pathname);
  // The moment the page is interactive (hydrated, or first rendered): the bench's JavaScript budget counts
  // until here, and e2e/support/public-page.ts waits for it. An effect runs after hydration has committed,
  // so the taps held before it are clicked now on the nodes React has taken over.
  useEffect(() => {
    replayEarlyTaps();
    performance.mark('odontia:interactive');
  }, []);
  // The same element across the root's renders: the page re-renders only where it reads what changed.
  const page = useMemo(() => <Page />, [Page]);
  return (
    <PublicPageProvider {...address} {...visitor}>
      {page}
    </PublicPageProvider>
  );
}

/** The same tree on the server and in the browser, so that hydration keeps the server's HTML. */
export function publicApp(Page: ComponentType, location: Address) {
  return (
    <StrictMode>
      <ThemeProvider>
        <PublicRoot Page={Page} location={location} />
        <ToasterHost />
      </ThemeProvider>
    </StrictMode>
  );
}
