import type { Permission } from '@odontia/shared';
import { ShieldX } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent } from '@/components/ui/card';
import { useCan, useSession } from '@/lib/session';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { NotFound } from '../not-found';
import { isForAccount, type Audience } from './nav';

function AccessDenied() {
  usePageTitle('Acceso denegado');
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <ShieldX className="size-10 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-xl font-semibold">Acceso denegado</h1>
          <p className="text-muted-foreground">
            No tienes permisos para acceder a esta sección. Contacta al administrador.
          </p>
          <Link to="/dashboard" className={buttonVariants({ className: 'mt-2' })}>
            Volver al Dashboard
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * The routes below it open only for members whose role grants `permission` (the sidebar hides the
 * entry the same way). The UI only hides: every API route checks the permission again.
 * A screen of another `audience` (a clinic's /ventas, a supplier's /pacientes) does not exist for
 * this account: the not-found page, as for any unknown path, rather than a refusal.
 */
export function RequirePermission({ permission, audience }: { permission: Permission; audience?: Audience }) {
  const { account } = useSession();
  const allowed = useCan(permission);
  // Without a clinic there are no permissions yet: 'Clínica no configurada' and its redirect, not a refusal.
  const redirecting = useClinicRequired();
  if (redirecting) return null;
  if (!isForAccount(audience, account?.clinica?.esProveedor)) return <NotFound inShell />;
  return allowed ? <Outlet /> : <AccessDenied />;
}
