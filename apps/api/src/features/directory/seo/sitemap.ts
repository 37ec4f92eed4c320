import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/context.ts';
import { listSitemapEntries } from '../directory.service.ts';

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch,
  );

/** /sitemap.xml: the public pages and every published clinic (mounted before the SPA). */
export const sitemapRoutes = new Hono<AppEnv>().get('/sitemap.xml', async (c) => {
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
    ...urls.map(
      (u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  c.header('Content-Type', 'application/xml; charset=utf-8');
  c.header('Cache-Control', 'public, max-age=3600');
  return c.body(body);
});
