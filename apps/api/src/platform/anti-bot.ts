import { createHmac, timingSafeEqual } from 'node:crypto';
import { DIRECTORY_MESSAGES } from '@odontia/shared';
import { defineLimit } from './rate-limit.ts';

/**
 * Bot defences of the public request form, without a third-party service:
 * - a signed token handed out with the profile, carrying the time the form was shown: a request
 *   without one never loaded the page, and one sent within MIN_FILL_MS was not typed by a person;
 * - a honeypot field (`website`) that people never see (checked in the route);
 * - per-address and per-sender limits, counted in the database so that every instance shares them.
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

/** Per-address and per-sender limits of the request form, shared by every API instance. */
export const solicitudLimits = {
  // A clinic's waiting room may share one address: a few requests are fine, a flood is not.
  porDireccion: defineLimit({
    name: 'solicitud-direccion',
    points: 5,
    durationSeconds: 15 * 60,
    message: DIRECTORY_MESSAGES.demasiadasSolicitudes,
  }),
  // The same sender writing to the same clinic again and again.
  porRemitente: defineLimit({
    name: 'solicitud-remitente',
    points: 3,
    durationSeconds: 60 * 60,
    message: DIRECTORY_MESSAGES.demasiadasSolicitudes,
  }),
};
