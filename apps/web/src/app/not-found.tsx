import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/utils';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * 'Página no encontrada': for an unknown path (the whole page, with a way home) and, inside the staff
 * shell, for a screen that does not exist for this kind of account (a clinic's /ventas, a supplier's
 * /pacientes), with a way back to the dashboard.
 */
export function NotFound({ inShell = false }: { inShell?: boolean }) {
  usePageTitle('Página no encontrada');
  const Root = inShell ? 'div' : 'main';
  return (
    <Root
      className={cn('flex flex-col items-center justify-center gap-4 p-6 text-center', inShell ? 'py-16' : 'min-h-svh')}
    >
      <p className="text-primary text-6xl font-bold" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">Página no encontrada</h1>
      <p className="text-muted-foreground max-w-md">
        Lo sentimos, la página que estás buscando no existe o ha sido movida.
      </p>
      <Link to={inShell ? '/dashboard' : '/'} className={buttonVariants()}>
        {inShell ? 'Volver al Dashboard' : 'Volver al Inicio'}
      </Link>
    </Root>
  );
}

export default function NotFoundPage() {
  return <NotFound />;
}
