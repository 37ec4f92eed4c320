import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { usePageTitle } from '@/lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Página no encontrada');
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-primary text-6xl font-bold" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">Página no encontrada</h1>
      <p className="text-muted-foreground max-w-md">
        Lo sentimos, la página que estás buscando no existe o ha sido movida.
      </p>
      <Link to="/" className={buttonVariants()}>
        Volver al Inicio
      </Link>
    </main>
  );
}
