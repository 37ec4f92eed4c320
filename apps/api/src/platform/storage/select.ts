import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Config } from '../config.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { createPostgresStorage } from './postgres.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

/** The local-disk store's folder: DATA_DIR/uploads. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * The store every instance of a deployment shares: an S3-compatible bucket when S3_* is set, else
 * PostgreSQL's `archivos` table when the database is PostgreSQL (DATABASE_URL), else the disk under
 * DATA_DIR/uploads (the embedded, single-process default).
 */
export function createStorage(config: Pick<Config, 's3' | 'dataDir'>, database: DatabaseHandle): Storage {
  if (config.s3) return createS3Storage(config.s3);
  if (database.driver === 'postgres') return createPostgresStorage(database.db);
  return createLocalDiskStorage(uploadsDir(config.dataDir));
}

/**
 * Whether DATA_DIR/uploads holds files that a shared store does not serve (a deployment that moved
 * from the disk to PostgreSQL or S3 without copying them: scripts/copy-uploads.ts).
 */
export function hasFilesLeftOnDisk(storage: Storage, dataDir: string): boolean {
  if (storage.driver === 'disk') return false;
  try {
    return readdirSync(uploadsDir(dataDir), { recursive: true, withFileTypes: true }).some((entry) => entry.isFile());
  } catch {
    return false;
  }
}
