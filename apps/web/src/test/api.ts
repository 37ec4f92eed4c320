import { vi } from 'vitest';
import type { Account } from '@/lib/session';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API's 404, with its message ('No encontrado' unless a test reads another). */
export const notFound = (message = 'No encontrado') => json({ error: { code: 'not_found', message } }, 404);

type Member = {
  rol: string | null;
  permisos: string[];
  /** Left out: Ana's clinic in Madrid; null: none yet (a new account in onboarding). */
  clinica?: Record<string, unknown> | null;
  /** What differs from Ana's account (another id, an onboarding step) and from her profile. */
  user?: Partial<Account['user']>;
  perfil?: Partial<Account['perfil']>;
};

/**
 * A screen's routes: the request's URL and the request itself (its method, its body), answered with
 * a Response, or undefined for a 404.
 */
type Routes = (url: URL, request: Request) => Response | undefined | Promise<Response | undefined>;

/**
 * Stubs `fetch` for a screen's test: `/api/me` answers a signed-in member of a clinic in Madrid (Ana,
 * with `member()`'s rol, permissions and, if given, clinic, account and profile), or 401 when
 * `member()` is null (signed out); `routes` answers the rest, and anything it leaves (undefined) is a
 * 404. `member` is read on every request, so a test may change it first.
 */
export function stubApi(member: () => Member | null, routes: Routes = () => undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url);
      if (url.pathname === '/api/me') {
        const signedIn = member();
        if (!signedIn) return json({ error: { code: 'unauthorized', message: 'Debes iniciar sesión' } }, 401);
        const { rol, permisos, clinica, user, perfil } = signedIn;
        return json({
          user: { id: 'u1', email: 'ana@ejemplo.test', onboardingStep: 'completado', ...user },
          perfil: { nombres: 'Ana', apellidos: null, telefono: null, fotoUrl: null, ...perfil },
          clinica:
            clinica === undefined
              ? { id: 'c1', nombre: 'Clínica', logoUrl: null, zonaHoraria: 'Europe/Madrid' }
              : clinica,
          rol,
          permisos,
        });
      }
      return (await routes(url, request)) ?? notFound();
    }),
  );
}
