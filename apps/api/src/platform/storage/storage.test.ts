import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { assertSafeKey, keyFromPublicUrl, makeKey, publicUrl, slugifyFileName } from './storage.ts';

const OWNER = '3f1c2a4e-8b9d-4c1e-9f00-1234567890ab';

const TRAVERSAL_KEYS = [
  '../etc/passwd',
  'logos/../../x',
  'logos/a/../../../x.png',
  '/etc/passwd',
  '/logos/a/b.png',
  'logos\\..\\..\\x',
  'logos/a\\b.png',
  'logos/%2e%2e/%2e%2e/x',
  'logos/..%2f..%2fauth-secret',
  'logos/a/b.png\0.txt',
  'logos/./a.png',
  'logos//a.png',
  'logos/a/',
  'logos',
  '',
  'secrets/a.png',
  'LOGOS/a.png',
  'logos/A.png',
  'logos/a.meta.json',
  'logos/.hidden',
  'logos/a/b.png?x=1',
  `logos/${'a'.repeat(300)}.png`,
];

describe('assertSafeKey', () => {
  it.each(TRAVERSAL_KEYS)('refuses %j with a Spanish 400', (key) => {
    let error: unknown;
    try {
      assertSafeKey(key);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toBe('La ruta del archivo no es válida');
  });

  it('refuses values that are not strings', () => {
    expect(() => assertSafeKey(undefined)).toThrow(AppError);
    expect(() => assertSafeKey(['logos', 'a.png'])).toThrow(AppError);
  });

  it.each([
    `logos/${OWNER}/1700000000000-logo.png`,
    `patient_photos/${OWNER}/1700000000000-foto-de-ana.jpg`,
    'product_images/x/y/z.webp',
    'doctor_images/x/no-extension',
  ])('accepts %j', (key) => {
    expect(() => assertSafeKey(key)).not.toThrow();
  });
});

describe('makeKey', () => {
  it('builds prefix/owner/timestamp-slug.ext from a hostile file name', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    try {
      expect(makeKey('logos', OWNER, '../../Logo Clínica Ñandú (final).PNG', 'png')).toBe(
        `logos/${OWNER}/1700000000000-logo-clinica-nandu-final.png`,
      );
      expect(makeKey('patient_photos', OWNER, 'C:\\fotos\\<script>alert(1)</script>.jpg', 'jpg')).toBe(
        `patient_photos/${OWNER}/1700000000000-script.jpg`,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('falls back to a generic name and caps the slug at 40 characters', () => {
    expect(slugifyFileName('日本語.png')).toBe('archivo');
    expect(slugifyFileName('.png')).toBe('archivo');
    expect(slugifyFileName(`${'a'.repeat(39)} b c d.jpg`)).toBe('a'.repeat(39));
    expect(slugifyFileName('x'.repeat(100)).length).toBe(40);
  });

  it('produces keys that pass assertSafeKey and refuses an unsafe owner or extension', () => {
    const key = makeKey('clinic_images', OWNER, 'foto.webp', 'webp');
    expect(() => assertSafeKey(key)).not.toThrow();
    expect(() => makeKey('logos', '../other', 'a.png', 'png')).toThrow(AppError);
    expect(() => makeKey('logos', OWNER, 'a.png', 'png/../../x')).toThrow(AppError);
    expect(() => makeKey('logos', OWNER, 'a.png', 'meta.json')).toThrow(AppError);
  });
});

describe('publicUrl / keyFromPublicUrl', () => {
  it('round-trips our own keys', () => {
    const key = `logos/${OWNER}/1700000000000-logo.png`;
    expect(publicUrl(key)).toBe(`/files/${key}`);
    expect(keyFromPublicUrl(publicUrl(key))).toBe(key);
  });

  it.each([
    null,
    undefined,
    '',
    'https://example.com/files/logos/a/b.png',
    '/api/files/logos/a/b.png',
    '/files/',
    '/files/../auth-secret',
    '/files/logos/..%2f..%2fauth-secret',
    '/files/logos/a/b.png?download=1',
    'files/logos/a/b.png',
  ])('returns null for %j', (url) => {
    expect(keyFromPublicUrl(url)).toBeNull();
  });
});

describe('createLocalDiskStorage', () => {
  let dataDir: string;
  let root: string;

  beforeEach(async () => {
    // Nested so that even three `..` from a key would still land inside the temporary folder.
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'odontia-storage-')), 'a', 'b');
    root = path.join(dataDir, 'uploads');
    await mkdir(dataDir, { recursive: true });
  });
  afterEach(async () => {
    await rm(path.dirname(path.dirname(dataDir)), { recursive: true, force: true });
  });

  it('round-trips bytes and content type, then deletes both', async () => {
    const storage = createLocalDiskStorage(root);
    const key = `logos/${OWNER}/1700000000000-logo.webp`;
    const bytes = new Uint8Array([1, 2, 3, 250, 0, 7]);

    await storage.put(key, bytes, 'image/webp');
    expect(await storage.get(key)).toEqual({ bytes, contentType: 'image/webp' });
    // Atomic writes leave no temporary files behind.
    expect((await readdir(path.join(root, 'logos', OWNER))).sort()).toEqual([
      '1700000000000-logo.webp',
      '1700000000000-logo.webp.meta.json',
    ]);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await readdir(path.join(root, 'logos', OWNER))).toEqual([]);
  });

  it('replaces an existing key with the new bytes and type', async () => {
    const storage = createLocalDiskStorage(root);
    const key = 'logos/a/b.png';
    await storage.put(key, new Uint8Array([1]), 'image/png');
    await storage.put(key, new Uint8Array([2, 2]), 'image/jpeg');
    expect(await storage.get(key)).toEqual({ bytes: new Uint8Array([2, 2]), contentType: 'image/jpeg' });
  });

  it('answers null for a missing key and for a key that is a folder; deleting either is fine', async () => {
    const storage = createLocalDiskStorage(root);
    await storage.put('logos/a/b.png', new Uint8Array([1]), 'image/png');
    expect(await storage.get('logos/nope.png')).toBeNull();
    expect(await storage.get('logos/a')).toBeNull();
    await expect(storage.delete('logos/nope.png')).resolves.toBeUndefined();
    await expect(storage.delete('logos/a')).resolves.toBeUndefined();
    expect(await storage.get('logos/a/b.png')).not.toBeNull();
  });

  it('serves a download-only type when the sidecar is lost', async () => {
    const storage = createLocalDiskStorage(root);
    await storage.put('logos/a/b.png', new Uint8Array([1]), 'image/png');
    await rm(path.join(root, 'logos/a/b.png.meta.json'));
    expect((await storage.get('logos/a/b.png'))?.contentType).toBe('application/octet-stream');
  });

  it('refuses content types that could inject headers', async () => {
    const storage = createLocalDiskStorage(root);
    await expect(storage.put('logos/a/b.png', new Uint8Array([1]), 'text/html\r\nSet-Cookie: x=1')).rejects.toThrow(
      AppError,
    );
    await expect(storage.put('logos/a/b.png', new Uint8Array([1]), 'image/png; x')).rejects.toThrow(AppError);
  });

  // System paths are left to the pure assertSafeKey cases: if both guards ever broke, a test running
  // as root must not overwrite or delete them.
  const DISK_TRAVERSAL_KEYS = TRAVERSAL_KEYS.filter((key) => !key.startsWith('/'));

  it.each(DISK_TRAVERSAL_KEYS)('never reads, writes or deletes outside the root for %j', async (key) => {
    await writeFile(path.join(dataDir, 'auth-secret'), 'top-secret');
    const storage = createLocalDiskStorage(root);
    await expect(storage.get(key)).rejects.toThrow(AppError);
    await expect(storage.put(key, new Uint8Array([1]), 'image/png')).rejects.toThrow(AppError);
    await expect(storage.delete(key)).rejects.toThrow(AppError);
    expect(await readFile(path.join(dataDir, 'auth-secret'), 'utf8')).toBe('top-secret');
    expect(await readdir(dataDir)).toEqual(['auth-secret']);
  });
});
