import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';

/** Fallback for routing failures (spec 000 §2, DESIGN §8: in Spanish). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">
        {notFound ? 'Página no encontrada' : 'Error inesperado de la aplicación'}
      </h1>
      <p className="text-muted-foreground max-w-md">
        {notFound
          ? 'Lo sentimos, la página que estás buscando no existe o ha sido movida.'
          : 'Algo salió mal al cargar esta página. Vuelve a intentarlo o regresa al inicio.'}
      </p>
      <Link to="/" className={buttonVariants()}>
        Volver al Inicio
      </Link>
    </main>
  );
}
