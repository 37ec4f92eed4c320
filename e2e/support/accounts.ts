import type { APIRequestContext, APIResponse } from '@playwright/test';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@ejemplo.test`;
}

/** The response of an API set-up step, or an error that names the step and says what the server answered. */
export async function ok(res: APIResponse, what: string) {
  if (!res.ok()) throw new Error(`${what} failed: ${res.status()} ${await res.text()}`);
  return res;
}

/**
 * A signed-in clinic owner created through the API (STYLE.md: tests create sessions through the
 * API; one test covers the forms). Pass `page.request` so the session cookie lands in the page.
 */
/** A clinic in Bogotá: it counts in pesos, the store's currency (issue 23). */
export const BOGOTA = { pais: 'Colombia', ciudad: 'Bogotá', direccion: 'Carrera 7 # 72-41' } as const;

export async function createClinicOwner(
  request: APIRequestContext,
  options: {
    email?: string;
    password?: string;
    nombres?: string;
    apellidos?: string;
    clinica?: string;
    /** Where the clinic is: Madrid (euros) unless said; the store sells only to clinics in Colombia (pesos). */
    lugar?: { pais: string; ciudad: string; direccion: string };
  } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'secreto123';
  await ok(await request.post('/api/auth/sign-up/email', { data: { email, password, acceptTerms: true } }), 'sign-up');
  await ok(
    await request.put('/api/perfil', {
      data: {
        nombres: options.nombres ?? 'Lucía',
        apellidos: options.apellidos ?? 'Fernández Ruiz',
        telefono: '600 123 456',
      },
    }),
    'profile',
  );
  await ok(
    await request.post('/api/clinica', {
      data: {
        nombre: options.clinica ?? 'Clínica Sonrisa E2E',
        telefono: '910 000 000',
        ...(options.lugar ?? { pais: 'España', ciudad: 'Madrid', direccion: 'Calle Mayor 1' }),
      },
    }),
    'clinic',
  );
  return { email, password };
}
