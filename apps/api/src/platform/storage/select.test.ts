import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../test/template.ts';
import type { S3Config } from '../config.ts';
import { createStorage, hasFilesLeftOnDisk, uploadsDir } from './select.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.dispose();
});
/** The test database, labelled as the driver the choice depends on. */
const database = (driver: DatabaseHandle['driver']): DatabaseHandle => ({ ...handle, driver });
const s3: S3Config = {
  bucket: 'odontia',
  region: 'eu-south-2',
  endpoint: 'http://127.0.0.1:9',
  accessKeyId: 'a',
  secretAccessKey: 'b',
  forcePathStyle: true,
};

describe('createStorage', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'odontia-select-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('picks S3 when configured, else PostgreSQL on PostgreSQL, else the disk', async () => {
    const chosen = [
      createStorage({ s3, dataDir }, database('postgres')),
      createStorage({ s3, dataDir }, database('pglite')),
      createStorage({ s3: undefined, dataDir }, database('postgres')),
      createStorage({ s3: undefined, dataDir }, database('pglite')),
    ];
    expect(chosen.map((storage) => storage.driver)).toEqual(['s3', 's3', 'postgres', 'disk']);
    for (const storage of chosen) await storage.close?.();
  });

  it('notices files left in DATA_DIR/uploads only when a shared store no longer reads them', async () => {
    const disk = createStorage({ s3: undefined, dataDir }, database('pglite'));
    const shared = createStorage({ s3: undefined, dataDir }, database('postgres'));
    expect(hasFilesLeftOnDisk(shared, dataDir)).toBe(false);
    await mkdir(path.join(uploadsDir(dataDir), 'logos', 'clinica'), { recursive: true });
    expect(hasFilesLeftOnDisk(shared, dataDir)).toBe(false); // Folders emptied by deletions are no files.
    await writeFile(path.join(uploadsDir(dataDir), 'logos', 'a.png'), 'x');
    expect(hasFilesLeftOnDisk(shared, dataDir)).toBe(true);
    expect(hasFilesLeftOnDisk(disk, dataDir)).toBe(false);
  });
});
