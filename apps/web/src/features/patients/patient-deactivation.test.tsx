import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import PatientsPage from './pages/patients-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const patient = (id: string, nombres: string, apellidos: string, estado = 'activo') => ({
  id,
  nombres,
  apellidos,
  email: null,
  telefono: null,
  fotoUrl: null,
  estado,
  ultimaVisita: null,
  proximaVisita: null,
  alertas: [],
});

let permisos: string[];
let active: ReturnType<typeof patient>[];
let deactivated: ReturnType<typeof patient>[];
let preview: { resultado: 'eliminado' | 'archivado'; citasFuturas: number };
let calls: string[];

beforeEach(() => {
  permisos = ['pacientes.ver', 'pacientes.editar', 'pacientes.eliminar'];
  active = [patient('p1', 'Clara', 'Soto')];
  deactivated = [patient('p9', 'Rosa', 'Vega', 'inactivo')];
  preview = { resultado: 'archivado', citasFuturas: 2 };
  calls = [];
  stubApi(
    () => ({ rol: 'personalizado', permisos }),
    (url, request) => {
      calls.push(`${request.method} ${url.pathname}${url.search}`);
      if (url.pathname === '/api/pacientes') {
        const rows = url.searchParams.get('ver') === 'desactivados' ? deactivated : active;
        return json({ pacientes: rows, total: rows.length, pagina: 1, porPagina: 10 });
      }
      if (url.pathname === '/api/pacientes/p1/eliminacion') return json(preview);
      if (url.pathname === '/api/pacientes/p1' && request.method === 'DELETE') {
        active = [];
        return json({ ...preview, mensaje: 'Desactivado, citas canceladas' });
      }
      if (url.pathname === '/api/pacientes/p9/reactivar' && request.method === 'POST') {
        active = [...active, { ...deactivated[0], estado: 'activo' }];
        deactivated = [];
        return json({ paciente: active.at(-1), mensaje: 'Paciente reactivado' });
      }
      return undefined;
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.info).mockClear();
  vi.mocked(toast.success).mockClear();
});

function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.search}</p>;
}

/** The page once the session is known (the app's guard does the same). */
function AfterSession() {
  return useSession().loading ? null : <PatientsPage />;
}

function renderPage(path = '/pacientes') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/pacientes" element={<AfterSession />} />
          </Routes>
          <Location />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

async function openDelete() {
  fireEvent.click(await screen.findByRole('button', { name: 'Eliminar a Clara Soto' }));
  return screen.findByRole('alertdialog');
}

describe('deleting a patient says what will happen', () => {
  it('a patient with clinical records is deactivated, and their future appointments cancelled', async () => {
    renderPage();
    const dialog = await openDelete();
    expect(await within(dialog).findByText(/se desactivará y dejará de aparecer/)).toBeTruthy();
    expect(within(dialog).getByText('Se cancelarán sus 2 citas futuras y se avisará al equipo.')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: '¿Desactivar paciente?' })).toBeTruthy();
    expect(within(dialog).queryByText(/no se puede deshacer/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith('Paciente desactivado', 'Desactivado, citas canceladas'),
    );
    expect(calls).toContain('DELETE /api/pacientes/p1');
    // The list loads again; the preview of a patient now gone is not asked again (it would answer 404).
    await waitFor(() => expect(calls.at(-1)).toMatch(/^GET \/api\/pacientes\?/));
    expect(calls.slice(calls.indexOf('DELETE /api/pacientes/p1'))).not.toContain('GET /api/pacientes/p1/eliminacion');
  });

  it('a patient without them is erased, which cannot be undone', async () => {
    preview = { resultado: 'eliminado', citasFuturas: 1 };
    renderPage();
    const dialog = await openDelete();
    expect(await within(dialog).findByText('Esta acción no se puede deshacer...')).toBeTruthy();
    expect(within(dialog).getByText('También se eliminarán su cita futura y se avisará al equipo.')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: '¿Eliminar paciente?' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeTruthy();
  });
});

describe("'Desactivados'", () => {
  it("is a filter in the URL whose patients have 'Reactivar' and no record to open", async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: 'Clara Soto' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Desactivados' }));
    expect(screen.getByTestId('location').textContent).toBe('?ver=desactivados');
    expect(await screen.findByText('Rosa Vega')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desactivados' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Rosa Vega' })).toBeNull();
    expect(screen.getByText('Desactivado')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reactivar a Rosa Vega' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Rosa Vega', 'Paciente reactivado'));
    expect(await screen.findByText('No hay pacientes desactivados')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Actuales' }));
    expect(screen.getByTestId('location').textContent).toBe('');
    expect(await screen.findByRole('link', { name: 'Rosa Vega' })).toBeTruthy();
  });

  it("has no 'Reactivar' for a member who cannot edit patients", async () => {
    permisos = ['pacientes.ver'];
    renderPage('/pacientes?ver=desactivados');
    expect(await screen.findByText('Rosa Vega')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reactivar/ })).toBeNull();
  });
});
