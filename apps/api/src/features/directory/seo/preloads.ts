import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { staticImportClosure, type ViteManifest } from '../../../platform/vite-manifest.ts';

/** The chunk of each public page, by the module that defines it (see apps/web/src/app/router.tsx). */
const PAGE_MODULES = {
  landing: 'src/features/directory/pages/landing-page.tsx',
  directory: 'src/features/directory/pages/directory-page.tsx',
  profile: 'src/features/directory/pages/clinic-profile-page.tsx',
  software: 'src/features/directory/pages/software-info-page.tsx',
} as const;
export type PublicPage = keyof typeof PAGE_MODULES;

/**
 * The scripts of each public page that the entry does not already preload: listing them in the HTML
 * lets the browser fetch them alongside the entry instead of after it has run (one round trip less
 * before the first paint on a phone).
 */
export function pagePreloads(distDir: string | undefined): Record<PublicPage, string[]> {
  const none = { landing: [], directory: [], profile: [], software: [] };
  const file = distDir ? path.join(distDir, '.vite', 'manifest.json') : null;
  if (!file || !existsSync(file)) return none;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
  const closure = (keys: string[]) => staticImportClosure(manifest, keys);
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k].isEntry));
  const result = { ...none } as Record<PublicPage, string[]>;
  for (const [page, module] of Object.entries(PAGE_MODULES) as [PublicPage, string][]) {
    result[page] = [...closure([module])].filter((k) => !entry.has(k)).map((k) => `/${manifest[k].file}`);
  }
  return result;
}
