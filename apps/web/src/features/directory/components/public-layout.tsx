import { Menu, Moon, Sun, X } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { BrandMark } from '@/components/brand';
import { ThemeChoice } from '@/components/theme-choice';
import { useTheme } from '@/components/theme-provider';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/cx';
import { usePublicPage, usePublicVisitor } from '@/lib/public-page';

/** A section of the public site, marked as the current one on its pages (`/clinicas` and every profile). */
function SectionLink({ href, children }: { href: string; children: ReactNode }) {
  const { pathname } = usePublicPage();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <a
      href={href}
      aria-current={current ? 'page' : undefined}
      className={cx(
        'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground',
        current ? 'text-foreground' : 'text-muted-foreground',
      )}
    >
      {children}
    </a>
  );
}

// The menu library (43 KB) is not needed to show or use a public page: it loads when the visitor is
// about to open the menu.
const loadThemeMenu = () => import('@/components/theme-toggle');
const ThemeMenu = lazy(() => loadThemeMenu().then((m) => ({ default: m.ThemeMenu })));
const preloadThemeMenu = () => void loadThemeMenu();

/** 'Cambiar tema', drawn light: pointing at it or focusing it loads the menu, and the click opens it. */
function ThemeButton() {
  const { resolvedTheme } = useTheme();
  const [wanted, setWanted] = useState(false);
  const light = (
    <button
      type="button"
      aria-label="Cambiar tema"
      aria-haspopup="menu"
      className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      onPointerEnter={preloadThemeMenu}
      onFocus={preloadThemeMenu}
      onClick={() => setWanted(true)}
    >
      {resolvedTheme === 'dark' ? <Moon aria-hidden="true" /> : <Sun aria-hidden="true" />}
    </button>
  );
  if (!wanted) return light;
  return (
    <Suspense fallback={light}>
      <ThemeMenu defaultOpen />
    </Suspense>
  );
}

/** The way in: the dashboard when signed in, otherwise sign-in and register. */
function AccountLinks({ signedIn, className }: { signedIn: boolean; className?: string }) {
  return (
    <div className={className}>
      {signedIn ? (
        <a href="/dashboard" className={buttonVariants({ size: 'sm' })}>
          Ir al dashboard
        </a>
      ) : (
        <>
          <a href="/auth" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            Iniciar sesión
          </a>
          <a href="/auth?register=true" className={buttonVariants({ size: 'sm' })}>
            Registrarse
          </a>
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
  const { signedIn, sessionLoading: loading } = usePublicVisitor();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const links = (
    <>
      <SectionLink href="/clinicas">Clínicas</SectionLink>
      <SectionLink href="/software-info">Para clínicas</SectionLink>
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
          <ThemeButton />
          <AccountLinks signedIn={signedIn} className="flex items-center gap-1 sm:gap-2" />
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
          <AccountLinks signedIn={signedIn} className={cx('flex items-center gap-2', loading && 'invisible')} />
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
              <a href="/clinicas" className="hover:text-foreground hover:underline">
                Buscar clínicas
              </a>
            </li>
            <li>
              <a href="/clinicas?ciudad=Madrid" className="hover:text-foreground hover:underline">
                Clínicas en Madrid
              </a>
            </li>
            <li>
              <a href="/clinicas?ciudad=Barcelona" className="hover:text-foreground hover:underline">
                Clínicas en Barcelona
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Clínicas">
          <h2 className="text-sm font-semibold">Clínicas</h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
            <li>
              <a href="/software-info" className="hover:text-foreground hover:underline">
                El software
              </a>
            </li>
            <li>
              <a href="/auth?register=true" className="hover:text-foreground hover:underline">
                Registrar mi clínica
              </a>
            </li>
            <li>
              <a href="/auth" className="hover:text-foreground hover:underline">
                Iniciar sesión
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          {/* The server's year and the visitor's differ for an hour or so at New Year: the browser's wins. */}
          <p suppressHydrationWarning>© {new Date().getFullYear()} Odontia. Todos los derechos reservados.</p>
          <a href="/terminos-y-condiciones" className="hover:text-foreground hover:underline">
            Términos y condiciones
          </a>
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
