import { jsonForScript } from './boot-data.ts';
import type { PublicPage } from './preloads.ts';

/** schema.org data of a page: one object or several (each with its own @context). */
export type JsonLd = Record<string, unknown> | readonly Record<string, unknown>[];

/** What a public page says about itself to search engines and link previews. */
export type PageMeta = {
  page?: PublicPage;
  title: string;
  description: string;
  /** The canonical path (without the origin). */
  path: string;
  image?: string | null;
  noindex?: boolean;
  /** Responses of the API the page would fetch first, keyed by their path and query. */
  data?: Record<string, unknown>;
  /**
   * Entries of `data` made anew for every response (a form's token), over those of `data`; the
   * server's render reads `data` and never shows them, so a rendered page can be reused.
   */
  fresh?: () => Record<string, unknown>;
  /** The response's status when not 200 (an unknown clinic: 404). */
  status?: 404;
  /** The largest image of the page, fetched before the scripts ask for it. */
  preloadImage?: string | null;
  /** Structured data for search engines, written as <script type="application/ld+json">. */
  jsonLd?: JsonLd;
};

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

export const absolute = (appUrl: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`;

/** The canonical URL, robots, Open Graph tags and structured data of a page; every value is escaped. */
export function metaTags(meta: PageMeta, appUrl: string): string[] {
  const url = `${appUrl}${meta.path}`;
  const image = meta.image ? absolute(appUrl, meta.image) : null;
  return [
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
    meta.jsonLd ? `<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>` : '',
  ].filter(Boolean);
}

/** Replaces the page's <title> and description in the HTML shell. */
export function withTitleAndDescription(html: string, meta: PageMeta): string {
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description"[^>]*>/,
      () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    );
}
