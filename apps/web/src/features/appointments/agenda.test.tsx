import {
  BOOKING_MESSAGES,
  type CalendarAppointment,
  type ClinicHours,
  type DaySchedule,
  type MonthDay,
} from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import { TodaysAgendaCard } from './components/todays-agenda-card';
import AgendaPage from './pages/agenda-page';
import NewAppointmentPage from './pages/new-appointment-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const D1 = '0de00000-0000-4000-8000-0000000000d1';
const DENTIST = { id: D1, nombres: 'Marta', apellidos: 'Gil', color: '#1d4ed8' };
const PATIENT = {
  id: '0de00000-0000-4000-8000-0000000000a1',
  nombres: 'Íñigo',
  apellidos: 'Arrieta',
  telefono: '600222333',
  estado: 'activo',
  alertas: [],
};

const cita = (
  id: string,
  fecha: string,
  horaInicio: string,
  horaFin: string,
  nombres: string,
): CalendarAppointment => ({
  id,
  dentistaId: DENTIST.id,
  fecha,
  horaInicio,
  horaFin,
  titulo: 'Revisión',
  estado: 'pendiente',
  paciente: { nombres, apellidos: 'Prueba', alertas: [] },
  dentista: { nombres: DENTIST.nombres, apellidos: DENTIST.apellidos, color: DENTIST.color },
});

/** What the fake API answers; each test sets what it needs. */
let clinica: { pais: string | null; zonaHoraria: string };
let appointments: CalendarAppointment[];
let hours: ClinicHours;
/** The Día grid's closed time; null answers 404, as for a server without it (no closed time shown). */
let daySchedule: DaySchedule | null;
let monthAnswer: () => Promise<Response>;
let requests: URL[];
let created: unknown[];
let stateChanges: { id: string; body: unknown }[];
let permisos: string[];

function installApi() {
  clinica = { pais: 'ES', zonaHoraria: 'Europe/Madrid' };
  appointments = [];
  hours = { apertura: '08:00', cierre: '20:00', delHorario: false };
  daySchedule = null;
  monthAnswer = async () => json([] satisfies MonthDay[]);
  requests = [];
  created = [];
  stateChanges = [];
  permisos = ['citas.ver', 'citas.crear', 'dentistas.ver'];
  stubApi(
    () => ({
      clinica: { id: 'c1', nombre: 'Clínica', logoUrl: null, esProveedor: false, ...clinica },
      rol: 'admin',
      permisos,
    }),
    async (url, request) => {
      requests.push(url);
      const state = /^\/api\/citas\/([^/]+)\/estado$/.exec(url.pathname);
      if (state && request.method === 'PUT') {
        const body = (await request.json()) as { estado: CalendarAppointment['estado'] };
        stateChanges.push({ id: state[1]!, body });
        appointments = appointments.map((c) => (c.id === state[1] ? { ...c, estado: body.estado } : c));
        return json(appointments.find((c) => c.id === state[1]));
      }
      switch (url.pathname) {
        case '/api/citas/calendario/mes':
          return monthAnswer();
        case '/api/citas/calendario': {
          const desde = url.searchParams.get('desde')!;
          const hasta = url.searchParams.get('hasta')!;
          // In time order, as the server answers.
          const inRange = appointments.filter((c) => c.fecha >= desde && c.fecha <= hasta);
          return json(inRange.sort((a, b) => (a.fecha + a.horaInicio).localeCompare(b.fecha + b.horaInicio)));
        }
        case '/api/citas/horario':
          return json(hours);
        case '/api/citas/horario-dentistas':
          return daySchedule ? json(daySchedule) : undefined;
        case '/api/citas/dentistas':
          return json([{ ...DENTIST, especialidad: 'ortodoncia' }]);
        case '/api/pacientes':
          return json({ pacientes: [PATIENT], total: 1, pagina: 1, porPagina: 10 });
        case '/api/productos':
          return json({
            items: [{ id: 's1', nombre: 'Endodoncia molar', activo: true, duracionMinutos: 90 }],
            total: 1,
            totalClinica: 1,
            pagina: 1,
            porPagina: 50,
          });
        case '/api/citas':
          if (request.method === 'POST') {
            created.push(await request.json());
            return json({ id: 'nueva' }, 201);
          }
      }
      return undefined;
    },
  );
}

function Location() {
  const location = useLocation();
  return <p data-testid="path">{location.pathname + location.search}</p>;
}

/** As under the app's protected route: the page renders once the session is known. */
function SessionReady({ children }: { children: React.ReactNode }) {
  return useSession().loading ? null : children;
}

function renderAt(entry: string | { pathname: string; search: string; state?: unknown }) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route
              path="/citas"
              element={
                <SessionReady>
                  <AgendaPage />
                </SessionReady>
              }
            />
            <Route
              path="/citas/nueva"
              element={
                <SessionReady>
                  <NewAppointmentPage />
                </SessionReady>
              }
            />
            <Route
              path="/dashboard"
              element={
                <SessionReady>
                  <TodaysAgendaCard />
                </SessionReady>
              }
            />
          </Routes>
          <Location />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const path = () => screen.getByTestId('path').textContent;
const asked = (pathname: string) =>
  requests
    .filter((u) => u.pathname === pathname)
    .map((u) => [u.searchParams.get('desde'), u.searchParams.get('hasta')]);
// The first render loads the session, Radix and the page: slow on a busy machine.
const LOADED = { timeout: 5000 };

beforeEach(() => {
  installApi();
  // Thursday 26 November 2026, 10:00 in Madrid and 04:00 in Bogotá. Only Date: timers run as usual.
  vi.useFakeTimers({ now: new Date('2026-11-26T09:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the calendar’s weeks follow the clinic’s country', () => {
  it('start on Monday in Spain: the month grid, its range and the week view', async () => {
    renderAt('/citas?vista=calendario&fecha=2026-11-23');
    const grid = await screen.findByRole('grid', { name: 'noviembre 2026' }, LOADED);
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']);
    await waitFor(() => expect(asked('/api/citas/calendario/mes')).toEqual([['2026-10-26', '2026-12-06']]));

    fireEvent.click(screen.getByRole('button', { name: 'Semana' }));
    await waitFor(() => expect(asked('/api/citas/calendario')).toEqual([['2026-11-23', '2026-11-29']]));
    expect(screen.getByRole('heading', { name: '23 nov – 29 nov 2026' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^(Lun|Dom) \d+$/ }).map((b) => b.textContent)).toEqual([
      'Lun 23',
      'Dom 29',
    ]);
  });

  it('start on Sunday in Colombia (the specification’s)', async () => {
    clinica = { pais: 'CO', zonaHoraria: 'America/Bogota' };
    renderAt('/citas?vista=calendario&fecha=2026-11-23');
    const grid = await screen.findByRole('grid', { name: 'noviembre 2026' }, LOADED);
    expect(within(grid).getAllByRole('columnheader')[0]!.textContent).toBe('Dom');
    await waitFor(() => expect(asked('/api/citas/calendario/mes')).toEqual([['2026-11-01', '2026-12-05']]));
  });
});

// Forms filled field by field: slower than the default 5 s on a busy machine.
const FORM_TEST = { timeout: 20_000 };

describe('the calendar', () => {
  it('says the month is loading instead of showing it empty, until its appointments arrive', async () => {
    let answer!: (response: Response) => void;
    monthAnswer = () => new Promise((resolve) => (answer = resolve));
    renderAt('/citas?vista=calendario&fecha=2026-11-23');
    const grid = await screen.findByRole('grid', { name: 'noviembre 2026' }, LOADED);
    expect((await screen.findByRole('status', {}, LOADED)).textContent).toBe('Cargando citas…');
    expect(grid.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(30);

    answer(json([{ fecha: '2026-11-24', total: 1, citas: [cita('c1', '2026-11-24', '10:00', '10:30', 'Rosa')] }]));
    expect(await within(grid).findByRole('link', { name: /Rosa Prueba/ })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(grid.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(0);
  });

  it("without dentistas.ver, filters by the agenda's own dentists and never asks /api/dentistas", async () => {
    permisos = ['citas.ver'];
    appointments = [cita('c1', '2026-11-24', '10:00', '10:30', 'Rosa')];
    renderAt('/citas?vista=calendario&modo=dia&fecha=2026-11-24');
    expect(await screen.findByRole('link', { name: /10:00 – 10:30, Rosa Prueba/ }, LOADED)).toBeTruthy();
    expect(screen.getByRole('region', { name: `Citas de ${DENTIST.nombres} ${DENTIST.apellidos}` })).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Filtrar por dentista' });
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(await screen.findByRole('option', { name: 'Marta Gil' })).toBeTruthy();
    expect(requests.filter((u) => u.pathname.startsWith('/api/dentistas'))).toEqual([]);
  });

  it('steps one day at a time in the Día view', async () => {
    appointments = [cita('c1', '2026-11-24', '10:00', '10:30', 'Rosa')];
    renderAt('/citas?vista=calendario&modo=dia&fecha=2026-11-23');
    expect(await screen.findByRole('heading', { name: 'lunes, 23 de noviembre de 2026' }, LOADED)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Día siguiente' }));
    expect(await screen.findByRole('heading', { name: 'martes, 24 de noviembre de 2026' })).toBeTruthy();
    expect(path()).toBe('/citas?vista=calendario&modo=dia&fecha=2026-11-24');
    expect(await screen.findByRole('link', { name: /10:00 – 10:30, Rosa Prueba/ }, LOADED)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Día anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Día anterior' }));
    expect(await screen.findByRole('heading', { name: 'domingo, 22 de noviembre de 2026' })).toBeTruthy();
    expect(asked('/api/citas/calendario').map(([desde]) => desde)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
    ]);
  });

  it("shows a patient's medical alerts on their appointment in the Día grid, by name and as text", async () => {
    const withAlerts = cita('c1', '2026-11-24', '10:00', '10:30', 'Rosa');
    appointments = [
      { ...withAlerts, paciente: { ...withAlerts.paciente, alertas: ['Alergia a penicilina', 'Anticoagulante'] } },
      cita('c2', '2026-11-24', '11:00', '11:30', 'Luis'),
    ];
    renderAt('/citas?vista=calendario&modo=dia&fecha=2026-11-24');
    const link = await screen.findByRole('link', { name: /10:00 – 10:30, Rosa Prueba/ }, LOADED);
    expect(link.getAttribute('aria-label')).toMatch(/, Alertas médicas: Alergia a penicilina, Anticoagulante$/);
    const badge = within(link).getByRole('img', { name: 'Alertas médicas: Alergia a penicilina, Anticoagulante' });
    expect(badge.textContent).toBe('Alergia a penicilina +1');
    const other = screen.getByRole('link', { name: /11:00 – 11:30, Luis Prueba/ });
    expect(within(other).queryByRole('img')).toBeNull();
  });

  it("hatches a dentist's time outside their hours and in blocks as closed, and offers no slot or gap there", async () => {
    daySchedule = {
      horarios: [
        {
          dentistaId: D1,
          rangos: [
            { horaInicio: '09:00', horaFin: '14:00' },
            { horaInicio: '16:00', horaFin: '19:00' },
          ],
        },
      ],
      bloqueos: [
        { id: 'b1', dentistaId: null, horaInicio: '11:00', horaFin: '12:00', tipo: 'formacion', motivo: 'Simulacro' },
      ],
    };
    appointments = [cita('c1', '2026-11-24', '10:00', '10:30', 'Rosa')];
    renderAt('/citas?vista=calendario&modo=dia&fecha=2026-11-24');
    const chair = await screen.findByRole('region', { name: 'Citas de Marta Gil' }, LOADED);
    const closed = await within(chair).findAllByRole('img', { name: new RegExp(`^${BOOKING_MESSAGES.closed}`) });
    expect(closed.map((c) => [c.getAttribute('aria-label'), c.getAttribute('title')])).toEqual([
      ['Fuera de horario, 08:00 – 09:00', 'Fuera de horario'],
      ['Fuera de horario, 11:00 – 12:00, Formación: Simulacro', 'Formación: Simulacro'],
      ['Fuera de horario, 14:00 – 16:00', 'Fuera de horario'],
      ['Fuera de horario, 19:00 – 20:00', 'Fuera de horario'],
    ]);
    const slot = (hora: string) =>
      within(chair).queryByRole('link', { name: `Nueva cita con Marta Gil a las ${hora}` });
    for (const hora of ['08:00', '08:30', '11:00', '11:30', '14:00', '15:30', '19:00', '19:30'])
      expect(slot(hora), hora).toBeNull();
    for (const hora of ['09:00', '10:30', '12:00', '13:30', '16:00', '18:30']) expect(slot(hora), hora).toBeTruthy();
    // The free time around Rosa's appointment, cut by the closed time.
    expect(
      within(chair)
        .getAllByText(/min libre$/)
        .map((g) => g.textContent),
    ).toEqual(['60 min libre', '30 min libre', '120 min libre', '180 min libre']);
    // Her appointment is still a link on top.
    expect(within(chair).getByRole('link', { name: /10:00 – 10:30, Rosa Prueba/ })).toBeTruthy();
  });

  it('shows no closed time for a dentist without hours set (a clinic that never set them)', async () => {
    daySchedule = { horarios: [], bloqueos: [] };
    renderAt('/citas?vista=calendario&modo=dia&fecha=2026-11-24');
    const chair = await screen.findByRole('region', { name: 'Citas de Marta Gil' }, LOADED);
    expect(within(chair).getByRole('link', { name: 'Nueva cita con Marta Gil a las 08:00' })).toBeTruthy();
    expect(within(chair).getByRole('link', { name: 'Nueva cita con Marta Gil a las 19:30' })).toBeTruthy();
    expect(within(chair).queryByRole('img', { name: /^Fuera de horario/ })).toBeNull();
    expect(asked('/api/citas/horario-dentistas')).toHaveLength(1);
    expect(requests.find((u) => u.pathname === '/api/citas/horario-dentistas')?.searchParams.get('fecha')).toBe(
      '2026-11-24',
    );
  });

  it('brings a booking started from a free slot back to its day, with the calendar’s filter', FORM_TEST, async () => {
    renderAt(`/citas?vista=calendario&modo=dia&fecha=2026-11-23&dentista=${D1}`);
    const chair = await screen.findByRole('region', { name: 'Citas de Marta Gil' }, LOADED);
    fireEvent.click(within(chair).getByRole('link', { name: 'Nueva cita con Marta Gil a las 11:00' }));
    await waitFor(() => expect(path()).toBe(`/citas/nueva?fecha=2026-11-23&hora=11:00&dentista=${D1}`));

    // The day moved in the form: saving lands on that day.
    fireEvent.change(await screen.findByLabelText(/^Fecha/, {}, LOADED), { target: { value: '2026-11-24' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Paciente' }), { target: { value: 'Íñigo' } });
    fireEvent.click(await screen.findByRole('option', { name: /Íñigo Arrieta/ }, LOADED));
    fireEvent.change(screen.getByLabelText(/^Tratamiento/), { target: { value: 'Revisión' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear Cita' }));
    await waitFor(
      () => expect(path()).toBe(`/citas?vista=calendario&modo=dia&fecha=2026-11-24&dentista=${D1}`),
      LOADED,
    );
    expect(created).toEqual([
      expect.objectContaining({ fecha: '2026-11-24', horaInicio: '11:00', horaFin: '11:30', dentistaId: D1 }),
    ]);
  });

  it('a booking started elsewhere still goes back to the Lista', FORM_TEST, async () => {
    renderAt(`/citas/nueva?fecha=2026-11-23&hora=11:00&dentista=${D1}`);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Paciente' }, LOADED), { target: { value: 'Íñigo' } });
    fireEvent.click(await screen.findByRole('option', { name: /Íñigo Arrieta/ }, LOADED));
    fireEvent.change(screen.getByLabelText(/^Tratamiento/), { target: { value: 'Revisión' } });
    expect(screen.getByRole('link', { name: 'Cancelar' }).getAttribute('href')).toBe('/citas');
    fireEvent.click(screen.getByRole('button', { name: 'Crear Cita' }));
    await waitFor(() => expect(path()).toBe('/citas'), LOADED);
  });
});

describe('the appointment form', () => {
  it(
    'offers the active dentists to a role that books without dentistas.ver, and books with the one chosen',
    FORM_TEST,
    async () => {
      permisos = ['citas.ver', 'citas.crear'];
      renderAt('/citas/nueva?fecha=2026-11-23&hora=11:00');
      fireEvent.change(await screen.findByRole('combobox', { name: 'Paciente' }, LOADED), {
        target: { value: 'Íñigo' },
      });
      fireEvent.click(await screen.findByRole('option', { name: /Íñigo Arrieta/ }, LOADED));
      fireEvent.change(screen.getByLabelText(/^Tratamiento/), { target: { value: 'Revisión' } });
      const dentist = screen.getByRole('combobox', { name: /^Dentista/ });
      await waitFor(() => expect(dentist.textContent).toBe('Elige un dentista'));
      fireEvent.keyDown(dentist, { key: 'Enter' });
      fireEvent.click(await screen.findByRole('option', { name: 'Marta Gil' }));
      fireEvent.click(screen.getByRole('button', { name: 'Crear Cita' }));
      await waitFor(() => expect(created).toEqual([expect.objectContaining({ dentistaId: D1 })]), LOADED);
      expect(requests.filter((u) => u.pathname.startsWith('/api/dentistas'))).toEqual([]);
    },
  );

  it(
    "takes the end time from a catalogue service's length until another end is typed (issue 23)",
    FORM_TEST,
    async () => {
      permisos = ['citas.ver', 'citas.crear', 'dentistas.ver', 'productos.ver'];
      renderAt('/citas/nueva?fecha=2026-11-23&hora=11:00');
      const title = await screen.findByLabelText(/^Tratamiento/, {}, LOADED);
      await waitFor(
        () => expect(document.querySelector('#cita-servicios option')?.getAttribute('value')).toBe('Endodoncia molar'),
        LOADED,
      );
      fireEvent.change(title, { target: { value: 'Endodoncia molar' } });
      const end = screen.getByLabelText(/^Hora de fin/) as HTMLInputElement;
      await waitFor(() => expect(end.value).toBe('12:30'));
      // A later start moves the end it set.
      fireEvent.change(screen.getByLabelText(/^Hora de inicio/), { target: { value: '16:00' } });
      await waitFor(() => expect(end.value).toBe('17:30'));
      // An end typed by hand stays.
      fireEvent.change(end, { target: { value: '18:00' } });
      fireEvent.change(screen.getByLabelText(/^Hora de inicio/), { target: { value: '16:15' } });
      expect(end.value).toBe('18:00');
    },
  );

  it('never asks for the catalogue without productos.ver', FORM_TEST, async () => {
    renderAt('/citas/nueva?fecha=2026-11-23&hora=11:00');
    await screen.findByLabelText(/^Tratamiento/, {}, LOADED);
    expect(requests.filter((u) => u.pathname === '/api/productos')).toEqual([]);
    expect(document.getElementById('cita-servicios')).toBeNull();
  });

  it(
    'warns, without refusing, about a day the clinic does not open and times outside its hours',
    FORM_TEST,
    async () => {
      hours = { apertura: '09:00', cierre: '20:00', delHorario: true, dias: [1, 2, 3, 4, 5, 6] };
      // Sunday 22 November 2026 at 23:00.
      renderAt(`/citas/nueva?fecha=2026-11-22&hora=23:00&dentista=${D1}`);
      const warning = await screen.findByRole('status', {}, LOADED);
      await waitFor(() =>
        expect(warning.textContent).toBe(
          'La clínica no abre los domingos según su horario. Puedes guardar la cita igualmente.',
        ),
      );
      fireEvent.change(screen.getByLabelText(/^Fecha/), { target: { value: '2026-11-23' } });
      await waitFor(() =>
        expect(screen.getByRole('status').textContent).toBe(
          'La cita queda fuera del horario de la clínica (de 09:00 a 20:00). Puedes guardarla igualmente.',
        ),
      );
      fireEvent.change(screen.getByLabelText(/^Hora de inicio/), { target: { value: '10:00' } });
      fireEvent.change(screen.getByLabelText(/^Hora de fin/), { target: { value: '10:30' } });
      await waitFor(() => expect(screen.queryByRole('status')).toBeNull());

      // Still bookable outside the hours.
      fireEvent.change(screen.getByLabelText(/^Hora de inicio/), { target: { value: '21:00' } });
      fireEvent.change(screen.getByLabelText(/^Hora de fin/), { target: { value: '21:30' } });
      fireEvent.change(screen.getByRole('combobox', { name: 'Paciente' }), { target: { value: 'Íñigo' } });
      fireEvent.click(await screen.findByRole('option', { name: /Íñigo Arrieta/ }, LOADED));
      fireEvent.change(screen.getByLabelText(/^Tratamiento/), { target: { value: 'Urgencia' } });
      fireEvent.click(screen.getByRole('button', { name: 'Crear Cita' }));
      await waitFor(() => expect(created).toHaveLength(1), LOADED);
    },
  );
});

describe('the dashboard’s Agenda del día', () => {
  const week = () => [
    cita('a', '2026-11-23', '09:00', '09:30', 'Lunes'),
    cita('b', '2026-11-26', '12:00', '12:45', 'Hoy'),
    cita('c', '2026-11-26', '09:30', '10:00', 'Temprano'),
    cita('d', '2026-11-27', '10:00', '10:30', 'Mañana'),
    cita('e', '2026-11-29', '11:00', '11:20', 'Domingo'),
    cita('f', '2026-12-01', '10:00', '10:30', 'Siguiente'),
  ];

  it('shows the clinic’s week grouped by day, today first, each appointment with its dentist', async () => {
    appointments = week();
    renderAt('/dashboard');
    const card = await screen.findByRole('region', { name: 'Agenda del día' }, LOADED);
    await waitFor(() => expect(within(card).getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0), LOADED);
    expect(asked('/api/citas/calendario')).toEqual([['2026-11-23', '2026-11-29']]);
    expect(within(card).getByText('23 nov – 29 nov 2026')).toBeTruthy();
    expect(
      within(card)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'En sala de espera (0)',
      'Hoy · jueves, 26 de noviembre',
      'Mañana · viernes, 27 de noviembre',
      'domingo, 29 de noviembre',
      'lunes, 23 de noviembre',
    ]);
    const today = within(card).getByRole('region', { name: 'Hoy · jueves, 26 de noviembre' });
    expect(
      within(today)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      '09:30Temprano PruebaRevisión · 30 minMarta GilPendiente',
      '12:00Hoy PruebaRevisión · 45 minMarta GilPendiente',
    ]);

    fireEvent.click(within(card).getByRole('button', { name: 'Semana siguiente' }));
    expect(await within(card).findByText('Próxima semana')).toBeTruthy();
    expect(await within(card).findByRole('heading', { name: 'martes, 1 de diciembre' }, LOADED)).toBeTruthy();
    expect(within(card).getAllByRole('heading', { level: 3 })).toHaveLength(1);
  });

  it('runs on the clinic’s clock and week: in Bogotá it is still Wednesday, in a week from Sunday', async () => {
    clinica = { pais: 'CO', zonaHoraria: 'America/Bogota' };
    vi.setSystemTime(new Date('2026-11-26T03:00:00Z'));
    appointments = week();
    renderAt('/dashboard');
    const card = await screen.findByRole('region', { name: 'Agenda del día' }, LOADED);
    await waitFor(() => expect(within(card).getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0), LOADED);
    expect(asked('/api/citas/calendario')).toEqual([['2026-11-22', '2026-11-28']]);
    expect(within(card).getAllByRole('heading', { level: 3 })[0]!.textContent).toBe('Hoy · miércoles, 25 de noviembre');
    expect(within(card).getByText('No hay citas programadas para hoy')).toBeTruthy();
  });

  it('moves today’s appointments through the day in one click, and shows who is in the waiting room', async () => {
    permisos = [...permisos, 'citas.editar'];
    appointments = week();
    renderAt('/dashboard');
    const card = await screen.findByRole('region', { name: 'Agenda del día' }, LOADED);
    const waiting = await within(card).findByRole('region', { name: 'En sala de espera (0)' }, LOADED);
    expect(within(waiting).getByText('Nadie en sala ahora mismo')).toBeTruthy();
    // Only today's appointments have the steps; another day's have none.
    expect(within(card).queryByRole('button', { name: 'En sala: Mañana Prueba' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'En sala: Temprano Prueba' }));
    await waitFor(() => expect(stateChanges).toEqual([{ id: 'c', body: { estado: 'en_sala' } }]), LOADED);
    const now = await within(card).findByRole('region', { name: 'En sala de espera (1)' }, LOADED);
    expect(within(now).getByRole('link', { name: 'Temprano Prueba' })).toBeTruthy();
    // En sala, the next step is Atendida.
    expect(await within(card).findByRole('button', { name: 'Atendida: Temprano Prueba' }, LOADED)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'En sala: Temprano Prueba' })).toBeNull();
  });

  it('says when the week has nothing', async () => {
    renderAt('/dashboard');
    const card = await screen.findByRole('region', { name: 'Agenda del día' }, LOADED);
    expect(await within(card).findByText('No hay citas programadas para hoy', {}, LOADED)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Semana anterior' }));
    expect(await within(card).findByText('No hay citas programadas para esta semana', {}, LOADED)).toBeTruthy();
    expect(within(card).getByText('Semana anterior', { selector: 'span' })).toBeTruthy();
  });
});
