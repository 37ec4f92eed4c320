import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perfilesUsuario, user } from '../../db/schema/index.ts';
import { keyFromPublicUrl } from '../../platform/storage/storage.ts';
import { createClinicOwner, createTestApp, errorOf, signUp, type ApiClient, type TestApp } from '../../test/app.ts';

let t: TestApp;
let png: Uint8Array;
beforeAll(async () => {
  t = await createTestApp();
  png = new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer(),
  );
});
afterAll(() => t.close());

const PERFIL = { nombres: 'Ana', apellidos: 'García López', telefono: '600 123 456' };

const getProfile = (cookie: string) => t.client(cookie).perfil.$get();
// Extra fields (an id...) are allowed here: the tests check that the server ignores them.
const putProfile = (
  cookie: string,
  json: InferRequestType<ApiClient['perfil']['$put']>['json'] & Record<string, unknown>,
) => t.client(cookie).perfil.$put({ json });
const uploadPhoto = (cookie: string, bytes: Uint8Array, name = 'foto.png', type = 'image/png') =>
  t.client(cookie).perfil.foto.$post({ form: { foto: new File([bytes as Uint8Array<ArrayBuffer>], name, { type }) } });
const stepOf = async (userId: string) =>
  (await t.db.select({ step: user.onboardingStep }).from(user).where(eq(user.id, userId)))[0].step;

describe('GET /api/perfil', () => {
  it('gives a blank profile with the read-only email before the first save', async () => {
    const { cookie, email } = await signUp(t);
    const res = await getProfile(cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      email,
      onboardingStep: 'pendiente',
      nombres: null,
      apellidos: null,
      telefono: null,
      fotoUrl: null,
    });
  });

  it('needs a session', async () => {
    expect((await getProfile('')).status).toBe(401);
    expect((await putProfile('', PERFIL)).status).toBe(401);
  });
});

describe('PUT /api/perfil', () => {
  it('saves the profile and moves onboarding from pendiente to perfil_completado', async () => {
    const { cookie, userId } = await signUp(t);
    const res = await putProfile(cookie, { nombres: '  Ana ', apellidos: 'García López', telefono: '600 123 456' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      nombres: 'Ana',
      apellidos: 'García López',
      telefono: '600 123 456',
      fotoUrl: null,
      onboardingStep: 'perfil_completado',
    });
    expect(await stepOf(userId)).toBe('perfil_completado');
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me).toMatchObject({
      user: { onboardingStep: 'perfil_completado' },
      perfil: { nombres: 'Ana', apellidos: 'García López', telefono: '600 123 456' },
    });
  });

  it('never moves a finished onboarding back', async () => {
    const owner = await createClinicOwner(t);
    const res = await putProfile(owner.cookie, PERFIL);
    expect((await res.json()).onboardingStep).toBe('completado');
    expect(await stepOf(owner.userId)).toBe('completado');
  });

  it('validates with the profile messages', async () => {
    const { cookie, userId } = await signUp(t);
    const empty = await putProfile(cookie, { nombres: ' ', apellidos: '', telefono: '' });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).fields).toEqual({
      nombres: 'Ingresa tu nombre',
      apellidos: 'Ingresa tus apellidos',
      telefono: 'Ingresa un número de teléfono',
    });
    for (const telefono of ['12345678', '1234567890123456', '600-123-456', '+34600123456']) {
      const res = await putProfile(cookie, { ...PERFIL, telefono });
      expect((await errorOf(res)).fields, telefono).toEqual({ telefono: 'Ingresa un número de teléfono válido' });
    }
    expect(await stepOf(userId)).toBe('pendiente');
    for (const telefono of ['600123456', '600 12 34 56', '123456789012345']) {
      expect((await putProfile(cookie, { ...PERFIL, telefono })).status, telefono).toBe(200);
    }
  });

  it("changes only the caller's own profile, whatever id the body names", async () => {
    const victim = await signUp(t);
    await putProfile(victim.cookie, PERFIL);
    const attacker = await signUp(t);
    const res = await putProfile(attacker.cookie, { ...PERFIL, nombres: 'Intruso', id: victim.userId });
    expect(res.status).toBe(200);
    const [victimRow] = await t.db.select().from(perfilesUsuario).where(eq(perfilesUsuario.id, victim.userId));
    expect(victimRow.nombres).toBe('Ana');
    const read = await (await getProfile(attacker.cookie)).json();
    expect(read).toMatchObject({ email: attacker.email, nombres: 'Intruso' });
    // No route takes a profile id: another person's profile cannot even be addressed.
    expect((await t.request(`/api/perfil/${victim.userId}`, { cookie: attacker.cookie })).status).toBe(404);
  });
});

describe('POST /api/perfil/foto', () => {
  it('stores the photo under profile_photos/{user}/, serves it and deletes the one it replaces', async () => {
    const { cookie, userId } = await signUp(t);
    const first = await uploadPhoto(cookie, png);
    expect(first.status).toBe(200);
    const { fotoUrl } = await first.json();
    expect(fotoUrl).toMatch(new RegExp(`^/files/profile_photos/${userId}/\\d+-foto\\.png$`));
    expect((await t.request(fotoUrl)).status).toBe(200);

    const second = await (await uploadPhoto(cookie, png)).json();
    expect(second.fotoUrl).not.toBe(fotoUrl);
    expect(await t.deps.storage.get(keyFromPublicUrl(fotoUrl)!)).toBeNull();
    expect(await t.deps.storage.get(keyFromPublicUrl(second.fotoUrl)!)).not.toBeNull();
    const [row] = await t.db.select().from(perfilesUsuario).where(eq(perfilesUsuario.id, userId));
    expect(row.fotoUrl).toBe(second.fotoUrl);
  });

  it('refuses a file that is not an image, whatever its name and type say', async () => {
    const { cookie } = await signUp(t);
    const res = await uploadPhoto(
      cookie,
      new TextEncoder().encode('<script>alert(1)</script>'),
      'foto.png',
      'image/png',
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: { code: 'unsupported_media_type', message: 'El archivo debe ser una imagen' },
    });
  });

  it('refuses an image over 2MB', async () => {
    const { cookie } = await signUp(t);
    const res = await uploadPhoto(cookie, new Uint8Array(2 * 1024 * 1024 + 1));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe('La imagen no debe superar los 2MB');
  });
});
