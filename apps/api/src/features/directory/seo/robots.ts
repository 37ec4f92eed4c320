import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/context.ts';

/** The staff app's paths, and the patients' private links: nothing there is for search engines. */
const STAFF_PATHS = [
  '/presupuesto/',
  '/presupuestos',
  '/cita/',
  '/recordatorios',
  '/revisiones',
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

/** /robots.txt (mounted before the SPA, whose catch-all would answer it with index.html). */
export const robotsRoutes = new Hono<AppEnv>().get('/robots.txt', (c) => {
  const appUrl = c.var.deps.config.appUrl;
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...STAFF_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ];
  c.header('Cache-Control', 'public, max-age=3600');
  return c.text(lines.join('\n'));
});
