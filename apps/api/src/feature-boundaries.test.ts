import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint's boundary rule (eslint/feature-boundaries.js) on snippets placed inside features:
 * `npm run lint` fails on a cross-feature import, by alias or by relative path, on both sides.
 * By hand: `npx eslint apps/api/src/features apps/web/src/features`.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result.messages.filter((m) => m.ruleId === 'odontia/feature-boundaries').map((m) => m.message);
}

describe('feature boundaries in the lint', () => {
  it('refuses an API feature importing another feature, a relative path out of it or the app', async () => {
    const file = 'apps/api/src/features/patients/x.ts';
    for (const source of [
      '../clinic/clinic.service.ts',
      '../../features/requests/requests.service.ts',
      '../../app.ts',
      '../../server.ts',
      '../../seed/seed.ts',
    ]) {
      const errors = await boundaryErrors(file, `import { x } from '${source}';\nexport const y = x;\n`);
      expect(errors, source).toEqual([
        expect.stringContaining('importa solo platform, db, seed/demo.ts y @odontia/shared'),
      ]);
    }
    const reexport = await boundaryErrors(file, `export { x } from '../clinic/clinic.service.ts';\n`);
    expect(reexport).toHaveLength(1);
  });

  it('lets an API feature import its own files, platform, db, @odontia/shared and packages', async () => {
    const code = [
      "import { a } from './patients.service.ts';",
      "import { b } from '../../platform/session.ts';",
      "import { c } from '../../db/schema/index.ts';",
      "import { d } from '@odontia/shared';",
      "import { Hono } from 'hono';",
      'export const all = [a, b, c, d, Hono];',
    ].join('\n');
    expect(await boundaryErrors('apps/api/src/features/patients/x.ts', code)).toEqual([]);
    // Tests also use the harness.
    expect(
      await boundaryErrors(
        'apps/api/src/features/patients/x.test.ts',
        "import { t } from '../../test/app.ts';\nexport const u = t;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/api/src/features/patients/x.ts',
        "import { t } from '../../test/app.ts';\nexport const u = t;\n",
      ),
    ).toHaveLength(1);
  });

  it("lets an API feature import the demo's constants, and its tests the seed", async () => {
    const file = 'apps/api/src/features/patients/x.ts';
    expect(await boundaryErrors(file, "import { D } from '../../seed/demo.ts';\nexport const y = D;\n")).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/api/src/features/patients/x.test.ts',
        "import { s } from '../../seed/seed.ts';\nexport const y = s;\n",
      ),
    ).toEqual([]);
  });

  it('refuses db and platform importing a feature, the seed or the app; they import each other', async () => {
    for (const file of ['apps/api/src/db/x.ts', 'apps/api/src/platform/x.ts', 'apps/api/src/platform/storage/x.ts']) {
      const up = path.relative(path.dirname(path.join(repoRoot, file)), path.join(repoRoot, 'apps/api/src'));
      for (const target of ['features/clinic/clinic.service.ts', 'seed/seed.ts', 'seed/demo.ts', 'app.ts']) {
        const source = `${up}/${target}`;
        const errors = await boundaryErrors(file, `import { x } from '${source}';\nexport const y = x;\n`);
        expect(errors, `${file} → ${source}`).toEqual([expect.stringContaining('db y platform no importan features')]);
      }
      for (const target of ['db/client.ts', 'platform/errors.ts']) {
        const code = `import { x } from '${up}/${target}';\nexport const y = x;\n`;
        expect(await boundaryErrors(file, code), `${file} → ${target}`).toEqual([]);
      }
    }
    // Their tests use the harness, not features.
    expect(
      await boundaryErrors(
        'apps/api/src/platform/x.test.ts',
        "import { t } from '../test/app.ts';\nexport const u = t;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/api/src/platform/x.test.ts',
        "import { t } from '../features/auth/login-limit.ts';\nexport const u = t;\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses a web feature importing another feature by alias or relative path, or the app', async () => {
    const file = 'apps/web/src/features/patients/components/x.tsx';
    for (const source of [
      '@/features/clinic/api/get-clinic',
      '../../clinic/api/get-clinic',
      '@/app/router',
      '../../../app/router',
    ]) {
      const errors = await boundaryErrors(file, `import { x } from '${source}';\nexport const y = x;\n`);
      expect(errors, source).toEqual([expect.stringContaining('Un feature no importa otro feature')]);
    }
    const lazy = await boundaryErrors(file, "export const page = () => import('../../clinic/pages/x');\n");
    expect(lazy).toHaveLength(1);
  });

  it('lets a web feature import its own files, src/lib, src/components and @odontia/shared', async () => {
    const code = [
      "import { a } from '../api/get-patients';",
      "import { b } from '@/lib/api';",
      "import { c } from '../../../components/ui/button';",
      "import { d } from '@odontia/shared';",
      'export const all = [a, b, c, d];',
    ].join('\n');
    expect(await boundaryErrors('apps/web/src/features/patients/components/x.tsx', code)).toEqual([]);
  });
});
