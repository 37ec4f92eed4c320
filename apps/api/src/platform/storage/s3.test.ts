import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3.ts';
import { startS3TestServer, type S3TestServer } from './s3-test-server.ts';
import { StorageUnavailableError } from './storage.ts';

const KEY = 'logos/3f1c2a4e-8b9d-4c1e-9f00-1234567890ab/1700000000000-logo.png';

describe('S3 storage against a local S3 server', () => {
  let server: S3TestServer;

  beforeAll(async () => {
    server = await startS3TestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    server.problems.length = 0;
  });

  it('signs every request (SigV4, its region, the body hash) and uses path-style object URLs', async () => {
    const storage = createS3Storage(server.config);
    await storage.put(KEY, new Uint8Array([1, 2, 3]), 'image/png');
    await storage.get(KEY);
    await storage.delete(KEY);
    await storage.close?.();
    expect(server.problems).toEqual([]);
    expect(server.requests.map((r) => r.line.split('?')[0])).toEqual([
      `PUT /odontia/${KEY}`,
      `GET /odontia/${KEY}`,
      `DELETE /odontia/${KEY}`,
    ]);
  });

  it('is refused by the local server when a signed request is replayed with another body or path', async () => {
    const storage = createS3Storage(server.config);
    await storage.put(KEY, new Uint8Array([1, 2, 3]), 'image/png');
    await storage.close?.();
    const [put] = server.requests;
    const [, url] = put.line.split(' ');
    const replay = (path: string, body: Uint8Array<ArrayBuffer>) =>
      fetch(`${server.config.endpoint}${path}`, {
        method: 'PUT',
        headers: Object.entries(put.headers).filter(([name]) => name !== 'host' && name !== 'content-length') as [
          string,
          string,
        ][],
        body,
      });
    expect((await replay(url, new Uint8Array([1, 2, 3]))).status).toBe(200);
    expect((await replay(url, new Uint8Array([6, 6, 6]))).status).toBe(403);
    expect((await replay(url.replace('logo.png', 'otro.png'), new Uint8Array([1, 2, 3]))).status).toBe(403);
    expect(server.problems.map((p) => p.split(': ').pop())).toEqual([
      'body does not match its signed hash',
      'signature does not match',
    ]);
  });

  it('fails, rather than answering missing, when the secret is wrong', async () => {
    const storage = createS3Storage({ ...server.config, secretAccessKey: 'otra-clave' });
    await expect(storage.put(KEY, new Uint8Array([1]), 'image/png')).rejects.toThrow();
    await expect(storage.get(KEY)).rejects.toThrow();
    await storage.close?.();
    expect(server.problems.length).toBeGreaterThanOrEqual(2);
    expect(server.problems.every((p) => p.endsWith('signature does not match'))).toBe(true);
  });

  it('treats a missing bucket as an error, not as a missing file', async () => {
    const storage = createS3Storage({ ...server.config, bucket: 'no-existe' });
    await expect(storage.get(KEY)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await storage.close?.();
  });

  it('checks the bucket at start-up with a message for the operator', async () => {
    const good = createS3Storage(server.config);
    await expect(good.check!()).resolves.toBeUndefined();
    await good.close?.();

    const missing = createS3Storage({ ...server.config, bucket: 'no-existe' });
    await expect(missing.check!()).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(missing.check!()).rejects.toThrow(
      `No se puede usar el bucket S3 «no-existe» en ${server.config.endpoint}: NotFound (HTTP 404). Revisa S3_BUCKET`,
    );
    await missing.close?.();

    const unreachable = createS3Storage({ ...server.config, endpoint: 'http://127.0.0.1:9', bucket: 'odontia' });
    await expect(unreachable.check!()).rejects.toThrow(
      /No se puede usar el bucket S3 «odontia» en http:\/\/127\.0\.0\.1:9: .*ECONNREFUSED/,
    );
    await unreachable.close?.();
  });
});
