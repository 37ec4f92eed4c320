import { ESPECIALIDADES, directorioQuerySchema, directorioQueryString, type DirectorioQuery } from '@odontia/shared';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../platform/context.ts';
import { loadPerfilPublico } from './directory.routes.ts';
import { getInicio, listCiudades, listClinicas, listEspecialidades, listSitemapEntries } from './directory.service.ts';
import { staticImportClosure, type ViteManifest } from '../../platform/vite-manifest.ts';

/** Id of the <script type="application/json"> that hands the page its first data (read by the web app). */
export const BOOT_DATA_ID = 'odontia-datos';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** JSON that is safe inside a <script> element: nothing in it can close the element or start markup. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

const truncate = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};


/** The chunk of each public page, by the module that defines it (see apps/web/src/app/router.tsx). */
const PAGE_MODULES = {
  landing: 'src/features/directory/pages/landing-page.tsx',
  directory: 'src/features/directory/pages/directory-page.tsx',
  profile: 'src/features/directory/pages/clinic-profile-page.tsx',
  software: 'src/features/directory/pages/software-info-page.tsx',
} as const;
type PageModule = keyof typeof PAGE_MODULES;

/**
 * The scripts of each public page that the entry does not already preload: listing them in the HTML
 * lets the browser fetch them alongside the entry instead of after it has run (one round trip less
 * before the first paint on a phone).
 */
function pagePreloads(distDir: string | undefined): Record<PageModule, string[]> {
  const none = { landing: [], directory: [], profile: [], software: [] };
  const file = distDir ? path.join(distDir, '.vite', 'manifest.json') : null;
  if (!file || !existsSync(file)) return none;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
  const closure = (keys: string[]) => staticImportClosure(manifest, keys);
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k].isEntry));
  const result = { ...none } as Record<PageModule, string[]>;
  for (const [page, module] of Object.entries(PAGE_MODULES) as [PageModule, string][]) {
    result[page] = [...closure([module])].filter((k) => !entry.has(k)).map((k) => `/${manifest[k].file}`);
  }
  return result;
}

/*
 * A first paint before the scripts arrive: the header (and the landing's headline) as static HTML in
 * #root, which React replaces on its first render. On a slow phone people see the page about a
 * second earlier. The markup and classes are those of PublicHeader (apps/web/src/features/directory/
 * components/public-layout.tsx) and the landing's hero; directory.test.ts checks they still match.
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

function firstPaint(page: PageModule): string {
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

type PageMeta = {
  page?: PageModule;
  title: string;
  description: string;
  path: string;
  image?: string | null;
  noindex?: boolean;
  /** Responses of the API the page would fetch first, keyed by their path and query. */
  data?: Record<string, unknown>;
  /** The largest image of the page, fetched before the scripts ask for it. */
  preloadImage?: string | null;
};

const DEFAULT_DESCRIPTION =
  'Encuentra la mejor clínica dental para tu sonrisa: busca por nombre, especialidad o ciudad y pide cita online. Odontia, el software para clínicas dentales.';

const absolute = (appUrl: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`);

async function metaForPath(c: Context<AppEnv>, deps: Deps): Promise<PageMeta | null> {
  const path = c.req.path.replace(/\/+$/, '') || '/';
  const { db } = deps;

  if (path === '/') {
    return {
      title: 'Odontia · Encuentra la mejor clínica dental para tu sonrisa',
      description: DEFAULT_DESCRIPTION,
      path: '/',
      page: 'landing',
      data: { '/api/directorio/inicio': await getInicio(db) },
    };
  }

  if (path === '/clinicas') {
    const parsed = directorioQuerySchema.safeParse({
      q: c.req.query('q'),
      especialidad: c.req.query('especialidad'),
      ciudad: c.req.query('ciudad'),
      pagina: c.req.query('pagina'),
    });
    const query: DirectorioQuery = parsed.success ? parsed.data : { q: '', especialidad: '', ciudad: '', pagina: 1 };
    const especialidad = ESPECIALIDADES.find((e) => e.id === query.especialidad);
    const ciudad = query.ciudad?.slice(0, 60);
    const que = especialidad ? `de ${especialidad.nombre.toLowerCase()}` : 'dentales';
    const donde = ciudad ? ` en ${ciudad}` : '';
    const [list, especialidades, ciudades] = await Promise.all([listClinicas(db, query), listEspecialidades(db), listCiudades(db)]);
    return {
      title: `Clínicas ${que}${donde} · Odontia`,
      description: `Directorio de clínicas ${que}${donde}: compara especialidades, horarios y servicios, y pide cita online. ${list.total} ${list.total === 1 ? 'clínica' : 'clínicas'}.`,
      // Filters are separate pages for search engines; the text search and page number are not.
      path: `/clinicas${directorioQueryString({ especialidad: especialidad?.id, ciudad })}`,
      page: 'directory',
      data: {
        [`/api/directorio/clinicas${directorioQueryString(query)}`]: list,
        '/api/directorio/especialidades': { especialidades },
        '/api/directorio/ciudades': { ciudades },
      },
    };
  }

  const profile = /^\/clinicas\/([^/]+)$/.exec(path);
  if (profile) {
    const id = decodeURIComponent(profile[1]);
    const perfil = await loadPerfilPublico(c, id);
    if (!perfil) {
      // A real 404 for crawlers; people still get the app's 'Clínica no encontrada' page.
      c.status(404);
      return { title: 'Clínica no encontrada · Odontia', description: DEFAULT_DESCRIPTION, path, noindex: true, page: 'profile' };
    }
    const { clinica } = perfil;
    const lugar = [clinica.ciudad].filter(Boolean).join('');
    return {
      title: `${clinica.nombre}${lugar ? ` · Clínica dental en ${lugar}` : ''} · Odontia`,
      description: truncate(
        clinica.descripcion ?? `${clinica.nombre}: clínica dental${lugar ? ` en ${lugar}` : ''}. Consulta sus servicios y horarios y pide cita online.`,
        160,
      ),
      path: `/clinicas/${clinica.id}`,
      page: 'profile',
      image: clinica.imagen,
      preloadImage: clinica.imagen,
      data: { [`/api/directorio/clinicas/${clinica.id}`]: perfil },
    };
  }

  if (path === '/software-info') {
    return {
      title: 'Software para clínicas dentales · Odontia',
      description:
        'Odontia gestiona tu clínica dental: citas, pacientes, odontograma, equipo e inventario, y te da un perfil público en el directorio. Planes desde 49 EUR/mes.',
      path: '/software-info',
      page: 'software',
    };
  }
  return null;
}

/**
 * Gives the public pages their own <title>, description, canonical URL and Open Graph tags, and the
 * data of their first render. Every value from the database is escaped.
 */
export function createSeoTransform(deps: Deps, options: { distDir?: string } = {}) {
  const preloads = pagePreloads(options.distDir);
  return async (html: string, c: Context<AppEnv>): Promise<string> => {
    if (c.req.method !== 'GET') return html;
    const meta = await metaForPath(c, deps);
    if (!meta) return html;
    const appUrl = deps.config.appUrl;
    const url = `${appUrl}${meta.path}`;
    const image = meta.image ? absolute(appUrl, meta.image) : null;
    const tags = [
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      meta.noindex ? '<meta name="robots" content="noindex" />' : '',
      '<meta property="og:type" content="website" />',
      '<meta property="og:site_name" content="Odontia" />',
      '<meta property="og:locale" content="es_ES" />',
      `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
      `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
      ...(meta.page ? preloads[meta.page].map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`) : []),
      meta.preloadImage ? `<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" fetchpriority="high" />` : '',
      meta.data ? `<script id="${BOOT_DATA_ID}" type="application/json">${jsonForScript(meta.data)}</script>` : '',
    ]
      .filter(Boolean)
      .join('\n    ');
    return html
      .replace('<div id="root"></div>', () => (meta.page ? `<div id="root">${firstPaint(meta.page)}</div>` : '<div id="root"></div>'))
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
      .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${escapeHtml(meta.description)}" />`)
      .replace('</head>', () => `    ${tags}\n  </head>`);
  };
}

const STAFF_PATHS = [
  '/dashboard',
  '/odontograma',
  '/profile',
  '/settings',
  '/pacientes',
  '/productos',
  '/citas',
  '/usuarios',
  '/roles',
  '/permisos',
  '/compras',
  '/dentistas',
  '/solicitudes',
  '/onboarding',
  '/configurar-clinica',
];

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);

/** /robots.txt and /sitemap.xml (mounted before the SPA). */
export function createSeoRoutes() {
  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => {
      const appUrl = c.var.deps.config.appUrl;
      const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', ...STAFF_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${appUrl}/sitemap.xml`, ''];
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(lines.join('\n'));
    })
    .get('/sitemap.xml', async (c) => {
      const { db, config } = c.var.deps;
      const entries = await listSitemapEntries(db);
      const urls = [
        { loc: `${config.appUrl}/`, lastmod: null as string | null },
        { loc: `${config.appUrl}/clinicas`, lastmod: null },
        { loc: `${config.appUrl}/software-info`, lastmod: null },
        ...entries.map((e) => ({
          loc: `${config.appUrl}/clinicas/${e.id}`,
          lastmod: e.modificada ? new Date(e.modificada).toISOString().slice(0, 10) : null,
        })),
      ];
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls.map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`),
        '</urlset>',
        '',
      ].join('\n');
      c.header('Content-Type', 'application/xml; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(body);
    });
}
