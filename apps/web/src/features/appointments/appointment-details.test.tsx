import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import EditAppointmentPage from './pages/edit-appointment-page';

const CITA = {
  id: 'a1',
  pacienteId: 'p1',
  dentistaId: 'd1',
  fecha: '2026-11-24',
  horaInicio: '10:00',
  horaFin: '10:30',
  titulo: 'Limpieza',
  notas: null,
  estado: 'confirmada',
  paciente: { id: 'p1', nombres: 'Rosa', apellidos: 'Vega', telefono: null, alertas: [] as string[] },
  dentista: { id: 'd1', nombres: 'Eva', apellidos: 'Ruiz', especialidad: 'ortodoncia', color: 'blue' },
};

let requests: string[];

function stubAppointment(permisos: string[], cita: typeof CITA = CITA) {
  requests = [];
  stubApi(
    () => ({ rol: 'personalizado', permisos }),
    (url) => {
      requests.push(url.pathname);
      if (url.pathname === '/api/citas/a1') return json(cita);
      return undefined;
    },
  );
}

beforeEach(() => stubAppointment(['citas.ver', 'pacientes.ver']));
afterEach(() => vi.unstubAllGlobals());

function AfterSession() {
  return useSession().loading ? null : <EditAppointmentPage />;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/citas/a1']}>
          <Routes>
            <Route path="/citas/:id" element={<AfterSession />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('an appointment for a member who may see the agenda but not change it', () => {
  it('reads as the appointment: no inputs, no required marks, no Cancelar, no request for the dentists', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cita' }, { timeout: 5000 })).toBeTruthy();
    await screen.findAllByRole('definition');
    expect(valueOf('Paciente')).toBe('Rosa Vega');
    expect(valueOf('Dentista')).toBe('Eva Ruiz');
    expect(valueOf('Hora')).toBe('10:00 – 10:30');
    expect(valueOf('Estado')).toBe('Confirmada');
    expect(valueOf('Notas')).toBe('Sin indicar');
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryAllByRole('combobox')).toEqual([]);
    expect(screen.queryByText('*')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cancelar' })).toBeNull();
    expect(requests.filter((p) => p.endsWith('/dentistas'))).toEqual([]);
  });
});

describe("the patient's medical alerts on an appointment", () => {
  const withAlerts = { ...CITA, paciente: { ...CITA.paciente, alertas: ['Alergia a látex'] } };
  const badge = { name: 'Alertas médicas: Alergia a látex' };

  it('shows the badge once when the appointment is read', async () => {
    stubAppointment(['citas.ver', 'pacientes.ver'], withAlerts);
    renderPage();
    await screen.findAllByRole('definition', {}, { timeout: 5000 });
    expect(screen.getAllByRole('img', badge)).toHaveLength(1);
  });

  it('shows the badge once in the form, beside the patient it holds', async () => {
    stubAppointment(['citas.ver', 'citas.editar', 'pacientes.ver'], withAlerts);
    renderPage();
    const change = await screen.findByRole('button', { name: 'Cambiar paciente (Rosa Vega)' }, { timeout: 5000 });
    expect(screen.getAllByRole('img', badge)).toHaveLength(1);
    expect(change.parentElement?.contains(screen.getByRole('img', badge))).toBe(true);
  });
});
