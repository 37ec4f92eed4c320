import type { loginSchema, recoverySchema, registerSchema, resetPasswordSchema } from '@odontia/shared';
import type { z } from 'zod';
import { apiFetch, unwrap } from './api';

/** The signed-in user as better-auth answers it (the app reads the account from /api/me instead). */
type AuthUser = { id: string; email: string };

/**
 * The better-auth endpoints the app calls, declared once. Each input is what the server parses with
 * the same shared schema before better-auth sees it (apps/api/src/features/auth/auth.routes.ts);
 * each output is the part of better-auth's answer the app may read.
 */
type AuthEndpoints = {
  'sign-in/email': { input: z.input<typeof loginSchema>; output: { redirect: boolean; token: string; user: AuthUser } };
  'sign-up/email': { input: z.input<typeof registerSchema>; output: { token: string | null; user: AuthUser } };
  'sign-out': { input: Record<string, never>; output: { success: boolean } };
  /** The same answer whether or not the email has an account. */
  'request-password-reset': { input: z.input<typeof recoverySchema>; output: { status: boolean } };
  'reset-password': { input: z.input<typeof resetPasswordSchema>; output: { status: boolean } };
};

export type AuthPath = keyof AuthEndpoints;
export type AuthInput<P extends AuthPath> = AuthEndpoints[P]['input'];
export type AuthOutput<P extends AuthPath> = AuthEndpoints[P]['output'];

/** POSTs to better-auth's /api/auth/{path}; a failure throws ApiError with the server's Spanish message. */
export async function authRequest<P extends AuthPath>(path: P, input: AuthInput<P>): Promise<AuthOutput<P>> {
  const response = apiFetch(`/api/auth/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return (await unwrap(response)) as AuthOutput<P>;
}
