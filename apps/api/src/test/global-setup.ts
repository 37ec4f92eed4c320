import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, buildPostgresTemplate } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrate once per run; every test file then copies the result (PGlite dump or PostgreSQL TEMPLATE). */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB_DRIVER === 'postgres') {
    await buildPostgresTemplate(process.env.TEST_DATABASE_URL!);
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'odontia-template-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await (await buildPgliteTemplate()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
