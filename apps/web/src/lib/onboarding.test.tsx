import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/api';
import { useOnboardingRedirect } from './onboarding';
import { homeFor, onboardingRedirect } from './onboarding-path';
import { createQueryClient } from './query-client';
import { SessionProvider, useSession } from './session';

describe('onboardingRedirect (spec 000 §4)', () => {
  it.each([
    ['pendiente', '/dashboard', '/onboarding/perfil'],
    ['pendiente', '/', '/onboarding/perfil'],
    ['pendiente', '/onboarding/clinica', '/onboarding/perfil'],
    ['pendiente', '/onboarding/perfil', null],
    ['pendiente', '/onboarding/perfil/', null],
    ['perfil_completado', '/dashboard', '/onboarding/clinica'],
    ['perfil_completado', '/onboarding/perfil', '/onboarding/clinica'],
    ['perfil_completado', '/onboarding/clinica', null],
    ['completado', '/onboarding/perfil', '/dashboard'],
    ['completado', '/onboarding/clinica', '/dashboard'],
    ['completado', '/dashboard', null],
    ['completado', '/pacientes', null],
    ['completado', '/configurar-clinica', null],
    ['completado', '/', null],
    // An unknown or missing step counts as pendiente.
    [undefined, '/dashboard', '/onboarding/perfil'],
    ['otro', '/dashboard', '/onboarding/perfil'],
  ])('%s on %s → %s', (step, path, expected) => {
    expect(onboardingRedirect(step, path)).toBe(expected);
  });

  it.each(['/auth', '/auth/recuperar-clave', '/auth/reset-password'])('never redirects on %s', (path) => {
    for (const step of ['pendiente', 'perfil_completado', 'completado'])
      expect(onboardingRedirect(step, path)).toBeNull();
  });

  it('sends a signed-in person to the step they have to finish', () => {
    expect(homeFor('pendiente')).toBe('/onboarding/perfil');
    expect(homeFor('perfil_completado')).toBe('/onboarding/clinica');
    expect(homeFor('completado')).toBe('/dashboard');
  });
});

// --- The hook with the real session layer, against a fake /api ---

let step = 'pendiente';
let signedIn = true;

function installApi() {
  stubApi(
    // A new account at `step`: no profile and no clinic yet.
    () =>
      signedIn
        ? { user: { onboardingStep: step }, perfil: { nombres: null }, clinica: null, rol: null, permisos: [] }
        : null,
    (url) => {
      if (url.pathname === '/api/auth/sign-in/email') {
        signedIn = true;
        return json({ user: { id: 'u1' } });
      }
      if (url.pathname === '/api/auth/sign-out') {
        signedIn = false;
        return json({ success: true });
      }
      return undefined;
    },
  );
}

let queryClient: ReturnType<typeof createQueryClient>;

function Probe() {
  useOnboardingRedirect();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [, force] = useState(0);
  return (
    <div>
      <p data-testid="path">{location.pathname}</p>
      <p data-testid="event">{session.lastEvent?.type ?? ''}</p>
      <button type="button" onClick={() => navigate('/dashboard')}>
        dashboard
      </button>
      <button
        type="button"
        onClick={() =>
          void session.signIn({ email: 'ana@ejemplo.test', password: 'secreto123' }).then(() => force((n) => n + 1))
        }
      >
        entrar
      </button>
      <button type="button" onClick={() => void session.signOut()}>
        salir
      </button>
    </div>
  );
}

function renderAt(path: string) {
  queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Probe />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const path = () => screen.getByTestId('path').textContent;

describe('useOnboardingRedirect', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    step = 'pendiente';
    signedIn = true;
  });

  it('redirects on the initial session, then never again in the same session', async () => {
    installApi();
    renderAt('/dashboard');
    await waitFor(() => expect(path()).toBe('/onboarding/perfil'));
    expect(screen.getByTestId('event').textContent).toBe('INITIAL_SESSION');

    // A later session check (TOKEN_REFRESHED) finds the same step, but the one redirect is spent.
    act(() => screen.getByText('dashboard').click());
    await act(() => queryClient.refetchQueries({ queryKey: ['session'] }));
    expect(screen.getByTestId('event').textContent).toBe('TOKEN_REFRESHED');
    expect(path()).toBe('/dashboard');
  });

  it('does not redirect on /auth, and sign-in clears the flag', async () => {
    installApi();
    renderAt('/auth');
    await waitFor(() => expect(screen.getByTestId('event').textContent).toBe('INITIAL_SESSION'));
    expect(path()).toBe('/auth');
    act(() => screen.getByText('entrar').click());
    await waitFor(() => expect(screen.getByTestId('event').textContent).toBe('SIGNED_IN'));
    expect(path()).toBe('/auth');

    // The flag is clear: the next check away from /auth redirects once.
    act(() => screen.getByText('dashboard').click());
    await act(() => queryClient.refetchQueries({ queryKey: ['session'] }));
    await waitFor(() => expect(path()).toBe('/onboarding/perfil'));
  });

  it('sends completado away from onboarding only', async () => {
    step = 'completado';
    installApi();
    renderAt('/onboarding/clinica');
    await waitFor(() => expect(path()).toBe('/dashboard'));
  });

  it('goes to / after signOut()', async () => {
    step = 'completado';
    installApi();
    renderAt('/dashboard');
    await waitFor(() => expect(screen.getByTestId('event').textContent).toBe('INITIAL_SESSION'));
    act(() => screen.getByText('salir').click());
    await waitFor(() => expect(path()).toBe('/'));
    expect(screen.getByTestId('event').textContent).toBe('SIGNED_OUT');
  });
});
