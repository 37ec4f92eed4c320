import { AUTH_MESSAGES } from '@odontia/shared';
import type { Deps } from '../../platform/context.ts';
import { consumeLimit, defineLimit, limiterFor, storedKey } from '../../platform/rate-limit.ts';

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

const loginFailures = defineLimit({
  name: 'login-cuenta',
  points: LOGIN_FAILURES,
  durationSeconds: LOGIN_WINDOW_SECONDS,
  message: AUTH_MESSAGES.accountLocked,
});

/** Per-email password recovery requests: stops mail floods to one person from many addresses. */
export const recoveryPerAccount = defineLimit({ name: 'recuperacion-cuenta', points: 3, durationSeconds: 60 * 60 });

/** One account whatever the case or spaces it is typed with. */
export const accountKey = (email: string) => email.trim().toLowerCase();

/**
 * Takes one attempt from the account's allowance before the password is checked. Taking it first,
 * atomically in the shared store, means parallel requests cannot all read "under the limit" and
 * slip through together: at most LOGIN_FAILURES passwords are tried per window. Throws the lock's
 * 429 when none is left.
 */
export async function takeSignInAttempt(deps: Pick<Deps, 'config' | 'db'>, email: string): Promise<void> {
  await consumeLimit(deps, loginFailures, accountKey(email));
}

/**
 * Settles the attempt taken by takeSignInAttempt: a success clears the count; a wrong password
 * keeps it and, at the limit, locks the account for LOGIN_LOCK_SECONDS (not the whole window);
 * any other answer (invalid input, better-auth's own limit) gives it back.
 */
export async function settleSignInAttempt(
  deps: Pick<Deps, 'config' | 'db'>,
  email: string,
  outcome: 'succeeded' | 'failed' | 'other',
): Promise<void> {
  const { config, db } = deps;
  if (!config.rateLimit) return;
  const limiter = limiterFor(db, loginFailures);
  const key = storedKey(accountKey(email));
  if (outcome === 'succeeded') await limiter.delete(key);
  else if (outcome === 'other') await limiter.reward(key, 1);
  else {
    const state = await limiter.get(key);
    if (state && state.consumedPoints >= LOGIN_FAILURES) await limiter.block(key, LOGIN_LOCK_SECONDS);
  }
}
