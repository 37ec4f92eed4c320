import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Database } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema/auth.ts';
import { rateLimit } from '../db/schema/rate-limits.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { renderEmail, type Mailer } from './mail.ts';

export const AUTH_BASE_PATH = '/api/auth';

export function createAuth(deps: { config: Config; db: Database; mailer: Mailer; logger: Logger }) {
  const { config, db, mailer } = deps;
  return betterAuth({
    appName: 'Odontia',
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, rateLimit } }),
    user: {
      additionalFields: {
        // Written by the server alone (onboarding services); better-auth refuses it in any request body.
        onboardingStep: { type: 'string', defaultValue: 'pendiente', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Spec 000 §5: at least 6 characters. The upper bound keeps hashing cheap for hostile input.
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: target, token }) => {
        // The link goes to our own page, which posts the new password with the token.
        const url = `${config.appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
        const { text, html } = renderEmail({
          title: 'Restablece tu contraseña',
          paragraphs: [
            'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Odontia.',
            'El enlace es válido durante 1 hora y solo puede usarse una vez. Si no lo solicitaste, ignora este correo: tu contraseña no cambiará.',
          ],
          action: { label: 'Elegir una nueva contraseña', url },
        });
        await mailer.send({ to: target.email, subject: 'Restablece tu contraseña de Odontia', text, html });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Per address, counted in the database (table rate_limit) so every instance shares the counts.
    rateLimit: {
      enabled: config.rateLimit,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 3 },
        '/reset-password': { window: 60, max: 5 },
      },
    },
    advanced: {
      database: { generateId: () => randomUUID() },
      useSecureCookies: config.appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Set by features/auth/auth.routes.ts from platform/client-address.ts; a client's value never reaches here.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      // Mail is sent after the answer: a reset for a known address must take as long as one for an
      // unknown address. A failed send is logged by better-auth through our logger.
      backgroundTasks: { handler: () => undefined },
    },
    telemetry: { enabled: false },
    // Its expected conditions (unknown user, wrong password) are answered to the client; only real faults are logged.
    logger: {
      level: 'error',
      log: (level, message, ...args) => deps.logger[level]({ args }, `better-auth: ${message}`),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
