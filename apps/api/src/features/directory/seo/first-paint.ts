import type { PublicPage } from './preloads.ts';

/*
 * A first paint before the scripts arrive: the header (and the landing's headline) as static HTML in
 * #root, which React replaces on its first render. On a slow phone people see the page about a
 * second earlier. The markup and classes are those of PublicHeader (apps/web/src/features/directory/
 * components/public-layout.tsx, with the mark of apps/web/src/components/brand.tsx) and the landing's
 * hero; directory.test.ts checks they still match.
 */
const LOGO_PATH =
  'M11 7c-3 0-5 2.4-5 5.6 0 2.6 1 4.4 1.8 6.6.9 2.6 1.1 6.8 3.2 6.8 1.9 0 1.8-4.6 3.2-6.4.5-.6 1.1-.9 1.8-.9s1.3.3 1.8.9c1.4 1.8 1.3 6.4 3.2 6.4 2.1 0 2.3-4.2 3.2-6.8.8-2.2 1.8-4 1.8-6.6C26 9.4 24 7 21 7c-2 0-3.2 1-5 1s-3-1-5-1z';
export const SHELL_CLASSES = {
  layout: 'flex min-h-svh flex-col bg-background',
  header: 'sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75',
  headerInner: 'mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4',
  logo: 'flex items-center gap-2 rounded-md font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring',
  hero: 'relative overflow-hidden border-b bg-gradient-to-b from-primary/10 via-primary/5 to-background',
  heroInner: 'mx-auto max-w-6xl px-4 py-16 text-center sm:py-24',
  heroKicker: 'text-sm font-semibold tracking-wide text-primary uppercase',
  heroTitle: 'mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl',
  heroText: 'mx-auto mt-4 max-w-2xl text-lg text-muted-foreground text-pretty',
} as const;
export const LANDING_HERO = {
  kicker: 'Directorio de clínicas dentales',
  title: 'Encuentra la mejor clínica dental para tu sonrisa',
  text: 'Compara clínicas por especialidad y ciudad, consulta sus horarios y profesionales, y pide cita sin llamar.',
} as const;

/** The static markup put inside #root for a public page. */
export function firstPaint(page: PublicPage): string {
  const c = SHELL_CLASSES;
  const header =
    `<header class="${c.header}"><div class="${c.headerInner}"><a href="/" class="${c.logo}">` +
    `<svg viewBox="0 0 32 32" class="size-8" aria-hidden="true"><rect width="32" height="32" rx="8" class="fill-primary"></rect>` +
    `<path class="fill-primary-foreground" d="${LOGO_PATH}"></path></svg><span class="text-lg">Odontia</span></a></div></header>`;
  const hero =
    page === 'landing'
      ? `<section class="${c.hero}"><div class="${c.heroInner}"><p class="${c.heroKicker}">${LANDING_HERO.kicker}</p>` +
        `<h1 class="${c.heroTitle}">${LANDING_HERO.title}</h1><p class="${c.heroText}">${LANDING_HERO.text}</p></div></section>`
      : '';
  return `<div class="${c.layout}">${header}<main class="flex-1">${hero}</main></div>`;
}
