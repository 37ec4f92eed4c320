import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The static import graph of the web app's sources, for tests that keep a library out of a page's
 * bundle. Lazy imports (`import()`) are where chunks split, so only static imports are followed, and
 * type-only imports are left out. bench js-publico checks the built chunks themselves.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedSrc = path.resolve(src, '../../../packages/shared/src');
const STATIC_IMPORT = /(?:^|[\n;])\s*(?:import|export)(?!\s+type\b)(?:[\s\w{},*]*?\sfrom)?\s*['"]([^'"]+)['"]/g;

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.') && !specifier.startsWith('@/')) return null;
  const base = specifier.startsWith('@/')
    ? path.join(src, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every file and package the `roots` (paths under apps/web/src, or absolute) import statically. */
export function staticClosure(...roots: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = roots.map((root) => path.resolve(src, root));
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = resolve(file, specifier);
      if (target) queue.push(target);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@/')) packages.add(specifier);
    }
  }
  return { files, packages };
}

export const rel = (file: string) => path.relative(src, file);

const SHARED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@odontia\/shared['"]/g;

/** The values (not types) these files import from '@odontia/shared'. */
export function sharedValuesImported(files: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(SHARED_IMPORT)) {
      for (const item of list.split(',').map((s) => s.trim())) {
        if (item && !item.startsWith('type ')) names.add(item.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return names;
}

function sharedFiles(dir = sharedSrc): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sharedFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The packages/shared module that declares `name` (each export is declared once). */
export function sharedModuleOf(name: string): string {
  const declaration = new RegExp(`export\\s+(?:const|function|class|let)\\s+${name}\\b`);
  const module = sharedFiles().find((file) => declaration.test(readFileSync(file, 'utf8')));
  if (!module) throw new Error(`${name} no está declarado en packages/shared`);
  return module;
}
