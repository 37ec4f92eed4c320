import type { BalanceReport, CollectionsReport, Dentist, ProductionReport, ReportAnswer } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import { TodayFiguresCard } from './components/today-figures-card';
import ReportsPage from './pages/reports-page';
import { reportCsv, reportCsvRows, reportFileName } from './report-csv';
import { readFilters, reportQueryOf } from './report-filters';
import { isEmptyView, reportView } from './report-view';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

const MADRID = { id: 'c1', nombre: 'Clínica', logoUrl: null, pais: 'ES', zonaHoraria: 'Europe/Madrid', moneda: 'EUR' };
const BOGOTA = { id: 'c2', nombre: 'Clínica', logoUrl: null, pais: 'CO', zonaHoraria: 'America/Bogota', moneda: 'COP' };
const LUIS = '6f1c1c4e-2b7a-4c55-9a55-0c1f3f0b2a11';

const PRODUCTION: ProductionReport = {
  moneda: 'EUR',
  total: 123450,
  tratamientos: 7,
  serie: [
    { periodo: '2027-02-01', importe: 23450, tratamientos: 2 },
    { periodo: '2027-02-02', importe: 100000, tratamientos: 5 },
  ],
  porDentista: [
    { id: LUIS, nombre: 'Luis Pérez', importe: 100000, tratamientos: 5 },
    { id: null, nombre: 'Sin dentista', importe: 23450, tratamientos: 2 },
  ],
  porServicio: [{ id: 's1', nombre: 'Limpieza; completa', importe: 123450, tratamientos: 7 }],
};

const COLLECTIONS: CollectionsReport = {
  moneda: 'EUR',
  total: 50000,
  cobros: 3,
  anulaciones: { cantidad: 1, importe: -1000 },
  serie: [{ periodo: '2027-02-01', importe: 50000, cobros: 3 }],
  porMetodo: [
    { metodo: 'efectivo', importe: 20000, cobros: 2 },
    { metodo: 'bizum', importe: 30000, cobros: 1 },
  ],
  porMiembro: [{ id: 'u1', nombre: 'Ana', importe: 50000, cobros: 3 }],
};

const DENTISTS: Dentist[] = [
  {
    id: LUIS,
    nombres: 'Luis',
    apellidos: 'Pérez',
    especialidad: 'odontologia-general',
    color: '#000',
    activo: true,
    usuarioId: null,
    usuarioNombre: null,
  },
];

let permisos: string[];
let clinica: Record<string, unknown>;
let reportRequests: URL[];
let answers: Partial<Record<string, unknown>>;

beforeEach(() => {
  // Wednesday 10 February 2027 in Madrid and in Bogotá.
  vi.useFakeTimers({ now: new Date('2027-02-10T15:00:00Z'), toFake: ['Date'] });
  permisos = ['reportes.ver', 'dentistas.ver'];
  clinica = MADRID;
  reportRequests = [];
  answers = { produccion: PRODUCTION, cobros: COLLECTIONS, hoy: { moneda: 'EUR', produccion: 4550, cobros: 120000 } };
  stubApi(
    () => ({ rol: 'admin', permisos, clinica }),
    (url) => {
      if (url.pathname === '/api/dentistas') return json(DENTISTS);
      const match = /^\/api\/reportes\/(\w+)$/.exec(url.pathname);
      if (!match) return undefined;
      reportRequests.push(url);
      const answer = answers[match[1]];
      if (answer === 'error') return json({ error: { code: 'validation_error', message: 'Fallo' } }, 422);
      return answer === undefined ? undefined : json(answer);
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function SessionReady({ children }: { children: React.ReactNode }) {
  return useSession().loading ? null : children;
}
function Location() {
  const location = useLocation();
  return <p data-testid="path">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/reportes"
              element={
                <SessionReady>
                  <ReportsPage />
                </SessionReady>
              }
            />
            <Route
              path="/dashboard"
              element={
                <SessionReady>
                  <TodayFiguresCard />
                  <p>Dashboard</p>
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

const LOADED = { timeout: 5000 };
/** The screen tests walk through several loads: room for a busy machine. */
const SLOW = 30_000;
const nbsp = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');
const lastRequest = () => reportRequests.at(-1)!;
const queryOf = (url: URL) => Object.fromEntries(url.searchParams);
const path = () => screen.getByTestId('path').textContent;

async function choose(label: string, option: string) {
  fireEvent.keyDown(screen.getByRole('combobox', { name: label }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** The rows of a table as its cells' texts. */
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => nbsp(cell.textContent)),
    );

describe('the period of the reports (issue 25)', () => {
  it(
    'asks for this month by default, and each preset for its range, kept in the URL',
    async () => {
      renderAt('/reportes');
      await screen.findByRole('table', { name: 'Por dentista' }, LOADED);
      expect(lastRequest().pathname).toBe('/api/reportes/produccion');
      expect(queryOf(lastRequest())).toEqual({ desde: '2027-02-01', hasta: '2027-02-10', agrupacion: 'dia' });

      await choose('Periodo', 'Mes anterior');
      await waitFor(() => expect(queryOf(lastRequest())).toMatchObject({ desde: '2027-01-01', hasta: '2027-01-31' }));
      expect(path()).toBe('/reportes?periodo=mes_anterior');

      // Madrid's weeks start on Monday: Wednesday the 10th's week began on the 8th.
      await choose('Periodo', 'Esta semana');
      await waitFor(() => expect(queryOf(lastRequest())).toMatchObject({ desde: '2027-02-08', hasta: '2027-02-10' }));

      await choose('Periodo', 'Hoy');
      await waitFor(() => expect(queryOf(lastRequest())).toMatchObject({ desde: '2027-02-10', hasta: '2027-02-10' }));

      // This year (40 days so far) is still by day; a grouping picked stays in the URL.
      await choose('Periodo', 'Este año');
      await waitFor(() =>
        expect(queryOf(lastRequest())).toEqual({ desde: '2027-01-01', hasta: '2027-02-10', agrupacion: 'dia' }),
      );
      await choose('Agrupar por', 'Semana');
      await waitFor(() => expect(queryOf(lastRequest())).toMatchObject({ agrupacion: 'semana' }));
      expect(path()).toBe('/reportes?periodo=anio&agrupacion=semana');
    },
    SLOW,
  );

  it(
    'takes the dates typed for Personalizado, starting from the range on screen, and refuses a range backwards',
    async () => {
      renderAt('/reportes?periodo=mes_anterior');
      await screen.findByRole('table', { name: 'Por dentista' }, LOADED);
      expect(screen.getByLabelText('Desde')).toHaveProperty('disabled', true);

      await choose('Periodo', 'Personalizado');
      expect(screen.getByLabelText('Desde')).toHaveProperty('disabled', false);
      expect(path()).toBe('/reportes?periodo=personalizado&desde=2027-01-01&hasta=2027-01-31');

      fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2027-06-30' } });
      await waitFor(() =>
        expect(queryOf(lastRequest())).toEqual({ desde: '2027-01-01', hasta: '2027-06-30', agrupacion: 'semana' }),
      );

      const asked = reportRequests.length;
      fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2027-07-01' } });
      expect((await screen.findByRole('alert')).textContent).toBe(
        'La fecha de inicio no puede ser posterior a la de fin',
      );
      expect(reportRequests).toHaveLength(asked);
    },
    SLOW,
  );

  it(
    "starts a Colombian clinic's week on Sunday, on the screen as in the rule",
    async () => {
      clinica = BOGOTA;
      answers.produccion = { ...PRODUCTION, moneda: 'COP' };
      renderAt('/reportes?periodo=semana');
      await screen.findByRole('table', { name: 'Por dentista' }, LOADED);
      expect(queryOf(lastRequest())).toMatchObject({ desde: '2027-02-07', hasta: '2027-02-10' });
      expect(rowsOf('Por dentista')[0]).toEqual(['Luis Pérez', '5', '$ 100.000']);

      const params = new URLSearchParams('periodo=semana');
      expect(readFilters(params, '2027-02-10', 0)).toMatchObject({ desde: '2027-02-07', hasta: '2027-02-10' });
      expect(readFilters(params, '2027-02-10', 1)).toMatchObject({ desde: '2027-02-08', hasta: '2027-02-10' });
      // What is not understood is the default: this month, by day.
      expect(readFilters(new URLSearchParams('periodo=siglo&informe=x&dentista=1'), '2027-02-10', 1)).toEqual({
        informe: 'produccion',
        preset: 'mes',
        desde: '2027-02-01',
        hasta: '2027-02-10',
        agrupacion: 'dia',
        dentistaId: null,
      });
    },
    SLOW,
  );

  it('sends the dentist only to the reports it applies to', () => {
    const filters = readFilters(new URLSearchParams(`dentista=${LUIS}`), '2027-02-10', 1);
    expect(reportQueryOf({ ...filters, informe: 'produccion' })).toEqual({
      query: { desde: '2027-02-01', hasta: '2027-02-10', agrupacion: 'dia', dentistaId: LUIS },
    });
    expect(reportQueryOf({ ...filters, informe: 'cobros' })).toEqual({
      query: { desde: '2027-02-01', hasta: '2027-02-10', agrupacion: 'dia' },
    });
    expect(reportQueryOf({ ...filters, desde: '2020-01-01' })).toEqual({ error: 'El rango tiene como mucho 3 años' });
  });
});

describe('the reports screen', () => {
  it(
    'shows the production figures and its tables with the rows of the answer',
    async () => {
      renderAt('/reportes');
      await screen.findByRole('table', { name: 'Por dentista' }, LOADED);
      expect(screen.getByRole('tab', { name: 'Producción' }).getAttribute('aria-selected')).toBe('true');
      const figure = (label: string) =>
        nbsp(screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent);
      expect(figure('Producción')).toBe('1234,50 €');
      expect(figure('Tratamientos realizados')).toBe('7');
      expect(rowsOf('Producción por periodo')).toEqual([
        ['01/02/2027', '2', '234,50 €'],
        ['02/02/2027', '5', '1000,00 €'],
      ]);
      expect(rowsOf('Por dentista')).toEqual([
        ['Luis Pérez', '5', '1000,00 €'],
        ['Sin dentista', '2', '234,50 €'],
      ]);
      expect(rowsOf('Por servicio')).toEqual([['Limpieza; completa', '7', '1234,50 €']]);
      // Each chart is named for screen readers.
      expect(screen.getByRole('figure', { name: 'Gráfico: Por dentista' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'fetches the report of the tab chosen, without the dentist where it does not apply',
    async () => {
      renderAt(`/reportes?dentista=${LUIS}`);
      await screen.findByRole('table', { name: 'Por dentista' }, LOADED);
      expect(queryOf(lastRequest())).toMatchObject({ dentistaId: LUIS });
      expect(screen.getByRole('combobox', { name: 'Dentista' }).textContent).toBe('Luis Pérez');

      fireEvent.mouseDown(screen.getByRole('tab', { name: 'Cobros' }), { button: 0 });
      await screen.findByRole('table', { name: 'Por método de pago' }, LOADED);
      expect(lastRequest().pathname).toBe('/api/reportes/cobros');
      expect(queryOf(lastRequest())).toEqual({ desde: '2027-02-01', hasta: '2027-02-10', agrupacion: 'dia' });
      expect(path()).toBe(`/reportes?informe=cobros&dentista=${LUIS}`);
      expect(rowsOf('Por método de pago')).toEqual([
        ['Efectivo', '2', '200,00 €'],
        ['Bizum', '1', '300,00 €'],
      ]);
      const dentist = screen.getByRole('combobox', { name: 'Dentista' });
      expect(dentist).toHaveProperty('disabled', true);
      expect(document.getElementById(dentist.getAttribute('aria-describedby')!)?.textContent).toBe(
        'El filtro de dentista se aplica a Producción, Tratamientos más realizados, Citas y no asistencias.',
      );
    },
    SLOW,
  );

  it(
    "shows what patients owe today, summed as 'Pacientes con saldo pendiente' does, beside the period's production, collections and net balance",
    async () => {
      answers.saldo = {
        moneda: 'EUR',
        pendiente: 250000,
        deudores: 3,
        produccion: 123450,
        cobros: 50000,
        netoInicial: 10000,
        netoFinal: 83450,
        serie: [
          { periodo: '2027-02-01', produccion: 23450, cobros: 50000, neto: -16550 },
          { periodo: '2027-02-02', produccion: 100000, cobros: 0, neto: 83450 },
        ],
      } satisfies BalanceReport;
      renderAt('/reportes?informe=saldo');
      await screen.findByRole('table', { name: 'Producción, cobros y saldo neto por periodo' }, LOADED);
      expect(lastRequest().pathname).toBe('/api/reportes/saldo');
      const owed = screen.getByText('Saldo pendiente hoy', { selector: 'dt' });
      expect(nbsp(owed.nextElementSibling?.textContent)).toBe('2500,00 €');
      expect(owed.nextElementSibling?.nextElementSibling?.textContent).toBe(
        'Lo que deben hoy los pacientes con saldo pendiente, sea cual sea el periodo. El anticipo de un paciente no resta la deuda de otro.',
      );
      expect(
        screen.getByText('Pacientes con saldo pendiente hoy', { selector: 'dt' }).nextElementSibling?.textContent,
      ).toBe('3');
      // The net balance nets advances, so it is named apart from what is owed.
      const net = screen.getByText('Saldo neto al final del periodo', { selector: 'dt' });
      expect(nbsp(net.nextElementSibling?.textContent)).toBe('834,50 €');
      expect(rowsOf('Producción, cobros y saldo neto por periodo')).toEqual([
        ['01/02/2027', '234,50 €', '500,00 €', '-165,50 €'],
        ['02/02/2027', '1000,00 €', '0,00 €', '834,50 €'],
      ]);
    },
    SLOW,
  );

  it(
    'says when a period has nothing, and when a report could not load',
    async () => {
      answers.pacientes = { total: 0, serie: [{ periodo: '2027-02-01', pacientes: 0 }] };
      answers.citas = 'error';
      renderAt('/reportes?informe=pacientes');
      expect(await screen.findByText('No hay datos en este periodo', {}, LOADED)).toBeTruthy();
      fireEvent.mouseDown(screen.getByRole('tab', { name: 'Citas y no asistencias' }), { button: 0 });
      expect((await screen.findByRole('alert', {}, LOADED)).textContent).toBe('No se pudo cargar el reporte');
    },
    SLOW,
  );

  it(
    'exports the report on screen as a CSV named after it and its range',
    async () => {
      const created: Blob[] = [];
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => {} }),
      );
      let downloaded = '';
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloaded = this.download;
      });
      renderAt('/reportes?periodo=mes_anterior');
      await screen.findByRole('table', { name: 'Por dentista' }, LOADED);
      fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      expect(downloaded).toBe('reporte-produccion-2027-01-01-2027-01-31.csv');
      const bytes = new Uint8Array(await created[0].arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder().decode(bytes)).toContain('Luis Pérez;5;1000,00\r\n');
    },
    SLOW,
  );
});

describe('the CSV of a report', () => {
  it('has the BOM, semicolons, CRLF and the rows of the tables, amounts as numbers Excel adds up', () => {
    const csv = reportCsv(reportView('produccion', PRODUCTION, 'dia', 'EUR'));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Resumen',
      'Concepto;Valor',
      'Producción (EUR);1234,50',
      'Tratamientos realizados;7',
      '',
      'Producción por periodo',
      'Día;Tratamientos;Importe (EUR)',
      '01/02/2027;2;234,50',
      '02/02/2027;5;1000,00',
      '',
      'Por dentista',
      'Dentista;Tratamientos;Importe (EUR)',
      'Luis Pérez;5;1000,00',
      'Sin dentista;2;234,50',
      '',
      'Por servicio',
      'Servicio;Tratamientos;Importe (EUR)',
      '"Limpieza; completa";7;1234,50',
      '',
    ]);
  });

  it('writes pesos without decimals, negative amounts, rates and months', () => {
    const view = reportView(
      'presupuestos',
      {
        moneda: 'COP',
        enviados: 4,
        aceptados: 1,
        rechazados: 1,
        pendientes: 2,
        conversion: 2550,
        importeEnviado: 1500000,
        importeAceptado: 350000,
        serie: [{ periodo: '2027-01-01', enviados: 4, aceptados: 1, rechazados: 1 }],
      } satisfies ReportAnswer['presupuestos'],
      'mes',
      'EUR',
    );
    const rows = reportCsvRows(view);
    expect(rows).toContainEqual(['Conversión (%)', '25,5']);
    expect(rows).toContainEqual(['Importe enviado (COP)', '1500000']);
    expect(rows).toContainEqual(['Enero de 2027', 4, 1, 1]);
    const collections = reportCsvRows(reportView('cobros', COLLECTIONS, 'semana', 'EUR'));
    expect(collections).toContainEqual(['Importe anulado (EUR)', '-10,00']);
    expect(collections).toContainEqual(['Semana del', 'Cobros', 'Importe (EUR)']);
    expect(reportFileName('cobros', '2027-01-01', '2027-12-31')).toBe('reporte-cobros-2027-01-01-2027-12-31.csv');
  });

  it('tells an empty period from one with figures', () => {
    expect(
      isEmptyView(reportView('citas', { total: 0, porEstado: [], tasaNoAsistencia: 0, serie: [] }, 'dia', 'EUR')),
    ).toBe(true);
    expect(
      isEmptyView(
        reportView(
          'insumos',
          { moneda: 'EUR', consumidos: [{ id: 'p', nombre: 'Guantes', cantidad: 3, faltante: 0 }], comprados: [] },
          'dia',
          'EUR',
        ),
      ),
    ).toBe(false);
  });
});

describe("the dashboard's figures of today", () => {
  it("shows today's production and collections in the clinic's currency, with the way to the reports", async () => {
    renderAt('/dashboard');
    const card = (await screen.findByRole('heading', { name: 'Hoy en la clínica' }, LOADED)).closest(
      '[data-slot=card]',
    )!;
    await waitFor(() => expect(nbsp(card.textContent)).toContain('45,50 €'));
    expect(nbsp(within(card as HTMLElement).getByText('Cobros de hoy').nextElementSibling?.textContent)).toBe(
      '1200,00 €',
    );
    expect(
      within(card as HTMLElement)
        .getByRole('link', { name: 'Ver reportes' })
        .getAttribute('href'),
    ).toBe('/reportes?periodo=hoy');
  });

  it('is not there, and asks nothing, without reportes.ver', async () => {
    permisos = ['citas.ver'];
    renderAt('/dashboard');
    await screen.findByText('Dashboard', {}, LOADED);
    expect(screen.queryByText('Producción de hoy')).toBeNull();
    expect(reportRequests).toHaveLength(0);
  });
});
