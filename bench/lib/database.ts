import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const benchDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** PGlite data of the bench (git-ignored). */
export const pgliteDataDir = path.join(benchDir, '.data', 'pglite');

export const DEFAULT_BENCH_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/odontia_bench';

export function benchDatabaseUrl(): string {
  return process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
}

/**
 * The database of a section that makes its own (dropped and created each run): `override` when set,
 * else `database` on the server of BENCH_DATABASE_URL (or TEST_DATABASE_URL, or the default).
 */
export function sectionDatabaseUrl(override: string | undefined, database: string): string {
  if (override) return override;
  const u = new URL(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || benchDatabaseUrl());
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates the bench database when it does not exist yet (needs a role allowed to CREATE DATABASE). */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** True when PostgreSQL answers at this URL (the bench skips the PostgreSQL part otherwise). */
export async function isPostgresReachable(url: string): Promise<boolean> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Drops and creates a section's own database (each run starts from nothing). */
export async function recreateDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}
