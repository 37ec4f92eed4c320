import type { APIRequestContext } from '@playwright/test';
import { ok, uniqueEmail } from './accounts';

/** A 48×48 teal PNG: a real image for logo and photo uploads. */
export const TEAL_PNG = {
  name: 'logo.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwSlALUKQPBNLuo9LKqAh8OBJ96t7zj+Ih0ah8lCkbOf4CTCOQuWhSNnOIRQDbRQqD0XKhkMDxqqOKNeZH72fZjHQRqHyUKRsODRgrOrIp1F4AWWLoog5xKn0AAAAAElFTkSuQmCC',
    'base64',
  ),
};

/** Says it is a PNG but is not one: passes the browser's check, refused by the server's. */
export const FAKE_PNG = { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('esto no es una imagen') };

/**
 * A signed-in account made through the API, stopped at an onboarding step (STYLE.md: sessions come
 * from the API; one test covers the forms). Pass `page.request` so the cookie lands in the page.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  options: { email?: string; password?: string; step?: 'pendiente' | 'perfil_completado' } = {},
) {
  const email = options.email ?? uniqueEmail('cuenta');
  const password = options.password ?? 'secreto123';
  await ok(await request.post('/api/auth/sign-up/email', { data: { email, password, acceptTerms: true } }), 'sign-up');
  if (options.step === 'perfil_completado') {
    await ok(
      await request.put('/api/perfil', { data: { nombres: 'Marta', apellidos: 'Gil Soto', telefono: '611 222 333' } }),
      'profile',
    );
  }
  return { email, password };
}
