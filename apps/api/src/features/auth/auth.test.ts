import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user, verification } from '../../db/schema/index.ts';
import { cookiesFrom, createTestApp, errorOf, signUp, uniqueEmail, type TestApp } from '../../test/app.ts';
import { readOutbox } from '../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());


const signIn = (email: string, password: string, rememberMe = false) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password, rememberMe } });
const me = (cookie: string) => t.request('/api/me', { cookie });
const requestReset = (app: TestApp, email: string) =>
  app.request('/api/auth/request-password-reset', { method: 'POST', json: { email } });
const resetPassword = (token: string, newPassword: string) =>
  t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });

/** The token of the newest reset email sent to `email`, read from the outbox like a person would. */
async function resetTokenFor(app: TestApp, email: string): Promise<string> {
  const messages = await readOutbox(app.deps.mailer.outboxDir!);
  const message = messages.find((m) => m.to.includes(email));
  if (!message) throw new Error(`no email for ${email}`);
  const match = /\/auth\/reset-password\?token=([^\s"&<]+)/.exec(message.text);
  return decodeURIComponent(match![1]);
}

describe('register, sign in, sign out', () => {
  it('registers an account at onboarding_step pendiente and signs it in', async () => {
    const email = uniqueEmail();
    const res = await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email: email.toUpperCase(), password: 'secreto123', acceptTerms: true } });
    expect(res.status).toBe(200);
    const cookie = cookiesFrom(res);
    const account = await (await me(cookie)).json();
    expect(account).toMatchObject({ user: { email, onboardingStep: 'pendiente' }, clinica: null, rol: null, permisos: [] });
  });

  it('refuses a second account with the same email, in Spanish', async () => {
    const { email } = await signUp(t);
    const res = await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email, password: 'otroSecreto', acceptTerms: true } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await errorOf(res)).message).toBe('Ya existe una cuenta con este correo electrónico');
  });

  it('validates registration with the spec messages', async () => {
    const res = await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email: '', password: '', acceptTerms: false } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({
      email: 'El correo electrónico es requerido',
      password: 'La contraseña es requerida',
      acceptTerms: 'Debes aceptar los términos y condiciones',
    });
    const long = await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email: uniqueEmail(), password: 'x'.repeat(129), acceptTerms: true } });
    expect((await errorOf(long)).fields?.password).toBe('La contraseña no puede superar los 128 caracteres');
  });

  it('answers wrong credentials the same whether or not the email exists', async () => {
    const { email } = await signUp(t);
    const wrongPassword = await signIn(email, 'incorrecta');
    const unknownEmail = await signIn(uniqueEmail('nadie'), 'incorrecta');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const expected = { error: { code: 'unauthorized', message: 'Correo electrónico o contraseña incorrectos' } };
    expect(await wrongPassword.json()).toEqual(expected);
    expect(await unknownEmail.json()).toEqual(expected);
  });

  it('signs in with a HttpOnly, SameSite=Lax session cookie that lasts only the browser session without Recordarme', async () => {
    const { email, password } = await signUp(t);
    const res = await signIn(email, password, false);
    expect(res.status).toBe(200);
    const token = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))!;
    expect(token).toMatch(/HttpOnly/i);
    expect(token).toMatch(/SameSite=Lax/i);
    expect(token).not.toMatch(/Secure/i);
    expect(token).not.toMatch(/Max-Age|Expires/i);
    expect((await me(cookiesFrom(res))).status).toBe(200);
  });

  it('keeps the session cookie across browser restarts with Recordarme', async () => {
    const { email, password } = await signUp(t);
    const res = await signIn(email, password, true);
    const token = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))!;
    expect(token).toMatch(/Max-Age=\d+/i);
  });

  it('ends the session on the server at sign-out: the old cookie no longer works', async () => {
    const { cookie } = await signUp(t);
    expect((await me(cookie)).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie });
    expect(out.status).toBe(200);
    const after = await me(cookie);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: { code: 'unauthorized', message: 'Debes iniciar sesión' } });
  });

  it('marks cookies Secure when the app is served over HTTPS', async () => {
    const secure = await createTestApp({ APP_URL: 'https://odontia.example' });
    try {
      const res = await secure.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email: uniqueEmail(), password: 'secreto123', acceptTerms: true },
        headers: { origin: 'https://odontia.example' },
      });
      expect(res.status).toBe(200);
      const token = res.headers.getSetCookie().find((c) => c.includes('session_token='))!;
      expect(token).toMatch(/; Secure/i);
      expect(token).toMatch(/HttpOnly/i);
      expect(token).toMatch(/SameSite=Lax/i);
    } finally {
      await secure.close();
    }
  });
});

describe('password recovery', () => {
  it('answers identically for known and unknown emails, and mails only the known one', async () => {
    const { email } = await signUp(t);
    const unknown = uniqueEmail('desconocido');
    const known = await requestReset(t, email);
    const notKnown = await requestReset(t, unknown);
    expect(known.status).toBe(200);
    expect(notKnown.status).toBe(200);
    expect(await known.json()).toEqual(await notKnown.json());
    const messages = await readOutbox(t.deps.mailer.outboxDir!);
    expect(messages.some((m) => m.to.includes(email))).toBe(true);
    expect(messages.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('requires the email, with the spec message', async () => {
    const res = await requestReset(t, '');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ email: 'Por favor, introduce tu correo electrónico' });
  });

  it('mails a Spanish text and HTML message linking to /auth/reset-password', async () => {
    const { email } = await signUp(t);
    await requestReset(t, email);
    const [message] = (await readOutbox(t.deps.mailer.outboxDir!)).filter((m) => m.to.includes(email));
    expect(message.subject).toBe('Restablece tu contraseña de Odontia');
    expect(message.text).toContain('El enlace es válido durante 1 hora y solo puede usarse una vez');
    expect(message.text).toMatch(/http:\/\/localhost:3000\/auth\/reset-password\?token=/);
    expect(message.html).toContain('href="http://localhost:3000/auth/reset-password?token=');
  });

  it('resets the password once: the new password works, the old one and the token do not, and every session ends', async () => {
    const { email, password, cookie: firstSession, userId } = await signUp(t);
    const second = cookiesFrom(await signIn(email, password, true));
    expect((await me(second)).status).toBe(200);

    await requestReset(t, email);
    const token = await resetTokenFor(t, email);
    const reset = await resetPassword(token, 'nuevaClave456');
    expect(reset.status).toBe(200);

    // Every session that existed before the reset has ended.
    expect((await me(firstSession)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);

    expect((await signIn(email, password)).status).toBe(401);
    expect((await signIn(email, 'nuevaClave456')).status).toBe(200);

    const again = await resetPassword(token, 'otraClave789');
    expect(again.status).toBe(400);
    expect((await errorOf(again)).message).toBe('El enlace para restablecer la contraseña no es válido o ha caducado');
    expect((await signIn(email, 'otraClave789')).status).toBe(401);
  });

  it('refuses an expired token (valid for 1 hour)', async () => {
    const { email, password, userId } = await signUp(t);
    await requestReset(t, email);
    const token = await resetTokenFor(t, email);
    const [row] = await t.db.select().from(verification).where(eq(verification.identifier, `reset-password:${token}`));
    expect(row.value).toBe(userId);
    // Issued with one hour to live.
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 3_600_000)).toBeLessThan(5_000);
    await t.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verification.id, row.id));

    const res = await resetPassword(token, 'nuevaClave456');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('El enlace para restablecer la contraseña no es válido o ha caducado');
    expect((await signIn(email, password)).status).toBe(200);
  });

  it('validates the new password with the registration rules', async () => {
    const res = await resetPassword('cualquiera', '123');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ newPassword: 'La contraseña debe tener al menos 6 caracteres' });
  });

  it('refuses an invented token without changing anything', async () => {
    const res = await resetPassword('token-inventado', 'nuevaClave456');
    expect(res.status).toBe(400);
    expect(await t.db.select().from(verification).where(like(verification.identifier, 'reset-password:token-inventado%'))).toEqual([]);
  });
});

describe('rate limits (RATE_LIMIT=true)', () => {
  const RATE_LIMITED = { error: { code: 'rate_limited', message: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.' } };

  async function statuses(n: number, send: () => Promise<Response>) {
    const out: Response[] = [];
    for (let i = 0; i < n; i++) out.push(await send());
    return out;
  }

  it('throttles sign-in after 10 attempts a minute, even with the right password', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      // Made without going through the endpoint: the limiter's counts live in memory for the whole
      // test file, and only sign-in attempts may count here.
      const email = uniqueEmail();
      const password = 'secreto123';
      await limited.deps.auth.api.signUpEmail({ body: { email, password, name: 'limitado' } });
      const attempt = () => limited.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'incorrecta' } });
      const first = await statuses(10, attempt);
      expect(first.map((r) => r.status)).toEqual(Array(10).fill(401));
      const blocked = await limited.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual(RATE_LIMITED);
      expect(blocked.headers.get('x-retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });

  it('throttles sign-up after 5 a minute', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      const attempt = () => limited.request('/api/auth/sign-up/email', { method: 'POST', json: { email: uniqueEmail(), password: 'secreto123', acceptTerms: true } });
      expect((await statuses(5, attempt)).map((r) => r.status)).toEqual(Array(5).fill(200));
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual(RATE_LIMITED);
    } finally {
      await limited.close();
    }
  });

  it('throttles password reset requests after 3 and reset attempts after 5 a minute', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      const ask = () => requestReset(limited, uniqueEmail());
      expect((await statuses(3, ask)).map((r) => r.status)).toEqual([200, 200, 200]);
      expect((await ask()).status).toBe(429);

      const guess = () => limited.request('/api/auth/reset-password', { method: 'POST', json: { token: 'adivinado', newPassword: 'nuevaClave456' } });
      expect((await statuses(5, guess)).map((r) => r.status)).toEqual(Array(5).fill(400));
      const blocked = await guess();
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual(RATE_LIMITED);
    } finally {
      await limited.close();
    }
  });

  it('is off in tests unless RATE_LIMIT=true', async () => {
    const { email } = await signUp(t);
    const results = await statuses(12, () => signIn(email, 'incorrecta'));
    expect(results.every((r) => r.status === 401)).toBe(true);
  });
});

describe('onboarding_step', () => {
  it('cannot be set by the client at sign-up', async () => {
    const email = uniqueEmail();
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'secreto123', acceptTerms: true, onboardingStep: 'completado' },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select({ step: user.onboardingStep }).from(user).where(eq(user.email, email));
    expect(row.step).toBe('pendiente');
  });
});
