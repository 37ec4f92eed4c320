import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import { UnsignedNotesCard } from './components/unsigned-notes-card';
import HistoryPage from './pages/history-page';
import NewNotePage from './pages/new-note-page';
import NotePage from './pages/note-page';

const PATIENT = '0b8f0e4e-8a54-4b8e-9a36-0a7a3f1f2c11';
const NOTE = '1c9f0e4e-8a54-4b8e-9a36-0a7a3f1f2c22';
const CITA = '2d9f0e4e-8a54-4b8e-9a36-0a7a3f1f2c33';
const SERVICE = '3e9f0e4e-8a54-4b8e-9a36-0a7a3f1f2c44';

const note = (over: Record<string, unknown> = {}) => ({
  id: NOTE,
  pacienteId: PATIENT,
  cita: null,
  autor: { id: 'u1', nombre: 'Ana' },
  esAutor: true,
  fecha: '2026-11-20',
  texto: 'Obturación del 16.',
  diagnostico: { codigo: 'K02.1', descripcion: 'Caries de la dentina' },
  procedimientos: [{ id: SERVICE, nombre: 'Obturación simple' }],
  subjetiva: false,
  estado: 'firmada',
  fechaCreacion: '2026-11-20T09:00:00.000Z',
  fechaActualizacion: '2026-11-20T09:00:00.000Z',
  fechaFirma: '2026-11-20T09:05:00.000Z',
  hash: 'a'.repeat(64),
  adendas: [
    {
      id: 'a1',
      autor: { id: 'u2', nombre: 'Marta' },
      texto: 'Se añade radiografía.',
      fecha: '2026-11-21T10:00:00.000Z',
      hash: 'b'.repeat(64),
    },
  ],
  paciente: { id: PATIENT, nombres: 'Lucía', apellidos: 'Gómez' },
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

function Location() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}
function AfterSession({ children }: { children: ReactNode }) {
  return useSession().loading ? null : children;
}

/** A data router, as the app's: the note editor holds a navigation while it has unsaved text (useBlocker). */
function renderAt(path: string, pattern: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <>
            <AfterSession>{element}</AfterSession>
            <Location />
          </>
        ),
      },
      { path: '*', element: <Location /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('Historia clínica', () => {
  it('shows notes with their addenda, chart versions and appointments, and filters by kind in the address', async () => {
    const queries: string[] = [];
    stubApi(
      () => ({ rol: 'dentista', permisos: ['historia.ver', 'historia.editar'] }),
      (url) => {
        if (url.pathname !== `/api/pacientes/${PATIENT}/historia`) return undefined;
        queries.push(url.search);
        return json({
          paciente: { id: PATIENT, nombres: 'Lucía', apellidos: 'Gómez' },
          dentistas: [{ id: 'd1', nombre: 'Marta Ruiz' }],
          entradas: [
            { tipo: 'nota', id: NOTE, nota: note() },
            {
              tipo: 'odontograma',
              id: 'v1',
              odontograma: { version: 3, autor: 'Ana', fecha: '2026-11-19T09:00:00.000Z' },
            },
            {
              tipo: 'cita',
              id: CITA,
              cita: {
                titulo: 'Revisión',
                estado: 'completada',
                inicio: '2026-11-18T09:00:00.000Z',
                fin: '2026-11-18T09:30:00.000Z',
                dentista: 'Marta Ruiz',
              },
            },
            {
              tipo: 'consentimiento',
              id: 'c1',
              consentimiento: {
                titulo: 'Consentimiento informado para endodoncia',
                fecha: '2026-11-17T09:00:00.000Z',
                firmante: 'tutor',
                tutor: { nombre: 'Rosa Gómez', relacion: 'Madre' },
                profesional: 'Ana',
                sha256: 'c'.repeat(64),
              },
            },
          ],
          pagina: 1,
          hayMas: true,
        });
      },
    );
    renderAt(`/pacientes/${PATIENT}/historia`, '/pacientes/:id/historia', <HistoryPage />);
    const list = await screen.findByRole('list', { name: /Historia clínica/ });
    const items = within(list)
      .getAllByRole('listitem', { hidden: false })
      .filter((li) => li.parentElement === list);
    expect(items).toHaveLength(4);
    expect(within(items[0]).getByText('Obturación del 16.')).toBeTruthy();
    expect(within(items[0]).getByText('Se añade radiografía.')).toBeTruthy();
    expect(within(items[0]).getByText(/K02.1 · Caries de la dentina/)).toBeTruthy();
    expect(within(items[1]).getByText('Odontograma · versión 3')).toBeTruthy();
    expect(within(items[2]).getByRole('link', { name: 'Ver cita' })).toHaveProperty('pathname', `/citas/${CITA}`);
    // A signed consent, with its PDF through the API (never a /files/ URL).
    expect(
      within(items[3]).getByText(/Consentimiento firmado · Consentimiento informado para endodoncia/),
    ).toBeTruthy();
    expect(within(items[3]).getByText(/Firma Rosa Gómez \(Madre\)/)).toBeTruthy();
    expect(within(items[3]).getByRole('link', { name: /Descargar PDF/ })).toHaveProperty(
      'pathname',
      '/api/consentimientos/c1/pdf',
    );
    expect(screen.getByRole('link', { name: 'Nueva nota' })).toHaveProperty(
      'pathname',
      `/pacientes/${PATIENT}/notas/nueva`,
    );

    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'nota' } });
    await waitFor(() => expect(screen.getByTestId('url').textContent).toContain('tipo=nota'));
    await waitFor(() => expect(queries.at(-1)).toContain('tipo=nota'));
    fireEvent.click(screen.getByRole('button', { name: 'Más antiguas' }));
    await waitFor(() => expect(queries.at(-1)).toContain('pagina=2'));
  });

  it('hides writing from a member who may only read', async () => {
    stubApi(
      () => ({ rol: 'asistente', permisos: ['historia.ver'] }),
      (url) =>
        url.pathname === `/api/pacientes/${PATIENT}/historia`
          ? json({
              paciente: { id: PATIENT, nombres: 'Lucía', apellidos: 'Gómez' },
              dentistas: [],
              entradas: [],
              pagina: 1,
              hayMas: false,
            })
          : undefined,
    );
    renderAt(`/pacientes/${PATIENT}/historia`, '/pacientes/:id/historia', <HistoryPage />);
    expect(await screen.findByText('No hay nada en la historia clínica con estos filtros')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Nueva nota' })).toBeNull();
  });
});

describe('a note', () => {
  it('shows a signed note locked, and signs an addendum under it', async () => {
    const posted: unknown[] = [];
    let current = note();
    stubApi(
      () => ({ rol: 'dentista', permisos: ['historia.ver', 'historia.editar'] }),
      async (url, request) => {
        if (url.pathname === `/api/notas/${NOTE}`) return json(current);
        if (url.pathname === `/api/notas/${NOTE}/adendas` && request.method === 'POST') {
          const body = (await request.json()) as { texto: string };
          posted.push(body);
          current = note({
            adendas: [
              ...current.adendas,
              {
                id: 'a2',
                autor: { id: 'u1', nombre: 'Ana' },
                texto: body.texto,
                fecha: '2026-11-22T10:00:00.000Z',
                hash: 'c'.repeat(64),
              },
            ],
          });
          return json(current, 201);
        }
        return undefined;
      },
    );
    renderAt(`/notas/${NOTE}`, '/notas/:id', <NotePage />);
    expect(await screen.findByText('Obturación del 16.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Firmar' })).toBeNull();
    expect(screen.getByText(/SHA-256 a{64}/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Firmar adenda' }));
    expect(await screen.findByText('Escribe el texto de la adenda')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(screen.getByLabelText('Añadir adenda'), { target: { value: 'Control en una semana.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Firmar adenda' }));
    await waitFor(() => expect(posted).toEqual([{ texto: 'Control en una semana.' }]));
    expect(await screen.findByText('Control en una semana.')).toBeTruthy();
  });

  it('writes a note from an appointment with a template, a diagnosis found by words, and signs it after confirming', async () => {
    const created: Record<string, unknown>[] = [];
    const signed: string[] = [];
    stubApi(
      () => ({ rol: 'dentista', permisos: ['historia.ver', 'historia.editar', 'productos.ver'] }),
      async (url, request) => {
        if (url.pathname === `/api/pacientes/${PATIENT}`)
          return json({ id: PATIENT, nombres: 'Lucía', apellidos: 'Gómez' });
        if (url.pathname === `/api/citas/${CITA}`)
          return json({ id: CITA, titulo: 'Obturación', fecha: '2026-11-20', paciente: { id: PATIENT } });
        if (url.pathname === '/api/productos')
          return json({ items: [{ id: SERVICE, nombre: 'Obturación simple', activo: true }] });
        if (url.pathname === '/api/plantillas-notas')
          return json({
            plantillas: [
              { id: 't1', titulo: 'Obturación', cuerpo: 'Obturación del diente {diente} de {paciente} el {fecha}.' },
            ],
          });
        if (url.pathname === `/api/pacientes/${PATIENT}/notas` && request.method === 'POST') {
          created.push((await request.json()) as Record<string, unknown>);
          return json(note({ estado: 'borrador', hash: null, fechaFirma: null }), 201);
        }
        if (url.pathname === `/api/notas/${NOTE}/firmar`) {
          signed.push(NOTE);
          return json(note());
        }
        return undefined;
      },
    );
    renderAt(`/pacientes/${PATIENT}/notas/nueva?cita=${CITA}`, '/pacientes/:id/notas/nueva', <NewNotePage />);
    expect(await screen.findByRole('link', { name: 'Obturación' })).toHaveProperty('pathname', `/citas/${CITA}`);
    expect(screen.getByLabelText(/Fecha/)).toHaveProperty('value', '2026-11-20');

    fireEvent.change(await screen.findByLabelText('Plantilla', { selector: 'select' }), { target: { value: 't1' } });
    fireEvent.change(screen.getByLabelText('Diente'), { target: { value: '16' } });
    fireEvent.click(screen.getByRole('button', { name: 'Usar plantilla' }));
    expect(screen.getByLabelText(/Texto de la nota/)).toHaveProperty(
      'value',
      'Obturación del diente 16 de Lucía Gómez el 20/11/2026.',
    );

    // Enter in the search picks its first match, and does not submit the note.
    const search = screen.getByLabelText('Diagnóstico (CIE-10)');
    fireEvent.change(search, { target: { value: 'pulpitis' } });
    expect(fireEvent.keyDown(search, { key: 'Enter' })).toBe(false);
    expect(screen.getByTestId('diagnostico-elegido').textContent).toMatch(/^K04\.0/);
    expect(created).toEqual([]);
    fireEvent.change(search, { target: { value: 'dentína caries' } });
    fireEvent.click(await screen.findByRole('button', { name: /K02.1 Caries de la dentina/ }));
    expect(screen.getByTestId('diagnostico-elegido').textContent).toContain('K02.1 · Caries de la dentina');
    fireEvent.click(await screen.findByLabelText('Obturación simple'));
    fireEvent.click(screen.getByLabelText('Anotación subjetiva'));

    fireEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(created).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Firmar' }));
    await waitFor(() => expect(signed).toEqual([NOTE]));
    expect(created).toEqual([
      {
        fecha: '2026-11-20',
        citaId: CITA,
        texto: 'Obturación del diente 16 de Lucía Gómez el 20/11/2026.',
        diagnostico: 'K02.1',
        procedimientos: [SERVICE],
        subjetiva: true,
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('url').textContent).toContain(`/notas/${NOTE}`));
  });

  it('refuses an empty text before sending anything', async () => {
    const created: unknown[] = [];
    stubApi(
      () => ({ rol: 'dentista', permisos: ['historia.ver', 'historia.editar'] }),
      (url, request) => {
        if (url.pathname === `/api/pacientes/${PATIENT}`)
          return json({ id: PATIENT, nombres: 'Lucía', apellidos: 'Gómez' });
        if (url.pathname === '/api/plantillas-notas') return json({ plantillas: [] });
        if (request.method === 'POST') created.push(url.pathname);
        return undefined;
      },
    );
    const router = renderAt(`/pacientes/${PATIENT}/notas/nueva`, '/pacientes/:id/notas/nueva', <NewNotePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText('Escribe el texto de la nota')).toBeTruthy();
    expect(created).toEqual([]);

    // Typed and not saved: leaving asks first, and «Seguir editando» keeps the text.
    fireEvent.change(screen.getByLabelText(/Texto de la nota/), { target: { value: 'Dolor en 36' } });
    // The form knows it is changed once its validation of the change has run (a task later).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await router.navigate(`/pacientes/${PATIENT}/historia`);
    const leave = await screen.findByRole('alertdialog', { name: '¿Salir sin guardar?' }, { timeout: 5000 });
    expect(leave.textContent).toContain('La nota tiene cambios sin guardar.');
    fireEvent.click(within(leave).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('url').textContent).toBe(`/pacientes/${PATIENT}/notas/nueva`);
    expect(screen.getByLabelText(/Texto de la nota/)).toHaveProperty('value', 'Dolor en 36');
  });
});

describe('Notas sin firmar', () => {
  it('shows nothing when the member has no old drafts', async () => {
    let asked = false;
    stubApi(
      () => ({ rol: 'dentista', permisos: ['historia.editar'] }),
      (url) => {
        if (url.pathname !== '/api/notas/sin-firmar') return undefined;
        asked = true;
        return json({ notas: [] });
      },
    );
    renderAt('/dashboard', '/dashboard', <UnsignedNotesCard />);
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Notas sin firmar' })).toBeNull();
  });

  it("lists the member's old drafts with a link to each, and nothing when there are none", async () => {
    const notas = [
      {
        id: NOTE,
        paciente: { id: PATIENT, nombres: 'Lucía', apellidos: 'Gómez' },
        fecha: '2026-11-18',
        fechaCreacion: '2026-11-18T09:00:00.000Z',
      },
    ];
    stubApi(
      () => ({ rol: 'dentista', permisos: ['historia.editar'] }),
      (url) => (url.pathname === '/api/notas/sin-firmar' ? json({ notas }) : undefined),
    );
    renderAt('/dashboard', '/dashboard', <UnsignedNotesCard />);
    expect(await screen.findByRole('heading', { name: 'Notas sin firmar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Lucía Gómez/ })).toHaveProperty('pathname', `/notas/${NOTE}`);
  });
});
