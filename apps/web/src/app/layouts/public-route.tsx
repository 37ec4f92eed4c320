import { Outlet, useLocation, useNavigate } from 'react-router';
import { PublicPageProvider } from '@/lib/public-page';
import { useSession } from '@/lib/session';

/**
 * The public pages when the staff app's router reaches them itself (a page it was loaded on, as in
 * development): their address and session from the router and the session layer. The public pages'
 * own entry gives them the same (app/public-app.tsx).
 */
export function PublicRoute() {
  const { pathname, search } = useLocation();
  const { account, loading } = useSession();
  const navigate = useNavigate();
  return (
    <PublicPageProvider
      pathname={pathname}
      search={search}
      signedIn={Boolean(account)}
      sessionLoading={loading}
      navigate={navigate}
    >
      <Outlet />
    </PublicPageProvider>
  );
}
