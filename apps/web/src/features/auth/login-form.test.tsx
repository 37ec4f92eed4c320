import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { LoginForm } from './components/login-form';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the login page sees it before signing in: no session, and the demo endpoint as given. */
function installApi(demo: Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      calls.push(url.pathname);
      if (url.pathname === '/api/demo') return demo.clone();
      return json({ error: { code: 'unauthorized', message: 'No has iniciado sesión' } }, 401);
    }),
  );
  return calls;
}

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter>
          <LoginForm />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginForm demo hint', () => {
  it('shows the demo credentials when the server has a demo clinic, and fills the form with them', async () => {
    installApi(json({ demo: { email: 'demo@odontia.local', password: 'demo1234' } }));
    renderForm();
    const hint = await screen.findByRole('note', { name: 'Clínica de demostración' });
    expect(hint.textContent).toContain('demo@odontia.local');
    expect(hint.textContent).toContain('demo1234');

    fireEvent.click(screen.getByRole('button', { name: 'Usar la cuenta de demostración' }));
    expect((screen.getByLabelText(/Correo electrónico/) as HTMLInputElement).value).toBe('demo@odontia.local');
    expect((screen.getByLabelText(/Contraseña/) as HTMLInputElement).value).toBe('demo1234');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Iniciar sesión' }));
  });

  it('shows no hint when the server answers 404 (no demo clinic)', async () => {
    const calls = installApi(json({ error: { code: 'not_found', message: 'No hay clínica de demostración' } }, 404));
    renderForm();
    await waitFor(() => expect(calls).toContain('/api/demo'));
    // Let the failed query settle: the hint must still be absent afterwards.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('note', { name: 'Clínica de demostración' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
  });
});
