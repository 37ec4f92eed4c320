import { MESSAGE_MESSAGES as M, type AppointmentMessage } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

const message = (extra: Partial<AppointmentMessage>): AppointmentMessage => ({
  id: 'm1',
  canal: 'email',
  plantilla: 'confirmacion',
  destinatario: 'rosa@ejemplo.test',
  estado: 'enviado',
  intentos: 1,
  enviarEn: '2026-11-20T09:00:00.000Z',
  fechaEnvio: '2026-11-20T09:00:05.000Z',
  ultimoError: null,
  enviadoPor: null,
  ...extra,
});

function stubMessages(messages: AppointmentMessage[]) {
  stubApi(
    () => ({ rol: 'personalizado', permisos: ['citas.ver'] }),
    (url) => {
      if (url.pathname === '/api/citas/a1') return json(CITA);
      if (url.pathname === '/api/citas/a1/mensajes') return json(messages);
      return undefined;
    },
  );
}

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

const historyCard = async () =>
  (await screen.findByRole('heading', { level: 2, name: M.historyTitle }, { timeout: 5000 })).closest(
    '[data-slot=card]',
  ) as HTMLElement;

describe("an appointment's messages to the patient", () => {
  it('lists them newest first: a failure in red with its reason, a WhatsApp reminder with who sent it', async () => {
    stubMessages([
      message({
        id: 'm3',
        plantilla: 'recordatorio',
        estado: 'fallido',
        intentos: 3,
        enviarEn: '2026-11-22T09:00:00.000Z',
        fechaEnvio: null,
        ultimoError: 'El buzón del destinatario no existe',
      }),
      message({
        id: 'm2',
        canal: 'whatsapp',
        plantilla: 'whatsapp',
        destinatario: '+34600111222',
        enviarEn: '2026-11-23T17:05:00.000Z',
        fechaEnvio: '2026-11-23T17:05:00.000Z',
        enviadoPor: 'Laura Díaz',
      }),
      message({ id: 'm1' }),
    ]);
    renderPage();
    const card = await historyCard();
    const rows = await within(card).findAllByRole('listitem');
    expect(rows).toHaveLength(3);

    const failed = rows[0]!;
    expect(within(failed).getByText('Correo · Recordatorio por correo')).toBeTruthy();
    const badge = within(failed).getByText('No se pudo enviar');
    expect(badge.className).toContain('bg-destructive');
    expect(within(failed).getByText('Motivo: El buzón del destinatario no existe').className).toContain(
      'text-destructive',
    );
    expect(failed.textContent).toContain('3 intentos');
    // The clinic's clock (Madrid, UTC+1 in November), not the browser's (UTC in the tests).
    expect(failed.textContent).toContain('22/11/2026 10:00');
    expect(failed.textContent).toContain('rosa@ejemplo.test');

    const whatsapp = rows[1]!;
    expect(within(whatsapp).getByText('WhatsApp · Recordatorio por WhatsApp')).toBeTruthy();
    expect(within(whatsapp).getByText('Enviado')).toBeTruthy();
    expect(whatsapp.textContent).toContain('por Laura Díaz');
    expect(whatsapp.textContent).toContain('23/11/2026 18:05');
    expect(whatsapp.textContent).not.toContain('intentos');

    expect(rows[2]!.textContent).toContain('Cita reservada');
    expect(rows[2]!.textContent).not.toContain('por ');
  });

  it('says when nothing has been sent yet', async () => {
    stubMessages([]);
    renderPage();
    const card = await historyCard();
    expect(await within(card).findByText(M.historyEmpty)).toBeTruthy();
  });
});
