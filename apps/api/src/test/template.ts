import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { pgliteExtensions, wrapPglite, type DatabaseHandle, openPostgres } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedReferenceData } from '../seed/seed.ts';

/** Name of the migrated template database on PostgreSQL; each test file copies it. */
export function templateDatabaseName(url: string): string {
  return `${new URL(url).pathname.slice(1)}_template`;
}

export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export async function buildPgliteTemplate(): Promise<Blob> {
  const client = new PGlite({ extensions: pgliteExtensions });
  const handle = wrapPglite(client);
  await runMigrations(handle);
  await seedReferenceData(handle.db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

export async function buildPostgresTemplate(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  const template = templateDatabaseName(url);
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${template}"`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${template}`;
  // Two connections: runMigrations holds one for its advisory lock while the migrator uses another.
  const handle = openPostgres(u.toString(), 2);
  try {
    await runMigrations(handle);
    await seedReferenceData(handle.db);
  } finally {
    await handle.close();
  }
}

/** A private database for one test file, copied from the template. */
export async function openTestDatabase(): Promise<DatabaseHandle & { dispose: () => Promise<void> }> {
  if (process.env.TEST_DB_DRIVER === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `odontia_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabaseName(url)}"`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const handle = openPostgres(u.toString(), 4);
    return {
      ...handle,
      dispose: async () => {
        // pool.end() resolves before its clients' sockets have closed; DROP … WITH (FORCE) may then
        // terminate one, and an idle client's error would surface as an uncaught exception.
        handle.pool!.on('error', () => undefined);
        await handle.close();
        const cleanup = new pg.Client({ connectionString: adminUrl(url) });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const { readFile } = await import('node:fs/promises');
  const templatePath = inject('pgliteTemplate');
  const blob = new Blob([await readFile(templatePath)]);
  const client = new PGlite({ loadDataDir: blob, extensions: pgliteExtensions });
  await client.waitReady;
  const handle = wrapPglite(client);
  return { ...handle, dispose: () => handle.close() };
}
