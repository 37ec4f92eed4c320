import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitesUso, session, user, verification } from '../../db/schema/index.ts';
import { cookiesFrom, createTestApp, errorOf, signUp, uniqueEmail, withMailer, type TestApp } from '../../test/app.ts';
import { AUTH_MESSAGES } from '@odontia/shared';
import { LOGIN_LOCK_SECONDS } from './login-limit.ts';
import { readOutbox, resetTokenFor } from '../../test/outbox.ts';

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

describe('register, sign in, sign out', () => {
  it('registers an account at onboarding_step pendiente and signs it in', async () => {
    const email = uniqueEmail();
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: email.toUpperCase(), password: 'secreto123', acceptTerms: true },
    });
    expect(res.status).toBe(200);
    const cookie = cookiesFrom(res);
    const account = await (await me(cookie)).json();
    expect(account).toMatchObject({
      user: { email, onboardingStep: 'pendiente' },
      clinica: null,
      rol: null,
      permisos: [],
    });
  });

  it('refuses a second account with the same email, in Spanish', async () => {
    const { email } = await signUp(t);
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'otroSecreto', acceptTerms: true },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await errorOf(res)).message).toBe('Ya existe una cuenta con este correo electrónico');
  });

  it('validates registration with the spec messages', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: '', password: '', acceptTerms: false },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({
      email: 'El correo electrónico es requerido',
      password: 'La contraseña es requerida',
      acceptTerms: 'Debes aceptar los términos y condiciones',
    });
    const long = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: uniqueEmail(), password: 'x'.repeat(129), acceptTerms: true },
    });
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

  it('answers before the mail is sent, so a known email takes as long as an unknown one', async () => {
    const { email } = await signUp(t);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = 0;
    await withMailer(
      t,
      (send) => async (message) => {
        await held; // A mail server that takes its time.
        sent += 1;
        return send(message);
      },
      async () => {
        try {
          const res = await requestReset(t, email);
          expect(res.status).toBe(200);
          expect(sent).toBe(0);
        } finally {
          release();
        }
        await expect.poll(() => sent).toBe(1);
      },
    );
    expect(await resetTokenFor(t, email)).toMatch(/\S+/);
  });

  it('logs a failed send after the answer, without failing the request', async () => {
    const { email } = await signUp(t);
    const failures: unknown[] = [];
    const error = t.deps.logger.error;
    t.deps.logger.error = ((...args: unknown[]) => void failures.push(args)) as typeof error;
    try {
      await withMailer(
        t,
        () => () => Promise.reject(new Error('SMTP caído')),
        async () => {
          expect((await requestReset(t, email)).status).toBe(200);
          await expect.poll(() => failures.length).toBe(1);
        },
      );
    } finally {
      t.deps.logger.error = error;
    }
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
    const [row] = await t.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(row.value).toBe(userId);
    // Issued with one hour to live.
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 3_600_000)).toBeLessThan(5_000);
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, row.id));

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
    expect(
      await t.db.select().from(verification).where(like(verification.identifier, 'reset-password:token-inventado%')),
    ).toEqual([]);
  });
});

describe('rate limits (RATE_LIMIT=true)', () => {
  const RATE_LIMITED = {
    error: { code: 'rate_limited', message: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.' },
  };

  async function statuses(n: number, send: () => Promise<Response>) {
    const out: Response[] = [];
    for (let i = 0; i < n; i++) out.push(await send());
    return out;
  }

  it('throttles sign-in after 10 attempts a minute from one address, even with the right password', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      // Made without going through the endpoint, so that only sign-in attempts count here.
      const email = uniqueEmail();
      const password = 'secreto123';
      await limited.deps.auth.api.signUpEmail({ body: { email, password, name: 'limitado' } });
      // Ten different accounts, so that only the per-address limit applies.
      const first = await statuses(10, () =>
        limited.request('/api/auth/sign-in/email', {
          method: 'POST',
          json: { email: uniqueEmail('otro'), password: 'incorrecta' },
        }),
      );
      expect(first.map((r) => r.status)).toEqual(Array(10).fill(401));
      const blocked = await limited.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual(RATE_LIMITED);
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });

  it('locks one account for 5 minutes after 10 failed sign-ins, from any number of addresses', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      const email = uniqueEmail();
      const password = 'secreto123';
      await limited.deps.auth.api.signUpEmail({ body: { email, password, name: 'objetivo' } });
      const signInFrom = (address: string, pass: string) =>
        limited.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: pass }, address });
      // 10 addresses × 9 wrong passwords: each address stays under its own limit of 10 a minute.
      const seen: number[] = [];
      for (let a = 1; a <= 10; a++) {
        for (let i = 0; i < 9; i++) seen.push((await signInFrom(`203.0.113.${a}`, 'incorrecta')).status);
      }
      expect(seen.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(seen.slice(10).every((status) => status === 429)).toBe(true);

      // The right password, from a fresh address, is refused too while the lock lasts.
      const locked = await signInFrom('198.51.100.7', password);
      expect(locked.status).toBe(429);
      expect(await locked.json()).toEqual({ error: { code: 'rate_limited', message: AUTH_MESSAGES.accountLocked } });
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(LOGIN_LOCK_SECONDS - 10);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_LOCK_SECONDS);

      // The counters hold neither the email nor the addresses.
      const stored = JSON.stringify(await limited.db.select().from(limitesUso));
      expect(stored).not.toContain(email);
      expect(stored).not.toContain('203.0.113.');

      // Five minutes later (the lock's row expired), the person signs in, and the count starts again.
      await limited.db
        .update(limitesUso)
        .set({ expire: new Date(Date.now() - 1000) })
        .where(like(limitesUso.key, 'login-cuenta:%'));
      expect((await signInFrom('198.51.100.7', password)).status).toBe(200);
      expect(await limited.db.select().from(limitesUso).where(like(limitesUso.key, 'login-cuenta:%'))).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it('lets at most 10 passwords be tried even when the attempts arrive all at once', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      const email = uniqueEmail();
      await limited.deps.auth.api.signUpEmail({ body: { email, password: 'secreto123', name: 'objetivo' } });
      const statuses = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          limited.request('/api/auth/sign-in/email', {
            method: 'POST',
            json: { email, password: 'incorrecta' },
            address: `203.0.113.${i + 1}`,
          }),
        ).map(async (res) => (await res).status),
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(14);
    } finally {
      await limited.close();
    }
  });

  it('counts failures on unknown emails the same, and a success clears the count', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      const unknown = uniqueEmail('nadie');
      let n = 0;
      const tries = await statuses(11, () =>
        limited.request('/api/auth/sign-in/email', {
          method: 'POST',
          json: { email: unknown, password: 'incorrecta' },
          address: `192.0.2.${++n}`,
        }),
      );
      expect(tries.map((r) => r.status)).toEqual([...Array(10).fill(401), 429]);

      const email = uniqueEmail();
      const password = 'secreto123';
      await limited.deps.auth.api.signUpEmail({ body: { email, password, name: 'persona' } });
      const signInAs = (pass: string, n: number) =>
        limited.request('/api/auth/sign-in/email', {
          method: 'POST',
          json: { email, password: pass },
          address: `192.0.2.${n}`,
        });
      for (let i = 1; i <= 9; i++) expect((await signInAs('incorrecta', i)).status).toBe(401);
      expect((await signInAs(password, 100)).status).toBe(200);
      // The count started again: nine more mistakes do not lock the account.
      for (let i = 1; i <= 9; i++) expect((await signInAs('incorrecta', 200 + i)).status).toBe(401);
      expect((await signInAs(password, 210)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('throttles sign-up after 5 a minute', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      const attempt = () =>
        limited.request('/api/auth/sign-up/email', {
          method: 'POST',
          json: { email: uniqueEmail(), password: 'secreto123', acceptTerms: true },
        });
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

      const guess = () =>
        limited.request('/api/auth/reset-password', {
          method: 'POST',
          json: { token: 'adivinado', newPassword: 'nuevaClave456' },
        });
      expect((await statuses(5, guess)).map((r) => r.status)).toEqual(Array(5).fill(400));
      const blocked = await guess();
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual(RATE_LIMITED);
    } finally {
      await limited.close();
    }
  });

  it('keys on the socket address: a client-sent X-Forwarded-For never changes it', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      let n = 0;
      const attempt = () =>
        limited.request('/api/auth/sign-in/email', {
          method: 'POST',
          json: { email: uniqueEmail('otro'), password: 'incorrecta' },
          address: '203.0.113.50',
          headers: { 'x-forwarded-for': `198.51.100.${++n}` },
        });
      expect((await statuses(10, attempt)).map((r) => r.status)).toEqual(Array(10).fill(401));
      expect((await attempt()).status).toBe(429);
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

describe('better-auth endpoints the app does not use', () => {
  it('refuses update-user: onboarding state and the rest of the user row are written by the server alone', async () => {
    const { cookie, email } = await signUp(t);
    for (const json of [
      { onboardingStep: 'completado' },
      { name: 'Otro nombre', image: 'https://ejemplo.test/x.png' },
    ]) {
      const res = await t.request('/api/auth/update-user', { method: 'POST', json, cookie });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Ruta de la API no encontrada' } });
    }
    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ onboardingStep: 'pendiente', image: null, name: email.split('@')[0] });
    expect(((await (await me(cookie)).json()) as { user: { onboardingStep: string } }).user.onboardingStep).toBe(
      'pendiente',
    );
  });

  it.each(['change-email', 'change-password', 'delete-user', 'revoke-sessions', 'set-password'])(
    'answers 404 to POST /api/auth/%s',
    async (name) => {
      const { cookie } = await signUp(t);
      const res = await t.request(`/api/auth/${name}`, { method: 'POST', json: {}, cookie });
      expect(res.status).toBe(404);
    },
  );

  it.each(['list-sessions', 'list-accounts'])('answers 404 to GET /api/auth/%s', async (name) => {
    const { cookie } = await signUp(t);
    expect((await t.request(`/api/auth/${name}`, { cookie })).status).toBe(404);
  });
});
