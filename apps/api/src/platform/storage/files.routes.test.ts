import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFilesRoutes } from './files.routes.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { assertSafeKey, publicUrl, type Storage } from './storage.ts';

const KEY = 'logos/3f1c2a4e-8b9d-4c1e-9f00-1234567890ab/1700000000000-logo.png';
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const SECRET = 'top-secret-auth-value';

describe('GET /files/*', () => {
  let dataDir: string;
  let storage: Storage;
  let get: ReturnType<typeof vi.fn<Storage['get']>>;
  let app: ReturnType<typeof createFilesRoutes>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'odontia-files-'));
    // Sits next to the uploads folder, as DATA_DIR/auth-secret does in production.
    await writeFile(path.join(dataDir, 'auth-secret'), SECRET);
    const disk = createLocalDiskStorage(path.join(dataDir, 'uploads'));
    await disk.put(KEY, PNG_BYTES, 'image/png');
    await disk.put('logos/a/page.html', new TextEncoder().encode('<script>alert(1)</script>'), 'text/html');
    get = vi.fn<Storage['get']>((key) => disk.get(key));
    storage = { ...disk, get };
    app = createFilesRoutes(storage);
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    get.mockClear();
  });

  it('serves the stored bytes with the stored type and hardened, cacheable headers', async () => {
    const res = await app.request(publicUrl(KEY));
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_BYTES);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG_BYTES.byteLength));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('never serves a private file (patient photos) without a reader check, and asks the check with the owning clinic', async () => {
    const clinic = '3f1c2a4e-8b9d-4c1e-9f00-1234567890ab';
    const photo = `patient_photos/${clinic}/1700000000000-foto.png`;
    await storage.put(photo, PNG_BYTES, 'image/png');
    const closed = await app.request(publicUrl(photo));
    expect(closed.status).toBe(404);
    expect(await closed.json()).toEqual({ error: { code: 'not_found', message: 'Archivo no encontrado' } });

    const asked: unknown[] = [];
    const guarded = createFilesRoutes(storage, {
      canRead: async (_c, access) => {
        asked.push(access);
        return true;
      },
    });
    const open = await guarded.request(publicUrl(photo));
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('private, no-store');
    expect(asked).toEqual([{ clinicaId: clinic, permission: 'pacientes.ver' }]);
    // Logos stay public, whatever the check would say.
    expect((await guarded.request(publicUrl(KEY))).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(asked).toHaveLength(1);
  });

  it('never serves a signed consent, not even to a reader the check would let in', async () => {
    const consent = 'consentimientos/3f1c2a4e-8b9d-4c1e-9f00-1234567890ab/1700000000000-general.pdf';
    await storage.put(consent, new TextEncoder().encode('%PDF-1.7'), 'application/pdf');
    get.mockClear();
    const canRead = vi.fn(async () => true);
    for (const routes of [app, createFilesRoutes(storage, { canRead })]) {
      const res = await routes.request(publicUrl(consent));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Archivo no encontrado' } });
    }
    expect(get).not.toHaveBeenCalled();
    expect(canRead).not.toHaveBeenCalled();
  });

  it('serves active content under a sandbox CSP so it cannot run in our origin', async () => {
    const res = await app.request('/files/logos/a/page.html');
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('answers 404 in the error shape for a missing file', async () => {
    const res = await app.request('/files/logos/3f1c2a4e-8b9d-4c1e-9f00-1234567890ab/1-nada.png');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Archivo no encontrado' } });
  });

  it.each([
    '/files/logos/..%2f..%2fauth-secret',
    '/files/logos/..%2F..%2Fauth-secret',
    '/files/..%2fauth-secret',
    '/files/logos/%2e%2e%2f%2e%2e%2fauth-secret',
    '/files/logos/..%5c..%5cauth-secret',
    '/files/%2fetc%2fpasswd',
    '/files/logos/a%00.png',
    '/files/logos/%252e%252e/auth-secret',
    '/files/auth-secret',
    '/files/',
    '/files/logos/A/B.PNG',
  ])('answers 404 without touching storage for %s', async (url) => {
    const res = await app.request(url);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Archivo no encontrado' } });
    expect(get).not.toHaveBeenCalled();
  });

  it.each(['/files/logos/../../auth-secret', '/files/%2e%2e/auth-secret', '/files/logos/%2e%2e/%2e%2e/auth-secret'])(
    'never serves what is outside the root for %s, even after URL normalisation',
    async (url) => {
      const res = await app.request(url);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(SECRET);
      for (const [key] of get.mock.calls) expect(() => assertSafeKey(key)).not.toThrow();
    },
  );
});
