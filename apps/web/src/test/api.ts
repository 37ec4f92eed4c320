import { vi } from 'vitest';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const notFound = () => json({ error: { code: 'not_found', message: 'No encontrado' } }, 404);

type Member = { rol: string; permisos: string[]; clinica?: Record<string, unknown> };

/**
 * Stubs `fetch` for a screen's test: `/api/me` answers a signed-in member of a clinic in Madrid (Ana,
 * with `member()`'s rol, permissions and, if given, clinic), `routes` answers the rest, and anything it
 * leaves (undefined) is a 404. `member` is read on every request, so a test may change it first.
 */
export function stubApi(member: () => Member, routes: (url: URL) => Response | undefined = () => undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      if (url.pathname === '/api/me') {
        const { rol, permisos, clinica } = member();
        return json({
          user: { id: 'u1', email: 'ana@ejemplo.test', onboardingStep: 'completado' },
          perfil: { nombres: 'Ana', apellidos: null, telefono: null, fotoUrl: null },
          clinica: clinica ?? { id: 'c1', nombre: 'Clínica', logoUrl: null, zonaHoraria: 'Europe/Madrid' },
          rol,
          permisos,
        });
      }
      return routes(url) ?? notFound();
    }),
  );
}
