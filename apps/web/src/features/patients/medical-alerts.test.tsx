import type { MedicalAlert } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MedicalAlertBadge } from '@/components/medical-alert-badge';
import { createQueryClient } from '@/lib/query-client';
import { APPOINTMENTS_QUERY_KEY } from '@/lib/query-keys';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import EditPatientPage from './pages/edit-patient-page';

const PATIENT = {
  id: 'p1',
  nombres: 'Clara',
  apellidos: 'Soto',
  email: null,
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
  consentimientos: { recordatorios: null, comunicaciones: null },
};
const AUTHOR = { id: 'u1', nombre: 'Ana' };
const alert = (over: Partial<MedicalAlert>): MedicalAlert => ({
  id: 'a1',
  tipo: 'alergia',
  descripcion: 'penicilina',
  anticoagulante: false,
  condicion: null,
  etiqueta: 'Alergia a penicilina',
  fechaRegistro: '2026-03-02T09:15:00.000Z',
  autor: AUTHOR,
  retirada: null,
  ...over,
});

let permisos: string[];
let alerts: MedicalAlert[];
let posted: unknown[];
let withdrawn: string[];

/** The short list as the API builds it: the labels of the alerts that hold. */
const labels = () => alerts.filter((a) => !a.retirada && a.etiqueta).map((a) => a.etiqueta!);

beforeEach(() => {
  permisos = ['pacientes.ver', 'historia.ver', 'antecedentes.editar'];
  alerts = [
    alert({}),
    alert({
      id: 'a2',
      tipo: 'medicacion',
      descripcion: 'Sintrom',
      anticoagulante: true,
      etiqueta: 'Anticoagulante',
    }),
  ];
  posted = [];
  withdrawn = [];
  stubApi(
    () => ({ rol: 'personalizado', permisos }),
    async (url, request) => {
      if (url.pathname === '/api/pacientes/p1') return json({ ...PATIENT, alertas: labels() });
      if (url.pathname === '/api/pacientes/p1/antecedentes' && request.method === 'GET')
        return json({ antecedentes: alerts });
      if (url.pathname === '/api/pacientes/p1/antecedentes' && request.method === 'POST') {
        const body = (await request.json()) as { tipo: 'alergia'; descripcion: string };
        posted.push(body);
        const created = alert({ id: 'a3', descripcion: body.descripcion, etiqueta: `Alergia a ${body.descripcion}` });
        alerts = [created, ...alerts];
        return json({ antecedente: created, mensaje: 'Antecedente registrado' }, 201);
      }
      const retirar = /^\/api\/pacientes\/p1\/antecedentes\/(\w+)\/retirar$/.exec(url.pathname);
      if (retirar && request.method === 'POST') {
        withdrawn.push(retirar[1]!);
        alerts = alerts.map((a) =>
          a.id === retirar[1] ? { ...a, retirada: { fecha: '2026-03-03T10:00:00.000Z', autor: AUTHOR } } : a,
        );
        return json({ antecedente: alerts.find((a) => a.id === retirar[1]), mensaje: 'Antecedente retirado' });
      }
      return undefined;
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function AfterSession() {
  return useSession().loading ? null : <EditPatientPage />;
}

function renderPatient(client = createQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
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

describe('the medical-alert badge', () => {
  it('names the whole list, shows it as text beside an icon, and is absent without alerts', () => {
    const { rerender } = render(<MedicalAlertBadge alertas={['Alergia a penicilina', 'Anticoagulante']} />);
    const badge = screen.getByRole('img', { name: 'Alertas médicas: Alergia a penicilina, Anticoagulante' });
    expect(badge.textContent).toBe('Alergia a penicilina · Anticoagulante');
    expect(badge.querySelector('svg')).toBeTruthy();
    rerender(<MedicalAlertBadge compact alertas={['Alergia a penicilina', 'Anticoagulante', 'Diabetes']} />);
    const compact = screen.getByRole('img', {
      name: 'Alertas médicas: Alergia a penicilina, Anticoagulante, Diabetes',
    });
    expect(compact.textContent).toBe('Alergia a penicilina +2');
    rerender(<MedicalAlertBadge alertas={[]} />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe("'Antecedentes' on the patient's page", () => {
  it('shows the badge in the header and the full list with who recorded each', async () => {
    renderPatient();
    expect(
      await screen.findByRole(
        'img',
        { name: 'Alertas médicas: Alergia a penicilina, Anticoagulante' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Antecedentes del paciente' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      // At the clinic's clock (Madrid, 09:15 UTC), not the browser's.
      expect.stringMatching(/^Alergia: penicilina.*Registrado el 02\/03\/2026 10:15 por Ana/),
      expect.stringMatching(/^Medicación actual: SintromAnticoagulante.*por Ana/),
    ]);
  });

  it('adds an allergy from the form (refusing an empty one) and the badge follows, in the agenda too', async () => {
    const client = createQueryClient();
    // An agenda read before (its cells and appointments show the badge): read again after the change.
    const agenda = [...APPOINTMENTS_QUERY_KEY, 'calendar', { desde: '2026-03-02' }];
    client.setQueryData(agenda, { citas: [] });
    renderPatient(client);
    const form = await screen.findByRole('form', { name: 'Añadir antecedente' }, { timeout: 5000 });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir antecedente' }));
    expect(await within(form).findByText('Escribe a qué es alérgico el paciente')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(within(form).getByRole('textbox', { name: /Alérgico a/ }), { target: { value: 'látex' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir antecedente' }));
    await waitFor(() =>
      expect(posted).toEqual([{ tipo: 'alergia', descripcion: 'látex', anticoagulante: false, condicion: null }]),
    );
    expect(
      await screen.findByRole('img', {
        name: 'Alertas médicas: Alergia a látex, Alergia a penicilina, Anticoagulante',
      }),
    ).toBeTruthy();
    expect(client.getQueryState(agenda)?.isInvalidated).toBe(true);
  });

  it('asks for the condition, and sends only what the kind uses', async () => {
    renderPatient();
    const form = await screen.findByRole('form', { name: 'Añadir antecedente' }, { timeout: 5000 });
    fireEvent.click(within(form).getByRole('radio', { name: 'Condición' }));
    expect(within(form).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir antecedente' }));
    expect(await within(form).findByText('Elige la condición')).toBeTruthy();
    fireEvent.click(within(form).getByRole('radio', { name: 'Otra' }));
    expect(within(form).getByRole('textbox', { name: /Descripción/ })).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('withdraws an alert after confirming: it stays in the list, struck out, and leaves the badge', async () => {
    renderPatient();
    fireEvent.click(await screen.findByRole('button', { name: 'Retirar alergia: penicilina' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirar' }));
    await waitFor(() => expect(withdrawn).toEqual(['a1']));
    expect(await screen.findByRole('img', { name: 'Alertas médicas: Anticoagulante' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Antecedentes del paciente' });
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]!.textContent).toMatch(/Retirado el 03\/03\/2026/),
    );
    expect(screen.queryByRole('button', { name: 'Retirar alergia: penicilina' })).toBeNull();
  });

  it('shows Recepción the badge but neither the list nor the form', async () => {
    permisos = ['pacientes.ver'];
    renderPatient();
    expect(
      await screen.findByRole(
        'img',
        { name: 'Alertas médicas: Alergia a penicilina, Anticoagulante' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Antecedentes' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Añadir antecedente' })).toBeNull();
  });
});
