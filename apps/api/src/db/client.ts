import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services that join a caller's transaction take this. */
export type Executor = Database | Transaction;

/** The rows of a raw `db.execute(sql…)`, which both drivers answer as `{ rows }`, typed by the caller. */
export const rowsOf = async <T>(result: Promise<unknown>): Promise<T[]> => ((await result) as { rows: T[] }).rows;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Used by the migrator and by LISTEN/NOTIFY; the services only see `db`. */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** PostgreSQL only: the connection string, for the dedicated LISTEN connection of `platform/realtime`. */
  url?: string;
  close: () => Promise<void>;
};

export const pgliteExtensions = { pg_trgm, unaccent, btree_gin, btree_gist };

export function wrapPglite(client: PGlite): DatabaseHandle {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    driver: 'pglite',
    pglite: client,
    close: () => client.close(),
  };
}

export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const dbDir = path.join(dataDir, 'db');
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir: dbDir, extensions: pgliteExtensions });
  await client.waitReady;
  return wrapPglite(client);
}

/**
 * JIT compilation off for the API's sessions: its statements are short, and the planner's estimates
 * for set-returning functions (a free-slot search's generate_series, 1,000 rows each) pushed one over
 * jit_above_cost, where compiling took longer than running (65 ms against 32 ms at 1,000,000
 * appointments). A server setting (jit) would do the same for every client; this keeps it to ours.
 */
const SESSION_OPTIONS = '-c jit=off';

export function openPostgres(url: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max, options: SESSION_OPTIONS });
  return {
    db: drizzleNodePg(pool, { schema }) as unknown as Database,
    driver: 'postgres',
    pool,
    url,
    close: () => pool.end(),
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  databasePoolSize?: number;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databasePoolSize)
    : openPglite(options.dataDir);
}

export { schema };
