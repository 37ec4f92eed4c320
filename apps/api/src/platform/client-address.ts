import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/** The key used for requests with no socket (in-process test requests). */
export const UNKNOWN_ADDRESS = 'desconocida';

/** `::ffff:1.2.3.4` is the IPv4 client 1.2.3.4 seen by a dual-stack socket: one client, one key. */
function normalise(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // In-process requests (tests) have no socket.
  }
}

/**
 * The address of the client, the one key every per-address limit uses. It is the socket's, unless
 * TRUSTED_PROXY says how many proxies in front of us append to X-Forwarded-For: then it is the entry
 * the outermost trusted proxy wrote (counted from the right, where proxies append). Entries further
 * left were written by the client and are never believed.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const socket = socketAddress(c);
  const hops = c.var.deps.config.trustedProxies;
  if (!socket) return UNKNOWN_ADDRESS;
  if (hops === 0) return normalise(socket);
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [...forwarded, socket];
  // chain[last] is the nearest proxy (the socket); `hops` proxies back is the client they saw.
  const index = chain.length - 1 - hops;
  return normalise(chain[Math.max(index, 0)]);
}
