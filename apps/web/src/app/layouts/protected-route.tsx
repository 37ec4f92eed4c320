import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';

/** Spec 000 §2: a spinner while the session loads, then /auth (replacing history) when there is no user. */
export function ProtectedRoute() {
  const { account, loading } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (!loading && !account) navigate('/auth', { replace: true });
  }, [loading, account, navigate]);
  if (loading || !account) {
    return (
      <div className="flex min-h-svh items-center justify-center">
        <Spinner className="size-8" label="Cargando sesión" />
      </div>
    );
  }
  return <Outlet />;
}
