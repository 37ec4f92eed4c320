import { PATIENT_COUNT_LIMIT, PATIENTS_PAGE_SIZE, type PatientPage } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import { PatientSearch } from './components/patient-search';
import PatientsPage from './pages/patients-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const PATIENTS = [
  { id: 'p1', nombres: 'Íñigo', apellidos: 'Muñoz', email: 'inigo@correo.es', telefono: null, fotoUrl: null },
  { id: 'p2', nombres: 'Lucía', apellidos: 'Muñoz Gil', email: null, telefono: '600 111 222', fotoUrl: null },
];

let clinica: { id: string; nombre: string; logoUrl: null; zonaHoraria: string } | null = null;
let searches: string[] = [];
/** The answer of GET /api/pacientes; by default the clinic_required refusal. */
let patientsPage: PatientPage | null = null;

function installApi() {
  searches = [];
  stubApi(
    () => ({ clinica, rol: clinica ? 'admin' : null, permisos: clinica ? ['pacientes.ver'] : [] }),
    (url) => {
      if (url.pathname === '/api/pacientes/sugerencias') {
        const q = url.searchParams.get('q') ?? '';
        searches.push(q);
        return json({ pacientes: q === 'munoz' ? PATIENTS : [] });
      }
      if (url.pathname === '/api/pacientes') {
        if (patientsPage) return json(patientsPage);
        return json(
          { error: { code: 'clinic_required', message: 'Necesitas configurar tu clínica para continuar' } },
          403,
        );
      }
      return undefined;
    },
  );
}

function Location() {
  const location = useLocation();
  return <p data-testid="path">{location.pathname}</p>;
}

function renderAt(path: string, element: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={element} />
          </Routes>
          <Location />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

beforeEach(installApi);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
  clinica = null;
  patientsPage = null;
});

describe('PatientSearch (top bar)', () => {
  it('searches once typing pauses, moves with the arrows, opens with Enter and closes with Escape', async () => {
    renderAt('/dashboard', <PatientSearch />);
    const input = screen.getByRole('combobox', { name: 'Buscar pacientes' });
    fireEvent.change(input, { target: { value: 'm' } });
    fireEvent.change(input, { target: { value: 'mun' } });
    fireEvent.change(input, { target: { value: 'munoz' } });
    const options = await screen.findAllByRole('option');
    // Debounced: one request for the word, none for each key.
    expect(searches).toEqual(['munoz']);
    expect(options).toHaveLength(2);
    expect(options[0].textContent).toContain('Íñigo Muñozinigo@correo.es');
    expect(options[1].textContent).toContain('Lucía Muñoz Gil600 111 222');
    expect(input.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1].id);
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0].id);

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('path').textContent).toBe('/pacientes/p1');
    expect((input as HTMLInputElement).value).toBe('');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(input, { target: { value: 'munoz' } });
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('says when nothing matches', async () => {
    renderAt('/dashboard', <PatientSearch />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Buscar pacientes' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No se encontraron pacientes')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toEqual([]);
  });
});

describe('Pacientes without a configured clinic', () => {
  it("says 'Clínica no configurada' and goes to /configurar-clinica", async () => {
    renderAt('/pacientes', <PatientsPage />);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/configurar-clinica'));
    expect(toast.error).toHaveBeenCalledWith(
      'Clínica no configurada',
      'Necesitas configurar tu clínica para gestionar pacientes',
      expect.anything(),
    );
  });

  it('also when the API answers clinic_required (a clinic removed since the session loaded)', async () => {
    clinica = { id: 'c1', nombre: 'Clínica', logoUrl: null, zonaHoraria: 'Europe/Madrid' };
    renderAt('/pacientes', <PatientsPage />);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/configurar-clinica'));
    expect(toast.error).toHaveBeenCalledWith(
      'Clínica no configurada',
      'Necesitas configurar tu clínica para gestionar pacientes',
      expect.anything(),
    );
    expect(toast.error).not.toHaveBeenCalledWith('Error al cargar pacientes', expect.anything(), expect.anything());
  });
});

describe('Pacientes list', () => {
  const page = (total: number, totalExacto: boolean): PatientPage => ({
    pacientes: PATIENTS.map((p) => ({ ...p, estado: 'activo', ultimaVisita: null, proximaVisita: null, alertas: [] })),
    total,
    totalExacto,
    pagina: 1,
    porPagina: PATIENTS_PAGE_SIZE,
  });

  it("says 'más de 1.000' when a search matched more than the API counts, the exact total otherwise", async () => {
    clinica = { id: 'c1', nombre: 'Clínica', logoUrl: null, zonaHoraria: 'Europe/Madrid' };
    patientsPage = page(PATIENT_COUNT_LIMIT, false);
    const { unmount } = renderAt('/pacientes?q=mar', <PatientsPage />);
    expect(await screen.findByText('Mostrando 1 - 10 de más de 1.000')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Paginación' })).toBeTruthy();
    unmount();

    patientsPage = page(25, true);
    renderAt('/pacientes?q=mar', <PatientsPage />);
    expect(await screen.findByText('Mostrando 1 - 10 de 25')).toBeTruthy();
  });
});
