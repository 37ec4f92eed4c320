import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/template.ts';
import { copyDiskUploads } from './copy.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { createPostgresStorage } from './postgres.ts';

const CLINIC = '3f1c2a4e-8b9d-4c1e-9f00-1234567890ab';
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'odontia-copy-'));
});
afterAll(async () => {
  await database?.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('copies the files of DATA_DIR/uploads, with their content types, under the same keys', async () => {
  const uploads = path.join(dataDir, 'uploads');
  const disk = createLocalDiskStorage(uploads);
  const files = {
    [`logos/${CLINIC}/1700000000000-logo.png`]: ['image/png', new Uint8Array([1, 2, 3])],
    [`patient_photos/${CLINIC}/1700000000001-foto.webp`]: ['image/webp', new Uint8Array([4, 5])],
  } as const;
  for (const [key, [type, bytes]] of Object.entries(files)) await disk.put(key, bytes, type);
  // Left by hand, not by the store: reported, not copied.
  await writeFile(path.join(uploads, 'logos', 'Notas del admin.txt'), 'x');

  const target = createPostgresStorage(database.db);
  const seen: string[] = [];
  const result = await copyDiskUploads(uploads, target, (key) => seen.push(key));

  expect(result.copied.sort()).toEqual(Object.keys(files).sort());
  expect(seen.sort()).toEqual(result.copied);
  expect(result.skipped).toEqual(['logos/Notas del admin.txt']);
  for (const [key, [contentType, bytes]] of Object.entries(files)) {
    expect(await target.get(key)).toEqual({ bytes, contentType });
  }
  // Again: the same files, the same result.
  expect((await copyDiskUploads(uploads, target)).copied).toHaveLength(2);
  expect((await target.get(`logos/${CLINIC}/1700000000000-logo.png`))?.bytes).toEqual(new Uint8Array([1, 2, 3]));
});
