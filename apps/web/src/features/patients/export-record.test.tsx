import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import EditPatientPage from './pages/edit-patient-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

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
  alertas: [],
};
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);

let permisos: string[];
/** The export's answer; each test sets it (a zip, or an error), and may hold it back. */
let exportAnswer: () => Promise<Response>;
let exportCalls: string[];
let saved: { href: string; download: string }[];
let blobs: Blob[];
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  permisos = ['pacientes.ver', 'historia.ver', 'historia.exportar'];
  exportCalls = [];
  saved = [];
  blobs = [];
  exportAnswer = async () =>
    new Response(ZIP, {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-disposition': 'attachment; filename="historia-soto-clara-2026-11-28.zip"',
      },
    });
  stubApi(
    () => ({ rol: 'dentista', permisos }),
    (url, request) => {
      if (url.pathname === '/api/pacientes/p1') return json(PATIENT);
      if (url.pathname === '/api/pacientes/p1/antecedentes') return json({ antecedentes: [] });
      if (url.pathname === '/api/pacientes/p1/exportar') {
        exportCalls.push(request.method);
        return exportAnswer();
      }
      return undefined;
    },
  );
  // jsdom has no object URLs and does not download: record what the page hands the browser.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:zip';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

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

describe("'Exportar historia' on the patient's page", () => {
  it('is not there without historia.exportar', async () => {
    permisos = ['pacientes.ver', 'historia.ver'];
    renderPatient();
    expect(await screen.findByRole('link', { name: 'Historia clínica' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Exportar historia' })).toBeNull();
  });

  it('downloads the zip under the name the server gives, saying it is working meanwhile', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = exportAnswer;
    exportAnswer = async () => {
      await held;
      return answer();
    };
    renderPatient();
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar historia' }, { timeout: 5000 }));

    const busy = await screen.findByRole('button', { name: 'Exportando…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(exportCalls).toEqual(['GET']);
    release();

    await waitFor(() => expect(saved).toEqual([{ href: 'blob:zip', download: 'historia-soto-clara-2026-11-28.zip' }]));
    expect(new Uint8Array(await blobs[0].arrayBuffer())).toEqual(ZIP);
    expect(toast.success).toHaveBeenCalledWith(
      'Historia exportada',
      'Se ha descargado historia-soto-clara-2026-11-28.zip.',
    );
    expect(await screen.findByRole('button', { name: 'Exportar historia' })).toHaveProperty('disabled', false);
    // The link is gone from the page once the browser has the file.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("shows the server's message when the export fails, and downloads nothing", async () => {
    exportAnswer = async () =>
      json({ error: { code: 'forbidden', message: 'No tienes permiso para realizar esta acción' } }, 403);
    renderPatient();
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar historia' }, { timeout: 5000 }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'No se pudo exportar la historia',
        'No tienes permiso para realizar esta acción',
      ),
    );
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Exportar historia' })).toHaveProperty('disabled', false);
  });
});
