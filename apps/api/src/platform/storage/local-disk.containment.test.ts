import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.ts';
import { createLocalDiskStorage } from './local-disk.ts';

// Simulates a bug in the key validator: the disk layer must still keep every path inside its root.
vi.mock('./storage.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./storage.ts')>()),
  assertSafeKey: () => {},
}));

describe('createLocalDiskStorage without a working assertSafeKey', () => {
  // Created while collecting, because one of the cases is this folder's absolute path.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'odontia-containment-'));
  const root = path.join(dataDir, 'uploads');

  beforeAll(async () => {
    await mkdir(root);
    await writeFile(path.join(dataDir, 'auth-secret'), 'top-secret');
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // Absolute keys point inside the temporary folder: if containment ever broke, this test must not
  // overwrite or delete a real system file (tests may run as root).
  it.each([
    '../auth-secret',
    'logos/../../auth-secret',
    path.join(dataDir, 'auth-secret'),
    path.join(dataDir, 'other'),
    '.',
    '',
  ])('still refuses %j', async (key) => {
    const storage = createLocalDiskStorage(root);
    await expect(storage.get(key)).rejects.toThrow(AppError);
    await expect(storage.put(key, new Uint8Array([1]), 'image/png')).rejects.toThrow(AppError);
    await expect(storage.delete(key)).rejects.toThrow(AppError);
    expect(await readFile(path.join(dataDir, 'auth-secret'), 'utf8')).toBe('top-secret');
    expect((await readdir(dataDir)).sort()).toEqual(['auth-secret', 'uploads']);
  });
});
