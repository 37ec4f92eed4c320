import type { Context } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { defineLimit, limiterFor, storedKey, tooManyRequests } from '../../platform/rate-limit.ts';

/**
 * Per-account sign-in limit, beside better-auth's per-address one (10 a minute): wrong passwords
 * spread over many addresses still count against the account. After FAILURES failed sign-ins on one
 * email within WINDOW, sign-in on it pauses for LOCK, even with the right password. The lock is
 * short so that an attacker cannot keep a person out for long: they wait at most LOCK after the
 * last burst. Unknown emails count the same, so the answer says nothing about who has an account.
 * A successful sign-in clears the count. Shared by every instance (database store).
 */
export const LOGIN_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_LOCK_SECONDS = 5 * 60;

export const ACCOUNT_LOCKED =
  'Demasiados intentos fallidos con esta cuenta. Por seguridad, espera unos minutos e inténtalo de nuevo.';

const loginFailures = defineLimit({
  name: 'login-cuenta',
  points: LOGIN_FAILURES,
  durationSeconds: LOGIN_WINDOW_SECONDS,
  message: ACCOUNT_LOCKED,
});

/** Per-email password recovery requests: stops mail floods to one person from many addresses. */
export const recoveryPerAccount = defineLimit({ name: 'recuperacion-cuenta', points: 3, durationSeconds: 60 * 60 });

/** One account whatever the case or spaces it is typed with. */
export const accountKey = (email: string) => email.trim().toLowerCase();

/** Throws the lock's 429 while the account is locked. */
export async function assertSignInAllowed(c: Context<AppEnv>, email: string): Promise<void> {
  const { config, db } = c.var.deps;
  if (!config.rateLimit) return;
  const state = await limiterFor(db, loginFailures).get(storedKey(accountKey(email)));
  if (state && state.consumedPoints > LOGIN_FAILURES) throw tooManyRequests(ACCOUNT_LOCKED, state.msBeforeNext);
}

/** Counts a failed sign-in (locking the account at the limit) or clears the count after a success. */
export async function recordSignIn(c: Context<AppEnv>, email: string, succeeded: boolean): Promise<void> {
  const { config, db } = c.var.deps;
  if (!config.rateLimit) return;
  const limiter = limiterFor(db, loginFailures);
  const key = storedKey(accountKey(email));
  if (succeeded) {
    await limiter.delete(key);
    return;
  }
  const state = await limiter.penalty(key, 1);
  if (state.consumedPoints >= LOGIN_FAILURES) await limiter.block(key, LOGIN_LOCK_SECONDS);
}
