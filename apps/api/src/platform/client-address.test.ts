import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, UNKNOWN_ADDRESS } from './client-address.ts';
import type { AppEnv, Deps } from './context.ts';

function appWith(trustedProxies: number) {
  const deps = { config: { trustedProxies } } as unknown as Deps;
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', deps);
      await next();
    })
    .get('/', (c) => c.text(clientAddress(c)));
}

const ask = async (app: ReturnType<typeof appWith>, socket: string | null, forwarded?: string) => {
  const headers = forwarded ? { 'x-forwarded-for': forwarded } : undefined;
  const env = socket ? { incoming: { socket: { remoteAddress: socket } } } : undefined;
  return (await app.request('/', { headers }, env)).text();
};

describe('clientAddress', () => {
  it('is the socket address, whatever X-Forwarded-For says, without TRUSTED_PROXY', async () => {
    const app = appWith(0);
    expect(await ask(app, '203.0.113.9')).toBe('203.0.113.9');
    expect(await ask(app, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await ask(app, '::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(await ask(app, '2001:DB8::1')).toBe('2001:db8::1');
    expect(await ask(app, null, '198.51.100.1')).toBe(UNKNOWN_ADDRESS);
  });

  it('with TRUSTED_PROXY=1, is the entry the proxy appended; what the client wrote before it is ignored', async () => {
    const app = appWith(1);
    expect(await ask(app, '10.0.0.2', '198.51.100.1')).toBe('198.51.100.1');
    // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the real address.
    expect(await ask(app, '10.0.0.2', '1.2.3.4, 198.51.100.1')).toBe('198.51.100.1');
    // A request that reached us without the proxy's header: the socket it came from.
    expect(await ask(app, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('with TRUSTED_PROXY=2, counts two proxies back', async () => {
    const app = appWith(2);
    expect(await ask(app, '10.0.0.3', '1.2.3.4, 198.51.100.1, 10.0.0.2')).toBe('198.51.100.1');
  });
});
