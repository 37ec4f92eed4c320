import { once } from 'node:events';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeoTransform } from './features/directory/seo/seo-transform.ts';
import type { ErrorBody } from './platform/errors.ts';
import { createClinicOwner, createTestApp, errorOf, TEST_ORIGIN, type TestApp } from './test/app.ts';

let t: TestApp;
let distDir: string;
const THEME_SCRIPT = "document.documentElement.classList.add('dark')";

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'odontia-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(
    path.join(distDir, 'index.html'),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head><body><div id="root"></div></body></html>`,
  );
  await writeFile(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log("app")');
  t = await createTestApp({}, { spa: { distDir } });
});
afterAll(() => t.close());

describe('error shape', () => {
  it('answers unknown API paths with 404 in the error shape', async () => {
    const res = await t.request('/api/no-existe');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Ruta de la API no encontrada' } });
  });

  it('answers malformed JSON with 400 and a Spanish message, without internals', async () => {
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@b.c", ',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toBe('El cuerpo de la petición no es JSON válido');
    expect(JSON.stringify(body)).not.toMatch(/SyntaxError|at |stack/);
  });

  it('answers validation failures with every field message', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'no-es-correo', password: '123' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('validation_error');
    expect(body.error.fields).toMatchObject({
      email: 'Por favor, introduce un correo electrónico válido',
      password: 'La contraseña debe tener al menos 6 caracteres',
      acceptTerms: 'Debes aceptar los términos y condiciones',
    });
  });
});

describe('hostile input', () => {
  const BAD_URL = { error: { code: 'bad_request', message: 'La dirección de la petición no es válida' } };
  const NUL = {
    error: { code: 'bad_request', message: 'La petición contiene caracteres no permitidos (como el carácter nulo)' },
  };

  it('answers 400, not 500, to a malformed percent-encoding in a page or API path', async () => {
    const pages = await createTestApp(
      {},
      { spa: { distDir, transformHtml: (html, c) => createSeoTransform(c.var.deps)(html, c) } },
    );
    try {
      for (const path of ['/clinicas/%E0%A4%A', '/clinicas/%', '/api/directorio/clinicas/%E0%A4%A']) {
        const res = await pages.request(path);
        expect(res.status, path).toBe(400);
        expect(await res.json()).toEqual(BAD_URL);
      }
      expect((await pages.request('/clinicas')).status).toBe(200);
    } finally {
      await pages.close();
    }
  });

  it('answers 400 to a NUL character in a query or path', async () => {
    for (const path of [
      '/api/directorio/clinicas?q=%00',
      '/api/directorio/clinicas?ciudad=Madrid%00',
      '/api/pacientes?q=a%00b',
      '/clinicas/abc%00',
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual(NUL);
    }
  });

  it('answers 400 to a NUL character in a JSON field that reaches the database', async () => {
    const owner = await createClinicOwner(t);
    const res = await t.request('/api/pacientes', {
      method: 'POST',
      cookie: owner.cookie,
      json: { nombres: 'Ana\u0000', apellidos: 'Nula' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).not.toBe('internal_error');
  });

  it('answers 400, never 500, to a NUL character in the fields of the account endpoints', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['/api/auth/sign-in/email', { email: 'ana\u0000@example.es', password: 'secreto123' }],
      ['/api/auth/sign-up/email', { email: 'ana\u0000@example.es', password: 'secreto123', acceptTerms: true }],
      ['/api/auth/request-password-reset', { email: 'ana\u0000@example.es' }],
      ['/api/auth/reset-password', { token: 'abc\u0000def', newPassword: 'secreto123' }],
    ];
    for (const [path, json] of cases) {
      const res = await t.request(path, { method: 'POST', json });
      expect(res.status, path).toBe(400);
    }
  });

  it('refuses a JSON body over 1 MB with 413 before reading it', async () => {
    const big = JSON.stringify({ email: 'a@b.es', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'payload_too_large', message: 'La petición es demasiado grande (máximo 1 MB)' },
    });

    // Without Content-Length (streamed), the limit applies while reading.
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 4 * 1024 * 1024) return controller.close();
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const streamed = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(4 * 1024 * 1024);
  });

  it('over a real socket, checks a declared length from the header and still reads a body within it', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const post = (body: string, length: number, sendAll = true) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/auth/sign-in/email',
            headers: { 'content-type': 'application/json', 'content-length': length, origin: TEST_ORIGIN },
          },
          (res) => {
            let text = '';
            res
              .setEncoding('utf8')
              .on('data', (d: string) => (text += d))
              .on('end', () => resolve({ status: res.statusCode!, body: text }));
          },
        );
        req.on('error', reject);
        if (sendAll) req.end(body);
        else req.write(body.slice(0, 1024));
      });
    try {
      // Declared over 1 MB: refused before a byte of the body is read.
      const big = await post('{"email":"', 2 * 1024 * 1024, false);
      expect(big.status).toBe(413);
      expect(JSON.parse(big.body)).toEqual({
        error: { code: 'payload_too_large', message: 'La petición es demasiado grande (máximo 1 MB)' },
      });
      // Within it: the route reads and validates the body (wrong credentials, not a body error).
      const json = JSON.stringify({ email: 'nadie@example.es', password: 'secreto123' });
      const small = await post(json, Buffer.byteLength(json));
      expect(small.status).toBe(401);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});

describe('security headers', () => {
  it('sends CSP, nosniff and Referrer-Policy on API and page responses, and no-store on the API', async () => {
    const api = await t.request('/api/health');
    const page = await t.request('/pacientes/123');
    for (const res of [api, page]) {
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('cache-control')).not.toBe('no-store');
  });

  it('allows exactly the inline theme script by hash', async () => {
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const res = await t.request('/');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    expect(res.headers.get('content-security-policy')).not.toContain("unsafe-inline'; script");
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'a@b.es', password: 'secreto' },
      headers: { origin: 'https://atacante.example' },
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('forbidden');
  });

  it('refuses the Vite dev origin: it is trusted under npm run dev alone', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173']) {
      const res = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: 'a@b.es', password: 'secreto' },
        headers: { origin },
      });
      expect(res.status).toBe(403);
    }
  });

  it('accepts the same request from our own origin', async () => {
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'nadie@ejemplo.test', password: 'secreto' },
      headers: { origin: TEST_ORIGIN },
    });
    expect(res.status).toBe(401);
  });
});

describe('health', () => {
  it('answers 200 when the database is reachable', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers 503 in the error shape when the database is not reachable', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: { code: 'service_unavailable', message: 'La base de datos no está disponible' },
    });
    await broken.close().catch(() => undefined);
  });
});

describe('single-page app', () => {
  it('serves index.html for deep links so the client router can take over', async () => {
    const res = await t.request('/pacientes/123');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('answers an asset that is not there with 404, not the page: a stale page loading it fails plainly', async () => {
    const res = await t.request('/assets/app-old999.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type') ?? '').not.toContain('text/html');
    expect(res.headers.get('cache-control') ?? '').not.toContain('immutable');
  });
});
