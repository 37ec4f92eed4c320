import { solveChallengeWorkers, type Challenge, type Solution } from 'altcha/lib';
// The package's own PBKDF2 worker, built by Vite as a file of this origin: the widget's default bundle
// starts its workers from blob: URLs, which the Content-Security-Policy (script-src 'self') refuses.
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { getBookingChallenge } from '../../api/booking-challenge';

/**
 * The booking's proof of work (ALTCHA, no third-party service): a challenge from the server solved
 * in Web Workers with altcha's own solver, and encoded as the widget does, so the server's
 * verifyProofOfWork (apps/api/src/platform/proof-of-work.ts) reads it as it reads the widget's value.
 * Our own text says what is happening ('Comprobando que no eres un robot…'), so no widget is drawn.
 */

/** The server signs PBKDF2/SHA-256 challenges; a worker per core, as the widget does, up to four. */
const createWorker = () => new Pbkdf2Worker();
const concurrency = () => Math.min(4, Math.max(1, navigator.hardwareConcurrency || 2));

/** The widget's payload: base64 of `{ challenge: { parameters, signature }, solution }` (altcha 3, uint32 counters). */
export function encodeProofOfWork(challenge: Challenge, solution: Solution): string {
  return btoa(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  );
}

/** Solves a fresh challenge: the `altcha` field of POST /api/reservas/:clinicaId/retener. */
export async function solveProofOfWork(): Promise<string> {
  const challenge: Challenge = await getBookingChallenge();
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: concurrency(),
    createWorker,
    counterMode: 'uint32',
    timeout: 60_000,
  });
  if (!solution) throw new Error('Sin solución');
  return encodeProofOfWork(challenge, solution);
}
