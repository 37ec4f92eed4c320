import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { BrandMark } from '@/components/brand';
import { useSession } from '@/lib/session';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/cx';

const navLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

/** Product name, the public sections, and the way in: the dashboard when signed in, otherwise sign-in and register. */
export function PublicHeader() {
  const { account, loading } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <BrandMark />
        <nav aria-label="Principal" className="hidden items-center gap-1 md:flex">
          <NavLink to="/clinicas" className={navLink}>
            Clínicas
          </NavLink>
          <NavLink to="/software-info" className={navLink}>
            Para clínicas
          </NavLink>
        </nav>
        {/* Same width while the session loads, so nothing moves when it arrives. */}
        <div className={cx('flex items-center gap-1 sm:gap-2', loading && 'invisible')}>
          {account ? (
            <Link to="/dashboard" className={buttonVariants({ size: 'sm' })}>
              Ir al dashboard
            </Link>
          ) : (
            <>
              <Link to="/auth" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                Iniciar sesión
              </Link>
              <Link to="/auth?register=true" className={buttonVariants({ size: 'sm' })}>
                Registrarse
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

export function PublicFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-4">
        <div className="sm:col-span-2">
          <BrandMark />
          <p className="mt-3 max-w-sm text-sm text-muted-foreground">
            El directorio de clínicas dentales y el software que las hace funcionar: citas, pacientes, odontograma y
            equipo en un solo lugar.
          </p>
        </div>
        <nav aria-label="Pacientes">
          <h2 className="text-sm font-semibold">Pacientes</h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
            <li>
              <Link to="/clinicas" className="hover:text-foreground hover:underline">
                Buscar clínicas
              </Link>
            </li>
            <li>
              <Link to="/clinicas?ciudad=Madrid" className="hover:text-foreground hover:underline">
                Clínicas en Madrid
              </Link>
            </li>
            <li>
              <Link to="/clinicas?ciudad=Barcelona" className="hover:text-foreground hover:underline">
                Clínicas en Barcelona
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Clínicas">
          <h2 className="text-sm font-semibold">Clínicas</h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
            <li>
              <Link to="/software-info" className="hover:text-foreground hover:underline">
                El software
              </Link>
            </li>
            <li>
              <Link to="/auth?register=true" className="hover:text-foreground hover:underline">
                Registrar mi clínica
              </Link>
            </li>
            <li>
              <Link to="/auth" className="hover:text-foreground hover:underline">
                Iniciar sesión
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Odontia. Todos los derechos reservados.</p>
          <Link to="/terminos-y-condiciones" className="hover:text-foreground hover:underline">
            Términos y condiciones
          </Link>
        </div>
      </div>
    </footer>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-background">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        Saltar al contenido
      </a>
      <PublicHeader />
      <main id="contenido" className="flex-1">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
