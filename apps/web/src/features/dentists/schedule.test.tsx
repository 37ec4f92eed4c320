import { BOOKING_MESSAGES, type AgendaBlock, type WorkingHours } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import { BlocksCard } from './components/blocks-card';
import { nextRange } from './components/working-hours-form';
import { blockWhen } from './lib/block-when';
import WorkingHoursPage from './pages/working-hours-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const D1 = '0de00000-0000-4000-8000-0000000000d1';
const D2 = '0de00000-0000-4000-8000-0000000000d2';
const MARTA = { id: D1, nombres: 'Marta', apellidos: 'Gil', activo: true };
const PEDRO = { id: D2, nombres: 'Pedro', apellidos: 'Ruiz', activo: false };

let permisos: string[];
let hours: WorkingHours;
let blocks: AgendaBlock[];
let puts: WorkingHours[];
let posts: unknown[];
let deletes: string[];
let blockQueries: URLSearchParams[];
/** When set, the server refuses the next save with these field errors. */
let refusal: Record<string, string> | null;

beforeEach(() => {
  permisos = ['dentistas.ver', 'dentistas.gestionar', 'citas.ver', 'citas.editar'];
  hours = { rangos: [{ diaSemana: 1, horaInicio: '09:00', horaFin: '14:00' }] };
  blocks = [];
  puts = [];
  posts = [];
  deletes = [];
  blockQueries = [];
  refusal = null;
  const refuse = () => {
    const fields = refusal!;
    refusal = null;
    return json(
      { error: { code: 'validation_error', message: Object.values(fields)[0], fields } },
      fields.dentistaId ? 422 : 400,
    );
  };
  stubApi(
    () => ({ rol: 'admin', permisos }),
    async (url, request) => {
      if (url.pathname === `/api/dentistas/${D1}`)
        return json({ ...MARTA, especialidad: 'ortodoncia', color: '#1d4ed8' });
      if (url.pathname === `/api/dentistas/${D1}/horario`) {
        if (request.method === 'GET') return json(hours);
        const body = (await request.json()) as WorkingHours;
        puts.push(body);
        if (refusal) return refuse();
        hours = body;
        return json(body);
      }
      if (url.pathname === '/api/bloqueos') {
        if (request.method === 'GET') {
          blockQueries.push(url.searchParams);
          return json(blocks);
        }
        const body = await request.json();
        posts.push(body);
        if (refusal) return refuse();
        const made: AgendaBlock = {
          id: 'nuevo',
          dentistaId: D1,
          inicio: '2026-12-01T08:00:00.000Z',
          fin: '2026-12-02T12:00:00.000Z',
          tipo: 'formacion',
          motivo: 'Congreso',
        };
        blocks = [...blocks, made];
        return json(made, 201);
      }
      const one = /^\/api\/bloqueos\/(.+)$/.exec(url.pathname);
      if (one && request.method === 'DELETE') {
        deletes.push(one[1]!);
        blocks = blocks.filter((b) => b.id !== one[1]);
        return new Response(null, { status: 204 });
      }
      return undefined;
    },
  );
  // Thursday 26 November 2026 in Madrid. Only Date: timers run as usual.
  vi.useFakeTimers({ now: new Date('2026-11-26T09:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

/** As under the app's protected route: the screen renders once the session is known. */
function SessionReady({ children }: { children: React.ReactNode }) {
  return useSession().loading ? null : children;
}

function renderAt(path: string, element: React.ReactNode, route = path) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={<SessionReady>{element}</SessionReady>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const LOADED = { timeout: 5000 };
const FORM_TEST = { timeout: 20_000 };
const day = (name: string) => screen.getByRole('group', { name });
const time = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("a dentist's working hours", () => {
  const open = () => renderAt(`/dentistas/${D1}/horario`, <WorkingHoursPage />, '/dentistas/:id/horario');

  it(
    'shows each day with its ranges, adds one, and refuses an overlap on the field before sending',
    FORM_TEST,
    async () => {
      open();
      const title = await screen.findByRole('heading', { level: 1, name: /Marta Gil/ }, LOADED);
      expect(title.textContent).toBe('Horario de trabajo · Marta Gil');
      expect(time('De (lunes, tramo 1)').value).toBe('09:00');
      expect(time('a (lunes, tramo 1)').value).toBe('14:00');
      expect(within(day('Martes')).getByText('No trabaja')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Añadir tramo al lunes' }));
      // After the last range: an hour later, four hours long.
      expect(time('De (lunes, tramo 2)').value).toBe('15:00');
      expect(time('a (lunes, tramo 2)').value).toBe('19:00');
      fireEvent.change(time('De (lunes, tramo 2)'), { target: { value: '13:00' } });
      fireEvent.click(screen.getByRole('button', { name: 'Guardar horario' }));
      expect(await screen.findByText(BOOKING_MESSAGES.rangesOverlap('Lunes'))).toBeTruthy();
      expect(time('De (lunes, tramo 2)').getAttribute('aria-invalid')).toBe('true');
      expect(puts).toEqual([]);

      // Removing the overlapping range leaves the week as it was.
      fireEvent.click(screen.getByRole('button', { name: 'Quitar el tramo 2 del lunes' }));
      expect(screen.queryByLabelText('De (lunes, tramo 2)')).toBeNull();
    },
  );

  it('copies Monday to the working days and saves the whole week', FORM_TEST, async () => {
    hours = {
      rangos: [
        { diaSemana: 1, horaInicio: '09:00', horaFin: '14:00' },
        { diaSemana: 1, horaInicio: '16:00', horaFin: '20:00' },
        { diaSemana: 3, horaInicio: '10:00', horaFin: '12:00' },
        { diaSemana: 6, horaInicio: '10:00', horaFin: '13:00' },
      ],
    };
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar el lunes a todos los días laborables' }, LOADED));
    for (const name of ['Martes', 'Miércoles', 'Jueves', 'Viernes']) {
      const inputs = within(day(name)).getAllByLabelText(/^(De|a) \(/) as HTMLInputElement[];
      expect(inputs.map((i) => i.value)).toEqual(['09:00', '14:00', '16:00', '20:00']);
    }
    // Saturday is not a working day: it keeps its own morning.
    expect(time('De (sábado, tramo 1)').value).toBe('10:00');

    fireEvent.click(screen.getByRole('button', { name: 'Guardar horario' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(BOOKING_MESSAGES.hoursSaved), LOADED);
    expect(puts).toHaveLength(1);
    const sent = puts[0]!.rangos;
    expect(sent).toHaveLength(11);
    expect(sent.filter((r) => r.diaSemana === 3)).toEqual([
      { diaSemana: 3, horaInicio: '09:00', horaFin: '14:00' },
      { diaSemana: 3, horaInicio: '16:00', horaFin: '20:00' },
    ]);
    expect(sent.filter((r) => r.diaSemana === 6)).toEqual([{ diaSemana: 6, horaInicio: '10:00', horaFin: '13:00' }]);
  });

  it("puts the server's message under the range it names", FORM_TEST, async () => {
    refusal = { 'rangos.0.horaFin': BOOKING_MESSAGES.horaFinAfterInicio };
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar horario' }, LOADED));
    expect(await screen.findByText(BOOKING_MESSAGES.horaFinAfterInicio)).toBeTruthy();
    expect(time('a (lunes, tramo 1)').getAttribute('aria-invalid')).toBe('true');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('proposes the morning for an empty day, then the afternoon', () => {
    expect(nextRange([])).toEqual({ horaInicio: '09:00', horaFin: '14:00' });
    expect(nextRange([{ diaSemana: 1, horaInicio: '08:00', horaFin: '21:30' }])).toEqual({
      horaInicio: '22:00',
      horaFin: '23:59',
    });
  });
});

describe('the agenda blocks', () => {
  const open = () => renderAt('/dentistas', <BlocksCard dentists={[MARTA, PEDRO]} />);

  it("lists the next year's blocks with who and when on the clinic's clock", async () => {
    blocks = [
      {
        id: 'b1',
        dentistaId: null,
        inicio: '2026-12-07T23:00:00.000Z',
        fin: '2026-12-08T23:00:00.000Z',
        tipo: 'festivo',
        motivo: 'Inmaculada',
      },
      {
        id: 'b2',
        dentistaId: D2,
        inicio: '2026-12-10T12:30:00.000Z',
        fin: '2026-12-10T14:00:00.000Z',
        tipo: 'descanso',
        motivo: null,
      },
    ];
    open();
    const table = await screen.findByRole('table', { name: BOOKING_MESSAGES.blocksTitle }, LOADED);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Toda la clínica', '08/12/2026', 'FestivoInmaculada', 'Inmaculada', ''],
      ['Pedro Ruiz', '10/12/2026, 13:30 – 15:00', 'Descanso', '—', ''],
    ]);
    expect(blockQueries.map((q) => [q.get('desde'), q.get('hasta')])).toEqual([['2026-11-26', '2027-11-26']]);
  });

  it('creates a block between two times for one dentist, and shows a refusal on its field', FORM_TEST, async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo bloqueo' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo bloqueo' });
    // The whole clinic unless chosen; only active dentists are offered.
    expect(within(dialog).getByRole('combobox', { name: 'Quién' }).textContent).toBe('Toda la clínica');
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Quién' }), { key: 'Enter' });
    expect(screen.queryByRole('option', { name: 'Pedro Ruiz' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Marta Gil' }));

    // A later start drags the end along.
    fireEvent.change(within(dialog).getByLabelText(/^Desde/), { target: { value: '2026-12-01' } });
    expect((within(dialog).getByLabelText(/^Hasta/) as HTMLInputElement).value).toBe('2026-12-01');
    fireEvent.change(within(dialog).getByLabelText(/^Hasta/), { target: { value: '2026-12-02' } });
    expect(within(dialog).queryByLabelText('Hora de inicio')).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Todo el día' }));
    expect((within(dialog).getByLabelText('Hora de inicio') as HTMLInputElement).value).toBe('09:00');
    fireEvent.change(within(dialog).getByLabelText('Hora de fin'), { target: { value: '13:00' } });
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: /^Tipo/ }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Formación' }));
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Congreso' } });

    refusal = { dentistaId: BOOKING_MESSAGES.dentistaNotFound };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear bloqueo' }));
    expect(await within(dialog).findByText(BOOKING_MESSAGES.dentistaNotFound)).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Quién' }).getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear bloqueo' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(BOOKING_MESSAGES.blockCreated), LOADED);
    expect(posts).toEqual([
      {
        dentistaId: D1,
        desde: '2026-12-01',
        horaDesde: '09:00',
        hasta: '2026-12-02',
        horaHasta: '13:00',
        tipo: 'formacion',
        motivo: 'Congreso',
      },
      expect.anything(),
    ]);
    expect(posts[1]).toEqual(posts[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('cell', { name: '01/12/2026 09:00 – 02/12/2026 13:00' }, LOADED)).toBeTruthy();
  });

  it('sends a whole-day block without times, and says an end before the start on the field', FORM_TEST, async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo bloqueo' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo bloqueo' });
    fireEvent.change(within(dialog).getByLabelText(/^Hasta/), { target: { value: '2026-11-20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear bloqueo' }));
    expect(await within(dialog).findByText(BOOKING_MESSAGES.blockEndAfterStart)).toBeTruthy();
    expect(posts).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Hasta/), { target: { value: '2026-12-24' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear bloqueo' }));
    await waitFor(() => expect(posts).toHaveLength(1), LOADED);
    expect(posts[0]).toEqual({
      dentistaId: null,
      desde: '2026-11-26',
      horaDesde: null,
      hasta: '2026-12-24',
      horaHasta: null,
      tipo: 'vacaciones',
      motivo: null,
    });
  });

  it('deletes a block once confirmed', FORM_TEST, async () => {
    blocks = [
      {
        id: 'b1',
        dentistaId: D1,
        inicio: '2026-12-07T23:00:00.000Z',
        fin: '2026-12-09T23:00:00.000Z',
        tipo: 'vacaciones',
        motivo: null,
      },
    ];
    open();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Eliminar el bloqueo de Marta Gil, 08/12/2026 – 09/12/2026' }, LOADED),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Se eliminará el bloqueo de Marta Gil (08/12/2026 – 09/12/2026)');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(BOOKING_MESSAGES.blockDeleted), LOADED);
    expect(deletes).toEqual(['b1']);
    expect(await screen.findByText('No hay bloqueos próximos', {}, LOADED)).toBeTruthy();
  });

  it('offers neither creating nor deleting without citas.editar', async () => {
    permisos = ['dentistas.ver', 'citas.ver'];
    blocks = [
      {
        id: 'b1',
        dentistaId: null,
        inicio: '2026-12-07T23:00:00.000Z',
        fin: '2026-12-08T23:00:00.000Z',
        tipo: 'festivo',
        motivo: null,
      },
    ];
    open();
    expect(await screen.findByRole('cell', { name: 'Toda la clínica' }, LOADED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo bloqueo' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).toBeNull();
  });
});

describe("a block's dates on the clinic's clock", () => {
  it('reads whole days across a DST change, times of one day, and spans of several', () => {
    // 25 October 2026 in Madrid has 25 hours.
    expect(blockWhen({ inicio: '2026-10-24T22:00:00.000Z', fin: '2026-10-25T23:00:00.000Z' }, 'Europe/Madrid')).toBe(
      '25/10/2026',
    );
    expect(blockWhen({ inicio: '2026-10-22T22:00:00.000Z', fin: '2026-10-26T23:00:00.000Z' }, 'Europe/Madrid')).toBe(
      '23/10/2026 – 26/10/2026',
    );
    expect(blockWhen({ inicio: '2026-03-10T23:00:00.000Z', fin: '2026-03-12T05:00:00.000Z' }, 'America/Bogota')).toBe(
      '10/03/2026 18:00 – 12/03/2026 00:00',
    );
  });
});
