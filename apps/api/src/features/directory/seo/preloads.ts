import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { staticImportClosure, type ViteManifest } from '../../../platform/vite-manifest.ts';

/** The public pages' own entry (apps/web/src/public-main.tsx): React and the page, no staff app. */
const PUBLIC_ENTRY = 'src/public-main.tsx';

/** The chunk of each public page, by the module that defines it (see apps/web/src/app/public-app.tsx). */
const PAGE_MODULES = {
  landing: 'src/features/directory/pages/landing-page.tsx',
  directory: 'src/features/directory/pages/directory-page.tsx',
  profile: 'src/features/directory/pages/clinic-profile-page.tsx',
  software: 'src/features/directory/pages/software-info-page.tsx',
} as const;
export type PublicPage = keyof typeof PAGE_MODULES;

export type PublicScripts = {
  /** The public entry's script, or null without a build manifest (the page keeps index.html's entry). */
  entry: string | null;
  /**
   * What each page loads besides the entry script: the chunks the entry imports, then the page's own.
   * Listing them lets the browser fetch them alongside the entry instead of after it has run (one round
   * trip less on a phone).
   */
  preloads: Record<PublicPage, string[]>;
};

export function publicScripts(distDir: string | undefined): PublicScripts {
  const none = { entry: null, preloads: { landing: [], directory: [], profile: [], software: [] } };
  const file = distDir ? path.join(distDir, '.vite', 'manifest.json') : null;
  if (!file || !existsSync(file)) return none;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
  if (!manifest[PUBLIC_ENTRY]) return none;
  const href = (key: string) => `/${manifest[key].file}`;
  const entry = staticImportClosure(manifest, [PUBLIC_ENTRY]);
  const entryImports = [...entry].filter((k) => k !== PUBLIC_ENTRY).map(href);
  const preloads = { ...none.preloads } as Record<PublicPage, string[]>;
  for (const [page, module] of Object.entries(PAGE_MODULES) as [PublicPage, string][]) {
    const own = [...staticImportClosure(manifest, [module])].filter((k) => !entry.has(k)).map(href);
    preloads[page] = [...entryImports, ...own];
  }
  return { entry: href(PUBLIC_ENTRY), preloads };
}
