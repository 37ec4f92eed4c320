import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Config } from './config.ts';

/**
 * The proof of work of public forms that write (issue 24: online booking), with ALTCHA and no third-party
 * service: the server hands out a signed challenge, the visitor's browser spends a second or two solving
 * it, and the server checks the solution without storing anything (the challenge is signed, and says when
 * it expires). Each solved challenge is spent once by the caller (a unique column), so a solution cannot
 * be replayed. The secrets are derived from AUTH_SECRET.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1000;
const EXPIRES_MINUTES = 10;

const secretsOf = (config: Pick<Config, 'authSecret'>) => ({
  hmacSignatureSecret: createHmac('sha256', config.authSecret).update('altcha-desafio').digest('hex'),
  hmacKeySignatureSecret: createHmac('sha256', config.authSecret).update('altcha-clave').digest('hex'),
});

export function createProofOfWork(config: Pick<Config, 'authSecret'>): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(300, 1500),
    deriveKey,
    expiresAt: new Date(Date.now() + EXPIRES_MINUTES * 60_000),
    ...secretsOf(config),
  });
}

/**
 * The solved challenge's signature when `payload` (the widget's value: base64 of the JSON
 * `{ challenge, solution }`) is a valid, unexpired solution of a challenge this server signed; null
 * otherwise.
 */
export async function verifyProofOfWork(config: Pick<Config, 'authSecret'>, payload: string): Promise<string | null> {
  let parsed: { challenge?: Challenge; solution?: Solution };
  try {
    const text = payload.trimStart().startsWith('{') ? payload : Buffer.from(payload, 'base64').toString('utf8');
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    return null;
  }
  if (!parsed.challenge?.signature || !parsed.solution) return null;
  try {
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      ...secretsOf(config),
    });
    return result.verified ? parsed.challenge.signature : null;
  } catch {
    return null;
  }
}
