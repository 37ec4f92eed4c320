import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/client.ts';
import { limitesUso } from '../db/schema/index.ts';
import { clientAddress } from './client-address.ts';
import type { AppEnv, Deps } from './context.ts';
import { AppError } from './errors.ts';
import { perInstance } from './per-instance.ts';

/**
 * Limits shared by every API instance: the counters live in the database (table `limites_uso`,
 * through rate-limiter-flexible's Drizzle store), so N instances behind a load balancer still allow
 * N hits in all, not N each. better-auth's own limits are in its `rate_limit` table (platform/auth.ts).
 * RATE_LIMIT=false (the default in tests) turns every limit off.
 */
export type LimitRule = {
  /** Unique name; the prefix of its keys in the table. */
  name: string;
  /** Hits allowed per window. */
  points: number;
  /** Window, in seconds, counted from the first hit. */
  durationSeconds: number;
  /** Message of the 429. */
  message: string;
};

export const TOO_MANY = 'Demasiados intentos. Espera un momento e inténtalo de nuevo.';

export function defineLimit(rule: Omit<LimitRule, 'message'> & { message?: string }): LimitRule {
  return { message: TOO_MANY, ...rule };
}

// One limiter per rule and database (tests build many apps in one process, each on its own database).
const limiters = perInstance((_db: Database) => new Map<string, RateLimiterDrizzle>());

export function limiterFor(db: Database, rule: LimitRule): RateLimiterDrizzle {
  const byName = limiters(db);
  let limiter = byName.get(rule.name);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: limitesUso,
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.durationSeconds,
    });
    byName.set(rule.name, limiter);
  }
  return limiter;
}

/** Keys are stored hashed: the table never holds an email or an address. */
export const storedKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/** A 429 with `Retry-After` (whole seconds, at least 1) and the rule's Spanish message. */
export function tooManyRequests(message: string, msBeforeNext: number): AppError {
  const error = new AppError(429, 'rate_limited', message);
  error.headers = { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) };
  return error;
}

/** Counts `points` hits for `key`; throws the rule's 429 when it is over its limit. A no-op with RATE_LIMIT=false. */
export async function consumeLimit(
  deps: Pick<Deps, 'config' | 'db'>,
  rule: LimitRule,
  key: string,
  points = 1,
): Promise<void> {
  const { config, db } = deps;
  if (!config.rateLimit) return;
  try {
    await limiterFor(db, rule).consume(storedKey(key), points);
  } catch (rejection) {
    // rate-limiter-flexible rejects with a RateLimiterRes when over the limit, with an Error on a store failure.
    if (rejection instanceof RateLimiterRes) throw tooManyRequests(rule.message, rejection.msBeforeNext);
    throw rejection;
  }
}

export type LimitKey = 'address' | 'user' | ((c: Context<AppEnv>) => string | Promise<string>);

/**
 * Applies a limit to a route: `limit({ rule, key: 'address' })` before its handler. 'user' needs a
 * session (place it after requireUser / requirePermission).
 */
export function limit(options: { rule: LimitRule; key: LimitKey }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { key } = options;
    const value = key === 'address' ? clientAddress(c) : key === 'user' ? c.var.user.id : await key(c);
    await consumeLimit(c.var.deps, options.rule, value);
    await next();
  };
}
