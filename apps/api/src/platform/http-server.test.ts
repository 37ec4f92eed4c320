import { once } from 'node:events';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS, listen, stopListening } from './http-server.ts';

const app = new Hono().get('/', (c) => c.text('ok'));
const open: Array<{ close: () => void }> = [];
afterEach(() => open.splice(0).forEach((o) => o.close()));

async function start() {
  let port = 0;
  const server = listen(app.fetch, 0, (info: AddressInfo) => (port = info.port));
  open.push(server);
  await once(server, 'listening');
  return { server, port };
}

/** Sends one keep-alive GET on `socket` and resolves with the raw response once its body has arrived. */
async function get(socket: Socket): Promise<string> {
  let received = '';
  const onData = (chunk: Buffer) => (received += chunk.toString());
  socket.on('data', onData);
  socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
  while (!received.endsWith('\r\n\r\nok')) await once(socket, 'data');
  socket.off('data', onData);
  return received;
}

describe('the HTTP server', () => {
  it('keeps an idle keep-alive connection past Node’s 5 s, so a client reusing it is not reset', async () => {
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    const { port } = await start();
    const socket = connect(port, '127.0.0.1');
    open.push({ close: () => socket.destroy() });
    let closed = false;
    socket.on('close', () => (closed = true));

    expect(await get(socket)).toMatch(/^HTTP\/1\.1 200 .*keep-alive: timeout=65/is);
    await sleep(6_000);
    expect(closed).toBe(false);
    expect(await get(socket)).toMatch(/^HTTP\/1\.1 200 /);
  }, 15_000);

  it('ends its idle connections when it stops, instead of waiting for them', async () => {
    const { server, port } = await start();
    const socket = connect(port, '127.0.0.1');
    open.push({ close: () => socket.destroy() });
    await get(socket);

    const started = performance.now();
    stopListening(server);
    await Promise.all([once(socket, 'close'), once(server, 'close')]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
