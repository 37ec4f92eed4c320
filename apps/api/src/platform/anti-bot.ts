import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Bot defences of the public request form, without a third-party service:
 * - a signed token handed out with the profile, carrying the time the form was shown: a request
 *   without one never loaded the page, and one sent within MIN_FILL_MS was not typed by a person;
 * - a honeypot field (`website`) that people never see (checked in the route);
 * - per-address and per-sender throttles (in memory, per instance: enough to stop a flood from one
 *   place; a shared store would be needed to count across instances).
 */
export const MIN_FILL_MS = 3_000;
export const TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const sign = (secret: string, clinicaId: string, issuedAt: number) =>
  createHmac('sha256', secret).update(`solicitud:${clinicaId}:${issuedAt}`).digest('base64url');

export function issueFormToken(secret: string, clinicaId: string, now = Date.now()): string {
  return `${now}.${sign(secret, clinicaId, now)}`;
}

export type TokenCheck = 'ok' | 'invalid' | 'too_fast' | 'expired';

export function checkFormToken(secret: string, clinicaId: string, token: string, now = Date.now()): TokenCheck {
  const [issued, signature] = token.split('.');
  const issuedAt = Number(issued);
  if (!Number.isSafeInteger(issuedAt) || !signature) return 'invalid';
  const expected = Buffer.from(sign(secret, clinicaId, issuedAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const age = now - issuedAt;
  if (age < MIN_FILL_MS) return 'too_fast';
  if (age > TOKEN_MAX_AGE_MS) return 'expired';
  return 'ok';
}

/** Fixed-window counter: at most `max` hits per key per `windowMs`. */
export class Throttle {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; false when the key is over its limit (the hit is not counted then). */
  take(key: string, now = Date.now()): boolean {
    if (this.hits.size > 10_000) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    if (entry.count >= this.max) return false;
    entry.count += 1;
    return true;
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

/** One set of limits per app instance (tests build several apps in one process). */
const throttles = new WeakMap<object, { porDireccion: Throttle; porRemitente: Throttle }>();

export function requestThrottles(owner: object) {
  let entry = throttles.get(owner);
  if (!entry) {
    entry = {
      // A clinic's waiting room may share one address: a few requests are fine, a flood is not.
      porDireccion: new Throttle(5, 15 * 60 * 1000),
      // The same sender writing to the same clinic again and again.
      porRemitente: new Throttle(3, 60 * 60 * 1000),
    };
    throttles.set(owner, entry);
  }
  return entry;
}
