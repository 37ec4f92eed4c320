import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';

/** Spec 000 §2: a spinner while the session loads, then /auth (replacing history) when there is no user. */
export function ProtectedRoute() {
  const { account, loading, lastEvent } = useSession();
  const navigate = useNavigate();
  const hadAccount = useRef(false);
  useEffect(() => {
    if (account) {
      hadAccount.current = true;
      return;
    }
    if (loading) return;
    // Signed out on this page with signOut(): the session layer is taking the app to / (spec 000 §4).
    if (hadAccount.current && lastEvent?.goHome) return;
    navigate('/auth', { replace: true });
  }, [loading, account, lastEvent, navigate]);
  if (loading || !account) {
    return (
      <div className="flex min-h-svh items-center justify-center">
        <Spinner className="size-8" label="Cargando sesión" />
      </div>
    );
  }
  return <Outlet />;
}
