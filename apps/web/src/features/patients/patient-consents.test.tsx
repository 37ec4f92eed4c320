import { PATIENT_MESSAGES } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import EditPatientPage from './pages/edit-patient-page';
import NewPatientPage from './pages/new-patient-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const REMINDERS = PATIENT_MESSAGES.consentimientoRecordatorios;
const OTHERS = PATIENT_MESSAGES.consentimientoComunicaciones;

const PATIENT = {
  id: 'p1',
  nombres: 'Clara',
  apellidos: 'Soto',
  email: 'clara@correo.es',
  telefono: null,
  direccion: null,
  fechaNacimiento: null,
  genero: null,
  notas: null,
  fotoUrl: null,
  estado: 'activo',
  ultimaVisita: null,
  proximaVisita: null,
  fechaActualizacion: null,
  alertas: [],
  consentimientos: {
    // 23:30 UTC on 2 March is already 3 March in Madrid, the clinic's zone: the line says the clinic's day.
    recordatorios: { fecha: '2026-03-02T23:30:00.000Z', por: 'Sofía López' },
    comunicaciones: null,
  },
};

let sent: { method: string; body: Record<string, unknown> }[];

beforeEach(() => {
  sent = [];
  stubApi(
    () => ({ rol: 'recepcion', permisos: ['pacientes.ver', 'pacientes.crear', 'pacientes.editar'] }),
    async (url, request) => {
      if (url.pathname === '/api/pacientes' && request.method === 'POST') {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ method: 'POST', body });
        return json({ ...PATIENT, ...body, id: 'nuevo' }, 201);
      }
      if (url.pathname === '/api/pacientes/p1' && request.method === 'PUT') {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ method: 'PUT', body });
        return json(PATIENT);
      }
      if (url.pathname === '/api/pacientes/p1') return json(PATIENT);
      if (url.pathname === '/api/pacientes/p1/antecedentes') return json({ antecedentes: [] });
      return undefined;
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function AfterSession({ children }: { children: React.ReactNode }) {
  return useSession().loading ? null : children;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/pacientes/nuevo"
              element={
                <AfterSession>
                  <NewPatientPage />
                </AfterSession>
              }
            />
            <Route
              path="/pacientes/:id"
              element={
                <AfterSession>
                  <EditPatientPage />
                </AfterSession>
              }
            />
            <Route path="/pacientes" element={<p>Lista de pacientes</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const LOADED = { timeout: 5000 };
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
/** What a screen reader reads with the control besides its name (aria-describedby). */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe("the patient's consents on the patient form (issue 24)", () => {
  it("'Nuevo Paciente' has both boxes, labelled, in a 'Comunicaciones' group, unticked; it sends what is ticked", async () => {
    renderAt('/pacientes/nuevo');
    fireEvent.change(await screen.findByLabelText(/^Nombres/, {}, LOADED), { target: { value: 'Irene' } });
    fireEvent.change(screen.getByLabelText(/^Apellidos/), { target: { value: 'Salas' } });

    const group = screen.getByRole('group', { name: 'Comunicaciones' });
    const reminders = within(group).getByRole('checkbox', { name: REMINDERS });
    const others = within(group).getByRole('checkbox', { name: OTHERS });
    for (const box of [reminders, others]) {
      expect(box.getAttribute('aria-checked')).toBe('false');
      // A button of its own (Space toggles it): reached with Tab like any control.
      expect(box.tagName).toBe('BUTTON');
      box.focus();
      expect(document.activeElement).toBe(box);
    }
    // The label is the control's: a click on the text ticks the box.
    fireEvent.click(screen.getByText(REMINDERS));
    expect(reminders.getAttribute('aria-checked')).toBe('true');
    // Nothing is recorded yet: no 'Registrado el' line on a new patient.
    expect(screen.queryByText(/^Registrado el/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Registrar Paciente' }));
    await waitFor(() => expect(sent).toHaveLength(1), LOADED);
    expect(sent[0]).toEqual({
      method: 'POST',
      body: expect.objectContaining({
        nombres: 'Irene',
        apellidos: 'Salas',
        consentimientoRecordatorios: true,
        consentimientoComunicaciones: false,
      }),
    });
  });

  it("'Editar Paciente' ticks the consents the record has, says when and by whom under each, and sends a withdrawal", async () => {
    renderAt('/pacientes/p1');
    await screen.findByRole('heading', { level: 1, name: 'Editar Paciente' }, LOADED);
    const reminders = await screen.findByRole('checkbox', { name: REMINDERS }, LOADED);
    const others = checkbox(OTHERS);
    expect(reminders.getAttribute('aria-checked')).toBe('true');
    expect(others.getAttribute('aria-checked')).toBe('false');

    const line = 'Registrado el 03/03/2026 por Sofía López';
    expect(screen.getByText(line)).toBeTruthy();
    expect(descriptionOf(reminders)).toBe(line);
    expect(screen.getAllByText(/^Registrado el/)).toHaveLength(1);

    // Unticked, the line goes (it is what the record says of a consent still given).
    fireEvent.click(reminders);
    expect(reminders.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText(line)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(sent).toHaveLength(1), LOADED);
    expect(sent[0]).toEqual({
      method: 'PUT',
      body: expect.objectContaining({ consentimientoRecordatorios: false, consentimientoComunicaciones: false }),
    });
    expect(await screen.findByText('Lista de pacientes', {}, LOADED)).toBeTruthy();
  });
});
