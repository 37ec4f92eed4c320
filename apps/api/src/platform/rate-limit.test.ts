import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import type { AppEnv } from './context.ts';
import { errorResponse } from './http.ts';
import { defineLimit, limit } from './rate-limit.ts';

let limited: TestApp;
let unlimited: TestApp;
beforeAll(async () => {
  [limited, unlimited] = await Promise.all([createTestApp({ RATE_LIMIT: 'true' }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([limited.close(), unlimited.close()]);
});

function appWith(t: TestApp, rule: ReturnType<typeof defineLimit>, key: Parameters<typeof limit>[0]['key']) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', t.deps);
      c.set('user', { id: c.req.header('x-user') ?? 'nadie', email: '', name: '', onboardingStep: 'completado' });
      await next();
    })
    .post('/', limit({ rule, key }), (c) => c.json({ ok: true }))
    .onError((error, c) => errorResponse(error, c, t.deps.logger));
}

const send = (app: Hono<AppEnv>, address: string, headers: Record<string, string> = {}) =>
  app.request('/', { method: 'POST', headers }, { incoming: { socket: { remoteAddress: address } } });

describe('limit()', () => {
  it('answers 429 with Retry-After and the Spanish message past N hits per address', async () => {
    const rule = defineLimit({
      name: 'prueba-direccion',
      points: 2,
      durationSeconds: 120,
      message: 'Has enviado demasiadas peticiones.',
    });
    const app = appWith(limited, rule, 'address');
    expect((await send(app, '192.0.2.1')).status).toBe(200);
    // A forged X-Forwarded-For is not another client.
    expect((await send(app, '192.0.2.1', { 'x-forwarded-for': '198.51.100.9' })).status).toBe(200);
    const blocked = await send(app, '192.0.2.1', { 'x-forwarded-for': '198.51.100.10' });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      error: { code: 'rate_limited', message: 'Has enviado demasiadas peticiones.' },
    });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(100);
    expect(retryAfter).toBeLessThanOrEqual(120);
    // Another address has its own count.
    expect((await send(app, '192.0.2.2')).status).toBe(200);
  });

  it('keys by user or by a function', async () => {
    const byUser = appWith(limited, defineLimit({ name: 'prueba-usuario', points: 1, durationSeconds: 60 }), 'user');
    expect((await send(byUser, '192.0.2.1', { 'x-user': 'ana' })).status).toBe(200);
    expect((await send(byUser, '192.0.2.2', { 'x-user': 'ana' })).status).toBe(429);
    expect((await send(byUser, '192.0.2.1', { 'x-user': 'beto' })).status).toBe(200);

    const byHeader = appWith(
      limited,
      defineLimit({ name: 'prueba-funcion', points: 1, durationSeconds: 60 }),
      (c) => c.req.header('x-clave') ?? '',
    );
    expect((await send(byHeader, '192.0.2.1', { 'x-clave': 'a' })).status).toBe(200);
    expect((await send(byHeader, '192.0.2.1', { 'x-clave': 'a' })).status).toBe(429);
    expect((await send(byHeader, '192.0.2.1', { 'x-clave': 'b' })).status).toBe(200);
  });

  it('does nothing with RATE_LIMIT=false', async () => {
    const app = appWith(unlimited, defineLimit({ name: 'prueba-apagado', points: 1, durationSeconds: 60 }), 'address');
    for (let i = 0; i < 3; i++) expect((await send(app, '192.0.2.1')).status).toBe(200);
  });
});
