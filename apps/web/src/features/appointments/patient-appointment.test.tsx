import { formatLongDate, MESSAGE_MESSAGES as M, type PatientAppointment } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { json, notFound, stubApi } from '@/test/api';
import { cancelDeadline } from './lib/cancel-deadline';
import PatientAppointmentPage from './pages/patient-appointment-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const TOKEN = 'A'.repeat(43);
const BASE = `/api/cita-paciente/${TOKEN}`;

/** 10:00 in Madrid (UTC+1 in November) is 09:00Z; the cut-off is 24 hours before. */
const CITA: PatientAppointment = {
  clinica: { nombre: 'Clínica Ana', direccion: 'Calle Mayor 1', ciudad: 'Madrid', telefono: '600 123 456' },
  cita: { fecha: '2099-11-24', horaInicio: '10:00', horaFin: '10:30', dentista: 'Eva Ruiz', estado: 'pendiente' },
  puedeConfirmar: true,
  puedeCancelar: true,
  cancelarHasta: '2099-11-23T09:00:00.000Z',
  cancelacionHoras: 24,
};

let page: PatientAppointment;
let posts: string[];
/** What the server answers to a cancellation, when it refuses it. */
let refuseCancel: string | null;

beforeEach(() => {
  page = CITA;
  posts = [];
  refuseCancel = null;
  stubApi(
    () => null,
    (url, request) => {
      if (!url.pathname.startsWith(BASE)) return notFound(M.linkNotFound);
      if (url.pathname === BASE && request.method === 'GET') return json(page);
      if (request.method !== 'POST') return undefined;
      posts.push(url.pathname);
      if (url.pathname === `${BASE}/confirmar`) {
        page = { ...page, cita: { ...page.cita, estado: 'confirmada_paciente' }, puedeConfirmar: false };
        return json({ cita: page, mensaje: M.confirmed });
      }
      if (url.pathname === `${BASE}/cancelar`) {
        if (refuseCancel) {
          page = { ...page, puedeCancelar: false, cancelarHasta: '2000-01-01T00:00:00.000Z' };
          return json({ error: { code: 'conflict', message: refuseCancel } }, 409);
        }
        page = {
          ...page,
          cita: { ...page.cita, estado: 'cancelada_paciente' },
          puedeConfirmar: false,
          puedeCancelar: false,
        };
        return json({ cita: page, mensaje: M.cancelledByPatient });
      }
      return undefined;
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

function renderPage(token = TOKEN) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/cita/${token}`]}>
        <Routes>
          <Route path="/cita/:token" element={<PatientAppointmentPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe("the patient's appointment page", () => {
  it('shows the appointment on the clinic’s clock, where it is, how to call, its state and the cut-off', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu cita en Clínica Ana' })).toBeTruthy();
    expect(document.title).toBe('Tu cita · Odontia');
    expect(valueOf('Fecha').textContent).toBe(formatLongDate('2099-11-24'));
    expect(valueOf('Hora').textContent).toBe('10:00 – 10:30');
    expect(valueOf('Dentista').textContent).toBe('Eva Ruiz');
    expect(valueOf('Dirección').textContent).toContain('Calle Mayor 1, Madrid');
    const map = within(valueOf('Dirección')).getByRole('link', { name: /Ver en el mapa/ });
    expect(map.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Calle%20Mayor%201%2C%20Madrid',
    );
    expect(map.getAttribute('target')).toBe('_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: '600 123 456' }).getAttribute('href')).toBe('tel:600123456');
    expect(screen.getByText('Pendiente')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirmar asistencia' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar cita' })).toBeTruthy();
    // The tests run in UTC: the cut-off is read on the clinic's clock (10:00 in Madrid), not the browser's.
    expect(screen.getByText(M.cancelUntil(formatLongDate('2099-11-23'), '10:00'))).toBeTruthy();
  });

  it('confirms: the server’s message as a toast and on the page, and the page shows the new state', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar asistencia' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(M.confirmed);
    expect(posts).toEqual([`${BASE}/confirmar`]);
    expect(toast.success).toHaveBeenCalledWith(M.confirmed);
    expect(screen.getByText('Confirmada por el paciente')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar asistencia' })).toBeNull();
    // Still in time to cancel.
    expect(screen.getByRole('button', { name: 'Cancelar cita' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });

  it('cancels after asking, tells that the clinic knows, and moves the focus to that answer', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar cita' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar cita' });
    expect(within(dialog).getByText(M.cancelDialogDescription)).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar cita' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(M.cancelledByPatient);
    expect(posts).toEqual([`${BASE}/cancelar`]);
    expect(toast.success).toHaveBeenCalledWith(M.cancelledByPatient);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Cancelada por el paciente')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Cancelar cita|Confirmar asistencia/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });

  it('keeps the appointment when the patient steps back from the dialog', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar cita' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar cita' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mantener la cita' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toEqual([]);
  });

  it('says it is too late to cancel online once past the cut-off, with the clinic’s phone', async () => {
    page = { ...CITA, puedeCancelar: false, cancelarHasta: new Date(Date.now() - 3_600_000).toISOString() };
    renderPage();
    expect(await screen.findByText(M.cancelTooLate(24, '600 123 456'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar cita' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirmar asistencia' })).toBeTruthy();
  });

  it('shows a refusal’s reason and offers only what is still possible', async () => {
    refuseCancel = M.cancelTooLate(24, '600 123 456');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar cita' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar cita' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar cita' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refuseCancel);
    expect(toast.error).toHaveBeenCalledWith(M.patientActionError, refuseCancel);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancelar cita' })).toBeNull());
  });

  it('says the link is not valid for an unknown or expired token, and for one that cannot be a token', async () => {
    renderPage('B'.repeat(43));
    expect(await screen.findByRole('heading', { level: 1, name: M.linkNotFound })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();

    const requests = vi.mocked(fetch).mock.calls.length;
    renderPage('corto');
    expect(screen.getAllByRole('heading', { level: 1, name: M.linkNotFound })).toHaveLength(2);
    expect(vi.mocked(fetch).mock.calls.length).toBe(requests);
  });
});

describe('the cut-off on the clinic’s clock', () => {
  it('is the start on the clinic’s clock less the hours, whatever the browser’s zone', () => {
    // Bogotá (UTC-5): 08:30 on the 2nd is 13:30Z; 48 hours before.
    const bogota = {
      ...CITA,
      cita: { ...CITA.cita, fecha: '2099-03-02', horaInicio: '08:30' },
      cancelarHasta: '2099-02-28T13:30:00.000Z',
      cancelacionHoras: 48,
    };
    expect(cancelDeadline(bogota)).toEqual({ fecha: '2099-02-28', hora: '08:30' });
    expect(cancelDeadline(CITA)).toEqual({ fecha: '2099-11-23', hora: '10:00' });
  });
});
