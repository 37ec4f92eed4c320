import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand';
import { ThemeChoice } from '@/components/theme-choice';
import { useSession } from '@/lib/session';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/cx';
import { useHydrated } from '@/lib/use-hydrated';

const navLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

// The menu library is not needed to show a public page: the menu loads after it, in a box of its size.
const ThemeMenu = lazy(() => import('@/components/theme-toggle').then((m) => ({ default: m.ThemeMenu })));

const themeMenuBox = <span className="size-9" aria-hidden="true" />;

/** The way in: the dashboard when signed in, otherwise sign-in and register. */
function AccountLinks({ signedIn, className }: { signedIn: boolean; className?: string }) {
  return (
    <div className={className}>
      {signedIn ? (
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
  );
}

/**
 * Product name, the public sections, the theme and the way in. Below 768 px they fold into 'Menú', a
 * disclosure under the header: Escape or a followed link closes it, and Escape gives focus back to its button.
 */
export function PublicHeader() {
  const { account, loading } = useSession();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // A link followed from the menu closes it (adjusted while rendering, not in an effect).
  const [shownPath, setShownPath] = useState(location.pathname + location.search);
  if (shownPath !== location.pathname + location.search) {
    setShownPath(location.pathname + location.search);
    setOpen(false);
  }
  const links = (
    <>
      <NavLink to="/clinicas" className={navLink}>
        Clínicas
      </NavLink>
      <NavLink to="/software-info" className={navLink}>
        Para clínicas
      </NavLink>
    </>
  );
  return (
    <header
      className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <BrandMark />
        <nav aria-label="Principal" className="hidden items-center gap-1 md:flex">
          {links}
        </nav>
        {/* Same width while the session loads, so nothing moves when it arrives. */}
        <div className={cx('hidden items-center gap-1 sm:gap-2 md:flex', loading && 'invisible')}>
          {/* After hydration: the server's HTML has its box, and the menu's module is not needed to show the page. */}
          {hydrated ? (
            <Suspense fallback={themeMenuBox}>
              <ThemeMenu />
            </Suspense>
          ) : (
            themeMenuBox
          )}
          <AccountLinks signedIn={Boolean(account)} className="flex items-center gap-1 sm:gap-2" />
        </div>
        <button
          ref={button}
          type="button"
          className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
          aria-expanded={open}
          aria-controls="menu-publico"
          aria-label="Menú"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </div>
      <div id="menu-publico" hidden={!open} className="border-t px-4 pt-2 pb-4 md:hidden">
        <nav aria-label="Principal" className="flex flex-col">
          {links}
        </nav>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t pt-3">
          <ThemeChoice />
          <AccountLinks signedIn={Boolean(account)} className={cx('flex items-center gap-2', loading && 'invisible')} />
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
          {/* The server's year and the visitor's differ for an hour or so at New Year: the browser's wins. */}
          <p suppressHydrationWarning>© {new Date().getFullYear()} Odontia. Todos los derechos reservados.</p>
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
