import { loginSchema, recoverySchema, registerSchema, resetPasswordSchema, AUTH_MESSAGES } from '@odontia/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { z } from 'zod';
import { clientAddress, UNKNOWN_ADDRESS } from '../../platform/client-address.ts';
import type { AppEnv } from '../../platform/context.ts';
import { notFound, type ErrorBody, type ErrorCode } from '../../platform/errors.ts';
import { acceptInvitation, checkInvitationFor } from '../../platform/membership.ts';
import { consumeLimit, TOO_MANY } from '../../platform/rate-limit.ts';
import { forgetCachedSessions } from '../../platform/session.ts';
import { parseInput } from '../../platform/validation.ts';
import { accountKey, takeSignInAttempt, settleSignInAttempt, recoveryPerAccount } from './login-limit.ts';

/** better-auth speaks English; people see these. Sign-in never says whether the email exists. */
const SPANISH: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Correo electrónico o contraseña incorrectos',
  USER_NOT_FOUND: 'Correo electrónico o contraseña incorrectos',
  INVALID_PASSWORD: 'Correo electrónico o contraseña incorrectos',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Correo electrónico o contraseña incorrectos',
  USER_ALREADY_EXISTS: 'Ya existe una cuenta con este correo electrónico',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'Ya existe una cuenta con este correo electrónico',
  INVALID_EMAIL: AUTH_MESSAGES.emailInvalid,
  PASSWORD_TOO_SHORT: AUTH_MESSAGES.passwordTooShort,
  PASSWORD_TOO_LONG: AUTH_MESSAGES.passwordTooLong,
  INVALID_TOKEN: 'El enlace para restablecer la contraseña no es válido o ha caducado',
  TOKEN_EXPIRED: 'El enlace para restablecer la contraseña no es válido o ha caducado',
  INVALID_ORIGIN: 'Origen de la petición no permitido',
  MISSING_OR_NULL_ORIGIN: 'Origen de la petición no permitido',
};

const GENERIC = 'No se pudo completar la operación. Inténtalo de nuevo.';

/** Bodies we check with the shared schemas before better-auth sees them, and what we forward. */
const CHECKED: Record<string, { schema: z.ZodType; forward: (data: never, c: Context<AppEnv>) => unknown }> = {
  '/api/auth/sign-up/email': {
    schema: registerSchema,
    forward: (d: z.output<typeof registerSchema>) => ({
      email: d.email,
      password: d.password,
      name: d.email.split('@')[0],
    }),
  },
  '/api/auth/sign-in/email': {
    schema: loginSchema,
    forward: (d: z.output<typeof loginSchema>) => ({ email: d.email, password: d.password, rememberMe: d.rememberMe }),
  },
  '/api/auth/request-password-reset': {
    schema: recoverySchema,
    forward: (d: z.output<typeof recoverySchema>, c) => ({
      email: d.email,
      redirectTo: `${c.var.deps.config.appUrl}/auth/reset-password`,
    }),
  },
  '/api/auth/reset-password': {
    schema: resetPasswordSchema,
    forward: (d: z.output<typeof resetPasswordSchema>) => ({ token: d.token, newPassword: d.newPassword }),
  },
};

/**
 * The better-auth endpoints the app uses. Every other one (update-user, change-email, delete-user,
 * list-sessions, get-session…) answers 404: what they would change is the server's to write
 * (onboarding state, the user row) or has no screen in the app (the session is read at /api/me).
 */
const ENDPOINTS = new Set([
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
]);

async function translate(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  let code: ErrorCode = 'bad_request';
  let message = GENERIC;
  if (response.status === 429) {
    code = 'rate_limited';
    message = TOO_MANY;
  } else {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    if (response.status === 401) code = 'unauthorized';
    if (response.status === 403) code = 'forbidden';
    if (body?.code === 'USER_ALREADY_EXISTS' || body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL')
      code = 'conflict';
    message = (body?.code && SPANISH[body.code]) || GENERIC;
  }
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  const retryAfter = headers.get('x-retry-after');
  if (response.status === 429 && retryAfter) headers.set('Retry-After', retryAfter);
  headers.delete('content-length');
  const body: ErrorBody = { error: { code, message } };
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

/**
 * The new account joins the inviting clinic. The token was checked just before; if it was used or
 * deleted in between, the account stays (signed in, without a clinic) and goes through onboarding.
 */
async function joinInvitedClinic(c: Context<AppEnv>, token: string, email: string, response: Response) {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { user?: { id?: string } } | null;
  const userId = body?.user?.id;
  if (!userId) return;
  try {
    await acceptInvitation(c.var.deps.db, token, { userId, email });
  } catch (error) {
    c.var.deps.logger.warn({ err: error }, 'la invitación ya no se pudo aceptar tras el registro');
  }
}

/**
 * better-auth's endpoints under /api/auth, behind our validation (shared schemas and Spanish
 * messages), our error shape, and the real client address for its rate limits.
 */
export const authRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
  const { auth } = c.var.deps;
  if (!ENDPOINTS.has(`${c.req.method} ${c.req.path}`)) throw notFound('Ruta de la API no encontrada');
  const headers = new Headers(c.req.raw.headers);
  // better-auth keys its per-address limits on this header: the one client address (platform), never the client's own value.
  const address = clientAddress(c);
  if (address === UNKNOWN_ADDRESS) headers.delete('x-forwarded-for');
  else headers.set('x-forwarded-for', address);
  let body: string | undefined;
  let email: string | undefined;
  let parsedBody: unknown = null;
  const checked = c.req.method === 'POST' ? CHECKED[c.req.path] : undefined;
  if (checked) {
    parsedBody = await parseInput(checked.schema, await c.req.json());
    email = (parsedBody as { email?: string }).email;
    body = JSON.stringify(checked.forward(parsedBody as never, c));
    headers.set('content-type', 'application/json');
  } else if (c.req.method === 'POST') {
    body = await c.req.text();
  }
  const signInEmail = c.req.path === '/api/auth/sign-in/email' ? email : undefined;
  // An invitation link: refused before any account exists when it is not open or not for this email.
  const invitation =
    c.req.path === '/api/auth/sign-up/email' && email !== undefined
      ? (parsedBody as { invitacion?: string }).invitacion
      : undefined;
  if (invitation && email) await checkInvitationFor(c.var.deps.db, invitation, email);
  if (signInEmail) await takeSignInAttempt(c.var.deps, signInEmail);
  if (c.req.path === '/api/auth/request-password-reset' && email !== undefined) {
    await consumeLimit(c.var.deps, recoveryPerAccount, accountKey(email));
  }
  headers.delete('content-length');
  const request = new Request(c.req.url, { method: c.req.method, headers, body });
  const response = await auth.handler(request);
  if (signInEmail)
    await settleSignInAttempt(
      c.var.deps,
      signInEmail,
      response.ok ? 'succeeded' : response.status === 401 ? 'failed' : 'other',
    );
  if (invitation && email && response.ok) await joinInvitedClinic(c, invitation, email, response);
  // Sign-out, password reset and revocations must apply to the next request, not a second later.
  if (c.req.method === 'POST') forgetCachedSessions(auth);
  return translate(response);
});
