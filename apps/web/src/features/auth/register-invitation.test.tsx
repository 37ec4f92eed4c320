import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TEAM_MESSAGES } from '@odontia/shared';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import AuthPage from './pages/auth-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

let signUps: unknown[] = [];

function installApi() {
  signUps = [];
  let signedIn = false;
  stubApi(
    // Marta, invited to the clinic, has no profile yet.
    () =>
      signedIn
        ? {
            user: { id: 'u9', email: 'marta@ejemplo.test', onboardingStep: 'pendiente' },
            perfil: { nombres: null },
            rol: 'asistente',
            permisos: ['pacientes.ver'],
          }
        : null,
    async (url, request) => {
      if (url.pathname === '/api/invitaciones/token/buena') {
        return json({ email: 'marta@ejemplo.test', nombres: 'Marta', clinica: 'Clínica Sol', rol: 'Asistente' });
      }
      if (url.pathname === '/api/invitaciones/token/caducada') {
        return json({ error: { code: 'not_found', message: TEAM_MESSAGES.invitationExpired } }, 410);
      }
      if (url.pathname === '/api/auth/sign-up/email') {
        signUps.push(await request.json());
        signedIn = true;
        return json({ token: null, user: { id: 'u9', email: 'marta@ejemplo.test' } });
      }
      return undefined;
    },
  );
}

function Location() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/auth" element={<AuthPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

beforeEach(installApi);
afterEach(() => vi.unstubAllGlobals());

describe('registering from an invitation link', () => {
  it('says who invites, fixes the invited email and sends the token with the sign-up', async () => {
    renderAt('/auth?register=true&invitacion=buena');
    const note = await screen.findByRole('note', { name: 'Invitación' });
    expect(note.textContent).toContain('Clínica Sol');
    expect(note.textContent).toContain('Asistente');
    const email = screen.getByLabelText(/Correo electrónico/) as HTMLInputElement;
    expect(email.value).toBe('marta@ejemplo.test');
    expect(email.readOnly).toBe(true);

    fireEvent.change(screen.getByLabelText(/^Contraseña/), { target: { value: 'secreto123' } });
    fireEvent.change(screen.getByLabelText(/Confirmar contraseña/), { target: { value: 'secreto123' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Acepto los términos y condiciones' }));
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/onboarding/perfil'));
    expect(signUps).toEqual([
      { email: 'marta@ejemplo.test', password: 'secreto123', acceptTerms: true, invitacion: 'buena' },
    ]);
  });

  it('an expired or used link says so and offers no form', async () => {
    renderAt('/auth?register=true&invitacion=caducada');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invitación no válida');
    expect(alert.textContent).toContain(TEAM_MESSAGES.invitationExpired);
    expect(screen.queryByRole('button', { name: 'Crear cuenta' })).toBeNull();
  });

  it('keeps the invitation when moving between the tabs', async () => {
    renderAt('/auth?register=true&invitacion=buena');
    await screen.findByRole('note', { name: 'Invitación' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Iniciar sesión' }));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Registrarse' }));
    expect(await screen.findByRole('note', { name: 'Invitación' })).toBeTruthy();
  });
});
