import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/template.ts';
import { AppError } from '../errors.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { createPostgresStorage } from './postgres.ts';
import { createS3Storage } from './s3.ts';
import { startS3TestServer } from './s3-test-server.ts';
import type { Storage } from './storage.ts';

/**
 * What every store promises (the `Storage` interface), run against each driver: the disk, PostgreSQL
 * (PGlite in api-pglite, PostgreSQL 15 in api-postgres) and S3 (s3rver behind a SigV4 check).
 */
type Opened = { storage: Storage; close: () => Promise<void> };

const drivers: [Storage['driver'], () => Promise<Opened>][] = [
  [
    'disk',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'odontia-contract-'));
      return {
        storage: createLocalDiskStorage(path.join(dir, 'uploads')),
        close: () => rm(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'postgres',
    async () => {
      const database = await openTestDatabase();
      return { storage: createPostgresStorage(database.db), close: database.dispose };
    },
  ],
  [
    's3',
    async () => {
      const server = await startS3TestServer();
      const storage = createS3Storage(server.config);
      return {
        storage,
        close: async () => {
          expect(server.problems).toEqual([]);
          await storage.close?.();
          await server.close();
        },
      };
    },
  ],
];

const OWNER = '3f1c2a4e-8b9d-4c1e-9f00-1234567890ab';
let n = 0;
/** A fresh key per case, so the cases do not depend on each other's leftovers. */
const freshKey = (prefix = 'logos') => `${prefix}/${OWNER}/${Date.now()}-${++n}.png`;
const EVERY_BYTE = new Uint8Array(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));

/** What `/files/...` does with the bytes: a Response body. */
const asServed = async (bytes: Uint8Array<ArrayBuffer>) => new Uint8Array(await new Response(bytes).arrayBuffer());

describe.each(drivers)('%s storage', (driver, open) => {
  let storage: Storage;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(async () => {
    await close?.();
  });

  it('says which driver it is', () => {
    expect(storage.driver).toBe(driver);
  });

  it('round-trips every byte value and the content type, as a Response body would send them', async () => {
    const key = freshKey();
    await storage.put(key, EVERY_BYTE, 'image/png');
    const file = await storage.get(key);
    expect(file?.contentType).toBe('image/png');
    expect(file?.bytes).toEqual(EVERY_BYTE);
    expect(await asServed(file!.bytes)).toEqual(EVERY_BYTE);
  });

  it('round-trips an empty file and a 2 MB one', async () => {
    const empty = freshKey();
    await storage.put(empty, new Uint8Array(), 'image/webp');
    expect(await storage.get(empty)).toEqual({ bytes: new Uint8Array(), contentType: 'image/webp' });

    const big = freshKey();
    const bytes = new Uint8Array(2 * 1024 * 1024).map((_, i) => (i * 31 + (i >> 11)) % 256);
    await storage.put(big, bytes, 'image/jpeg');
    const file = await storage.get(big);
    expect(file?.bytes.byteLength).toBe(bytes.byteLength);
    expect(Buffer.from(file!.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('answers null for a key never stored, and deleting it is fine', async () => {
    const key = freshKey('patient_photos');
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('deletes one key and leaves its neighbours', async () => {
    const [a, b] = [freshKey(), freshKey()];
    const other = freshKey('clinic_images');
    for (const key of [a, b, other]) await storage.put(key, new Uint8Array([1, 2, 3]), 'image/png');
    await storage.delete(a);
    expect(await storage.get(a)).toBeNull();
    expect((await storage.get(b))?.bytes).toEqual(new Uint8Array([1, 2, 3]));
    expect((await storage.get(other))?.bytes).toEqual(new Uint8Array([1, 2, 3]));
    await storage.delete(a);
    expect(await storage.get(a)).toBeNull();
  });

  it('replaces the bytes and the content type when a key is stored again', async () => {
    const key = freshKey();
    await storage.put(key, new Uint8Array([1, 1, 1, 1]), 'image/png');
    await storage.put(key, new Uint8Array([2, 2]), 'image/jpeg');
    expect(await storage.get(key)).toEqual({ bytes: new Uint8Array([2, 2]), contentType: 'image/jpeg' });
  });

  it('stores many files at once', async () => {
    const keys = Array.from({ length: 12 }, () => freshKey('product_images'));
    await Promise.all(keys.map((key, i) => storage.put(key, new Uint8Array([i]), 'image/webp')));
    const files = await Promise.all(keys.map((key) => storage.get(key)));
    expect(files.map((f) => f?.bytes[0])).toEqual(keys.map((_, i) => i));
  });

  it('stores the content type lower-case, and refuses one that could inject a header, storing nothing', async () => {
    const key = freshKey();
    await storage.put(key, new Uint8Array([1]), ' Image/PNG ');
    expect((await storage.get(key))?.contentType).toBe('image/png');

    const refused = freshKey();
    for (const type of ['text/html\r\nSet-Cookie: x=1', 'image/png; charset=x', '']) {
      const error = await storage.put(refused, new Uint8Array([1]), type).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toBe('El tipo de archivo no es válido');
    }
    expect(await storage.get(refused)).toBeNull();
  });

  it.each(['../auth-secret', 'logos/../../x', '/logos/a.png', 'secrets/a.png', 'logos/a.meta.json', 'logos'])(
    'refuses the key %j for every operation with a Spanish 400',
    async (key) => {
      for (const attempt of [
        storage.get(key),
        storage.put(key, new Uint8Array([1]), 'image/png'),
        storage.delete(key),
      ]) {
        const error = await attempt.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(400);
        expect((error as AppError).message).toBe('La ruta del archivo no es válida');
      }
    },
  );
});
