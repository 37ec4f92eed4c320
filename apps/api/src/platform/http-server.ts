import { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/**
 * How long the server keeps an idle keep-alive connection. Node's default is 5 s: a client (a browser,
 * a proxy, Playwright) that sends on the connection just as the server closes it gets ECONNRESET. Kept
 * open longer than their own idle timeouts (60 s for the common proxies), it is always the client that
 * closes it.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Serves `fetch` over HTTP/1.1 on `port`. */
export function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  port: number,
  onListening?: (info: AddressInfo) => void,
): Server {
  const server = serve({ fetch, port }, onListening);
  if (!(server instanceof Server)) throw new Error('Se esperaba un servidor HTTP/1.1');
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Above the keep-alive time, as Node requires, or a slow request's headers could outlive its connection.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}

/** Stops accepting connections and ends the open ones: idle keep-alive and SSE connections would hold close() forever. */
export function stopListening(server: Server): void {
  server.close();
  server.closeAllConnections();
}
