import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A feature imports only what is shared, never another feature: the API's features import
 * `platform`, `db` and `@odontia/shared` (and npm packages); the web's import `src/lib`, `src/hooks`,
 * `src/components` and `@odontia/shared`. Relative paths are resolved, so `../other/x.ts` and
 * `../../other-feature/x` are caught like `@/features/other-feature/x`.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const APPS = [
  {
    src: path.join(repoRoot, 'apps/api/src'),
    alias: null,
    allowed: ['platform', 'db'],
    message:
      'Un feature de la API importa solo platform, db y @odontia/shared; lo que comparten dos features va a platform o a packages/shared.',
  },
  {
    src: path.join(repoRoot, 'apps/web/src'),
    alias: '@/',
    allowed: ['lib', 'components', 'hooks'],
    message: 'Un feature no importa otro feature ni la app: usa src/lib, src/components o @odontia/shared.',
  },
];

const inside = (dir, file) => file === dir || file.startsWith(dir + path.sep);

/** Where an import points, as an absolute path inside the app, or null for packages. */
function resolveSource(app, fileDir, source) {
  if (source.startsWith('.')) return path.resolve(fileDir, source);
  if (app.alias && source.startsWith(app.alias)) return path.join(app.src, source.slice(app.alias.length));
  return null;
}

export const featureBoundaries = {
  meta: { type: 'problem', schema: [], docs: { description: 'A feature imports no other feature' } },
  create(context) {
    const file = path.resolve(context.filename);
    const app = APPS.find((a) => inside(path.join(a.src, 'features'), file));
    if (!app) return {};
    const [feature] = path.relative(path.join(app.src, 'features'), file).split(path.sep);
    const own = path.join(app.src, 'features', feature);
    const isTest = /\.test\.tsx?$/.test(file);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = resolveSource(app, path.dirname(file), source);
      if (target === null) return; // @odontia/shared, npm packages, node: modules
      if (inside(own, target)) return;
      if (app.allowed.some((dir) => inside(path.join(app.src, dir), target))) return;
      // Tests may use the test harness.
      if (isTest && inside(path.join(app.src, 'test'), target)) return;
      context.report({ node: node.source, message: `${app.message} ('${source}')` });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ source: node.source }),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
