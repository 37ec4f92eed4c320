import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Imports go one way: shared code → features → app. Each rule below names a layer of an app and the
 * folders (or files) it may import besides its own; `@odontia/shared`, npm packages and `node:`
 * modules are always allowed. Relative paths are resolved, so `../other/x.ts` and
 * `../../other-feature/x` are caught like `@/features/other-feature/x`.
 * - API: a feature imports `platform`, `db` and the demo's constants (`seed/demo.ts`), never another
 *   feature; `db` and `platform` import only each other, never a feature, the seed or the app; the
 *   seed (`seed/seed.ts`) is the one place that imports features to seed them.
 * - Web: a feature imports `src/lib`, `src/hooks` and `src/components`, never another feature or the app.
 * Tests may also use their app's test harness (`src/test`), and API tests the seed.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(repoRoot, 'apps/api/src');
const web = path.join(repoRoot, 'apps/web/src');

const API_FEATURE =
  'Un feature de la API importa solo platform, db, seed/demo.ts y @odontia/shared; lo que comparten dos features va a platform o a packages/shared.';
const API_LOWER =
  'db y platform no importan features, el seed ni la app: lo que necesiten va a db, platform o packages/shared.';
const WEB_FEATURE = 'Un feature no importa otro feature ni la app: usa src/lib, src/components o @odontia/shared.';

/** `own` is the folder a file of the layer may always import from (its feature, or the layer itself). */
const LAYERS = [
  {
    app: { src: api, alias: null },
    within: path.join(api, 'features'),
    own: (file) => path.join(api, 'features', path.relative(path.join(api, 'features'), file).split(path.sep)[0]),
    allowed: ['platform', 'db', 'seed/demo.ts'],
    testAllowed: ['test', 'seed'],
    message: API_FEATURE,
  },
  ...['db', 'platform'].map((layer) => ({
    app: { src: api, alias: null },
    within: path.join(api, layer),
    own: () => path.join(api, layer),
    allowed: ['platform', 'db'],
    testAllowed: ['test'],
    message: API_LOWER,
  })),
  {
    app: { src: web, alias: '@/' },
    within: path.join(web, 'features'),
    own: (file) => path.join(web, 'features', path.relative(path.join(web, 'features'), file).split(path.sep)[0]),
    allowed: ['lib', 'components', 'hooks'],
    testAllowed: ['test'],
    message: WEB_FEATURE,
  },
];

const inside = (dir, file) => file === dir || file.startsWith(dir + path.sep);
/** A folder, or a file written with or without its extension. */
const covers = (target, entry) => inside(entry, target) || target === entry.replace(/\.ts$/, '');

/** Where an import points, as an absolute path inside the app, or null for packages. */
function resolveSource(app, fileDir, source) {
  if (source.startsWith('.')) return path.resolve(fileDir, source);
  if (app.alias && source.startsWith(app.alias)) return path.join(app.src, source.slice(app.alias.length));
  return null;
}

export const featureBoundaries = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports go one way: shared → features → app' } },
  create(context) {
    const file = path.resolve(context.filename);
    const layer = LAYERS.find((l) => inside(l.within, file));
    if (!layer) return {};
    const own = layer.own(file);
    const isTest = /\.test\.tsx?$/.test(file);
    const allowed = [...layer.allowed, ...(isTest ? layer.testAllowed : [])].map((dir) =>
      path.join(layer.app.src, dir),
    );
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = resolveSource(layer.app, path.dirname(file), source);
      if (target === null) return; // @odontia/shared, npm packages, node: modules
      if (inside(own, target) || allowed.some((entry) => covers(target, entry))) return;
      context.report({ node: node.source, message: `${layer.message} ('${source}')` });
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
