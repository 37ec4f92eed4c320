import { PATIENT_MESSAGES } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import EditPatientPage from './pages/edit-patient-page';

const PATIENT = {
  id: 'p1',
  nombres: 'Clara',
  apellidos: 'Soto',
  email: 'clara@correo.es',
  telefono: null,
  direccion: null,
  fechaNacimiento: '1990-05-04',
  genero: 'femenino',
  notas: 'Alergia a la penicilina',
  fotoUrl: null,
  estado: 'activo',
  ultimaVisita: null,
  proximaVisita: null,
  fechaActualizacion: null,
  consentimientos: { recordatorios: { fecha: '2026-03-02T10:00:00.000Z', por: 'Sofía López' }, comunicaciones: null },
  alertas: [],
};

let permisos: string[];

beforeEach(() => {
  permisos = ['pacientes.ver', 'odontograma.ver'];
  stubApi(
    () => ({ rol: 'personalizado', permisos }),
    (url) => {
      if (url.pathname === '/api/pacientes/p1') return json(PATIENT);
      return undefined;
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function AfterSession() {
  return useSession().loading ? null : <EditPatientPage />;
}

function renderPatient() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/pacientes/p1']}>
          <Routes>
            <Route path="/pacientes/:id" element={<AfterSession />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const valueOf = (label: string) =>
  within(document.body).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('a patient for a member who may see patients but not edit them', () => {
  it('reads as their record: no inputs, no required marks, no Cancelar; the chart is still a click away', async () => {
    renderPatient();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ficha del Paciente' }, { timeout: 5000 }),
    ).toBeTruthy();
    await screen.findAllByRole('definition');
    expect(valueOf('Nombres')).toBe('Clara');
    expect(valueOf('Fecha de nacimiento')).toBe('04/05/1990');
    expect(valueOf('Género')).toBe('Femenino');
    expect(valueOf('Teléfono')).toBe('Sin indicar');
    expect(valueOf('Notas')).toBe('Alergia a la penicilina');
    expect(valueOf(PATIENT_MESSAGES.consentimientoRecordatorios)).toBe('Sí. Registrado el 02/03/2026 por Sofía López');
    expect(valueOf(PATIENT_MESSAGES.consentimientoComunicaciones)).toBe('No');
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryByText('*')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cancelar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver odontograma' })).toBeTruthy();
  });

  it('is the form for who may edit them', async () => {
    permisos = ['pacientes.ver', 'pacientes.editar'];
    renderPatient();
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar Paciente' }, { timeout: 5000 })).toBeTruthy();
    expect(((await screen.findByLabelText(/^Nombres/)) as HTMLInputElement).value).toBe('Clara');
  });
});
