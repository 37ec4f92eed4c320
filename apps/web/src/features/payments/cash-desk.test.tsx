import { PAYMENT_MESSAGES, type CashClose, type CashClosePage, type CashDay, type Payment } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import CashDeskPage from './pages/cash-desk-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

const MADRID = { id: 'c1', nombre: 'Clínica', logoUrl: null, pais: 'ES', zonaHoraria: 'Europe/Madrid', moneda: 'EUR' };

const payment = (over: Partial<Payment> & { id: string }): Payment => ({
  tipo: 'cobro',
  numero: 'R-2026-000010',
  paciente: { id: 'p1', nombres: 'Lucía', apellidos: 'Gómez' },
  fecha: '2026-11-28T09:15:00.000Z',
  diaCaja: '2026-11-28',
  importe: 5000,
  moneda: 'EUR',
  metodo: 'efectivo',
  referencia: null,
  cobradoPor: { id: 'u1', nombre: 'Ana Ruiz' },
  aplicaciones: [],
  anticipo: 0,
  anulacion: null,
  anula: null,
  motivo: null,
  ...over,
});

const UNOPENED_DAY: CashDay = {
  id: null,
  dia: '2026-11-28',
  estado: 'sin_abrir',
  miembro: { id: 'u1', nombre: 'Ana Ruiz' },
  moneda: 'EUR',
  fondoInicial: 0,
  apertura: null,
  cobros: [],
  esperado: [],
  efectivoEsperado: 0,
  cierre: null,
  sinCerrar: [],
};

const OPEN_DAY: CashDay = {
  ...UNOPENED_DAY,
  id: 'k1',
  estado: 'abierta',
  fondoInicial: 5000,
  apertura: '2026-11-28T08:00:00.000Z',
  cobros: [
    payment({ id: 'c10' }),
    payment({
      id: 'c11',
      numero: 'R-2026-000011',
      importe: 12000,
      metodo: 'tarjeta',
      paciente: { id: 'p2', nombres: 'Luis', apellidos: 'Pardo' },
    }),
    payment({
      id: 'a1',
      tipo: 'anulacion',
      numero: null,
      importe: -2000,
      anula: { id: 'c09', numero: 'R-2026-000009' },
      motivo: 'Cobrado dos veces',
    }),
  ],
  esperado: [
    { metodo: 'efectivo', importe: 3000, cobros: 2 },
    { metodo: 'tarjeta', importe: 12000, cobros: 1 },
  ],
  efectivoEsperado: 8000,
};

const CLOSED_DAY: CashDay = {
  ...OPEN_DAY,
  estado: 'cerrada',
  cierre: { fecha: '2026-11-28T19:30:00.000Z', efectivoContado: 7850, diferencia: -150, nota: 'Faltan monedas' },
};

/** What POST /api/caja/cerrar answers for CLOSED_DAY: its close, as the closes' history lists it. */
const CLOSE_OF_DAY: CashClose = {
  id: 'k1',
  dia: '2026-11-28',
  miembro: { id: 'u1', nombre: 'Ana Ruiz' },
  moneda: 'EUR',
  fondoInicial: 5000,
  esperado: OPEN_DAY.esperado,
  total: 15000,
  efectivoEsperado: 8000,
  efectivoContado: 7850,
  diferencia: -150,
  nota: 'Faltan monedas',
  fechaCierre: '2026-11-28T19:30:00.000Z',
};

const CLOSES: CashClosePage = {
  cierres: [
    {
      id: 'k0',
      dia: '2026-11-27',
      miembro: { id: 'u2', nombre: 'Marta Recepción' },
      moneda: 'EUR',
      fondoInicial: 5000,
      // A close keeps every method, those with no payment too.
      esperado: [
        { metodo: 'efectivo', importe: 4000, cobros: 2 },
        { metodo: 'tarjeta', importe: 0, cobros: 0 },
        { metodo: 'bizum', importe: 0, cobros: 0 },
      ],
      total: 4000,
      efectivoEsperado: 9000,
      efectivoContado: 9200,
      diferencia: 200,
      nota: 'Sobra el cambio de un cobro',
      fechaCierre: '2026-11-27T19:00:00.000Z',
    },
    {
      id: 'k-1',
      dia: '2026-11-26',
      miembro: { id: 'u1', nombre: 'Ana Ruiz' },
      moneda: 'EUR',
      fondoInicial: 0,
      esperado: [],
      total: 0,
      efectivoEsperado: 0,
      efectivoContado: 0,
      diferencia: 0,
      nota: null,
      fechaCierre: '2026-11-26T19:00:00.000Z',
    },
  ],
  total: 2,
  pagina: 1,
  porPagina: 25,
};

let day: CashDay;
let opened: unknown[];
let closed: unknown[];
let closeAnswer: () => Response;
let closesQueries: string[];
let dayLoads: number;
let dayQueries: string[];

beforeEach(() => {
  day = OPEN_DAY;
  opened = [];
  closed = [];
  closesQueries = [];
  dayLoads = 0;
  dayQueries = [];
  closeAnswer = () => {
    day = CLOSED_DAY;
    return json({ cierre: CLOSE_OF_DAY, mensaje: PAYMENT_MESSAGES.cashClosed });
  };
  stubApi(
    () => ({ rol: 'recepcion', permisos: ['caja.cerrar', 'cobros.ver'], clinica: MADRID }),
    async (url, request) => {
      if (url.pathname === '/api/caja' && request.method === 'GET') {
        dayLoads += 1;
        dayQueries.push(url.search);
        return json(day);
      }
      if (url.pathname === '/api/caja/abrir' && request.method === 'POST') {
        opened.push(await request.json());
        day = { ...OPEN_DAY, cobros: [], esperado: [], fondoInicial: 5000, efectivoEsperado: 5000 };
        return json({ caja: day, mensaje: PAYMENT_MESSAGES.cashOpened });
      }
      if (url.pathname === '/api/caja/cerrar' && request.method === 'POST') {
        closed.push(await request.json());
        return closeAnswer();
      }
      if (url.pathname === '/api/caja/cierres') {
        closesQueries.push(url.search);
        return json(CLOSES);
      }
      return undefined;
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

function SessionReady({ children }: { children: React.ReactNode }) {
  return useSession().loading ? null : children;
}

function renderPage(path = '/caja') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <SessionReady>
            <CashDeskPage />
          </SessionReady>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const LOADED = { timeout: 5000 };
const SLOW = 20_000;
const nbsp = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');

describe('the cash desk (issue 25)', () => {
  it(
    'opens the day with the float typed, in cents',
    async () => {
      day = UNOPENED_DAY;
      renderPage();
      const form = await screen.findByRole('form', { name: 'Abrir caja' }, LOADED);
      expect(screen.getByText('Sin abrir')).toBeTruthy();
      expect(screen.queryByRole('form', { name: 'Cerrar caja' })).toBeNull();
      fireEvent.change(within(form).getByLabelText(/Fondo inicial/), { target: { value: '50,00' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Abrir caja' }));
      await waitFor(() => expect(opened).toEqual([{ fondoInicial: 5000 }]), LOADED);
      expect(toast.success).toHaveBeenCalledWith(PAYMENT_MESSAGES.cashOpened);
      expect(await screen.findByText('Abierta')).toBeTruthy();
      expect(screen.getByRole('form', { name: 'Cerrar caja' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'opens without a float as 0',
    async () => {
      day = UNOPENED_DAY;
      renderPage();
      const form = await screen.findByRole('form', { name: 'Abrir caja' }, LOADED);
      fireEvent.click(within(form).getByRole('button', { name: 'Abrir caja' }));
      await waitFor(() => expect(opened).toEqual([{ fondoInicial: 0 }]), LOADED);
    },
    SLOW,
  );

  it(
    "lists the day's payments with annulments negative, and what it expects per method and in the drawer",
    async () => {
      renderPage();
      const table = await screen.findByRole('table', { name: 'Cobros del día' }, LOADED);
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(3);
      expect(within(rows[0]!).getByRole('link', { name: 'Lucía Gómez' }).getAttribute('href')).toBe('/pacientes/p1');
      expect(rows[0]!.textContent).toContain('R-2026-000010');
      expect(rows[2]!.textContent).toContain('Anulación de R-2026-000009');
      expect(nbsp(rows[2]!.lastElementChild?.textContent)).toBe('-20,00 €');
      const expected = document.querySelector<HTMLElement>('dl[aria-label="Esperado por forma de pago"]')!;
      expect(nbsp(within(expected).getByText(/Tarjeta/).nextElementSibling?.textContent)).toBe('120,00 €');
      expect(nbsp(within(expected).getByText('Efectivo esperado en caja').nextElementSibling?.textContent)).toBe(
        '80,00 €',
      );
    },
    SLOW,
  );

  it(
    'shows the difference as the cash is counted, sends the close without requiring a note, and shows the server’s',
    async () => {
      closeAnswer = () =>
        json(
          {
            error: {
              code: 'validation_error',
              message: PAYMENT_MESSAGES.cashNoteRequired,
              fields: { nota: PAYMENT_MESSAGES.cashNoteRequired },
            },
          },
          422,
        );
      renderPage();
      const form = await screen.findByRole('form', { name: 'Cerrar caja' }, LOADED);
      const difference = within(form).getByTestId('diferencia');
      expect(difference.textContent).toContain('—');
      const counted = within(form).getByLabelText(/Efectivo contado/);
      fireEvent.change(counted, { target: { value: '78,50' } });
      await waitFor(() => expect(nbsp(difference.textContent)).toContain('-1,50 €'));
      fireEvent.change(counted, { target: { value: '80' } });
      await waitFor(() => expect(nbsp(difference.textContent)).toContain('0,00 € (cuadra)'));
      fireEvent.change(counted, { target: { value: '81,25' } });
      await waitFor(() => expect(nbsp(difference.textContent)).toContain('+1,25 €'));

      fireEvent.click(within(form).getByRole('button', { name: 'Cerrar caja' }));
      const confirm = await screen.findByRole('alertdialog');
      expect(nbsp(confirm.textContent)).toContain('Efectivo contado: 81,25 €; diferencia: +1,25 €');
      expect(closed).toEqual([]);
      fireEvent.click(within(confirm).getByRole('button', { name: 'Cerrar caja' }));
      await waitFor(() => expect(closed).toEqual([{ efectivoContado: 8125, nota: null }]), LOADED);
      const nota = within(form).getByLabelText(/Nota/);
      await waitFor(() => expect(nota.getAttribute('aria-invalid')).toBe('true'), LOADED);
      expect(within(form).getByRole('alert').textContent).toBe(PAYMENT_MESSAGES.cashNoteRequired);
      expect(screen.getByText('Abierta')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'links each earlier day the member left open, and closes that day from its own page',
    async () => {
      day = { ...OPEN_DAY, dia: '2026-11-29', sinCerrar: ['2026-11-27'] };
      const { unmount } = renderPage();
      const link = await screen.findByRole('link', { name: 'Caja del 27/11/2026' }, LOADED);
      expect(link.getAttribute('href')).toBe('/caja?dia=2026-11-27');
      unmount();

      day = { ...OPEN_DAY, dia: '2026-11-27' };
      renderPage('/caja?dia=2026-11-27');
      const form = await screen.findByRole('form', { name: 'Cerrar caja' }, LOADED);
      expect(dayQueries.at(-1)).toBe('?dia=2026-11-27');
      expect(screen.getByRole('link', { name: 'Volver a la caja de hoy' })).toBeTruthy();
      fireEvent.change(within(form).getByLabelText(/Efectivo contado/), { target: { value: '80' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Cerrar caja' }));
      const confirm = await screen.findByRole('alertdialog');
      fireEvent.click(within(confirm).getByRole('button', { name: 'Cerrar caja' }));
      await waitFor(() => expect(closed).toEqual([{ efectivoContado: 8000, nota: null, dia: '2026-11-27' }]), LOADED);
    },
    SLOW,
  );

  it(
    'asks for the counted cash before confirming',
    async () => {
      renderPage();
      const form = await screen.findByRole('form', { name: 'Cerrar caja' }, LOADED);
      fireEvent.click(within(form).getByRole('button', { name: 'Cerrar caja' }));
      expect(await within(form).findByText(PAYMENT_MESSAGES.cashCountInvalid)).toBeTruthy();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
    SLOW,
  );

  it(
    'closes the day and then shows it read-only',
    async () => {
      renderPage();
      const form = await screen.findByRole('form', { name: 'Cerrar caja' }, LOADED);
      fireEvent.change(within(form).getByLabelText(/Efectivo contado/), { target: { value: '78,50' } });
      fireEvent.change(within(form).getByLabelText(/Nota/), { target: { value: 'Faltan monedas' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Cerrar caja' }));
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cerrar caja' }));
      await waitFor(() => expect(closed).toEqual([{ efectivoContado: 7850, nota: 'Faltan monedas' }]), LOADED);
      expect(toast.success).toHaveBeenCalledWith(PAYMENT_MESSAGES.cashClosed);
      expect(await screen.findByText('Cerrada')).toBeTruthy();
      expect(screen.queryByRole('form', { name: 'Cerrar caja' })).toBeNull();
      // The close's figures, from its answer: the day is not loaded again.
      const close = document.querySelector<HTMLElement>('dl[aria-label="Cierre de caja"]')!;
      expect(nbsp(within(close).getByText('Efectivo contado').nextElementSibling?.textContent)).toBe('78,50 €');
      expect(nbsp(within(close).getByText('Diferencia').nextElementSibling?.textContent)).toBe('-1,50 €');
      expect(screen.getByText('Faltan monedas')).toBeTruthy();
      expect(within(screen.getByRole('table', { name: 'Cobros del día' })).getAllByRole('row')).toHaveLength(4);
      expect(dayLoads).toBe(1);
    },
    SLOW,
  );

  it(
    'loads the day again when the close counted a payment the screen did not show',
    async () => {
      const late = payment({ id: 'c12', numero: 'R-2026-000012', importe: 1000 });
      closeAnswer = () => {
        day = { ...CLOSED_DAY, cobros: [late, ...CLOSED_DAY.cobros] };
        const esperado = [{ metodo: 'efectivo' as const, importe: 4000, cobros: 3 }, OPEN_DAY.esperado[1]!];
        return json({
          cierre: { ...CLOSE_OF_DAY, esperado, total: 16000, efectivoEsperado: 9000, diferencia: -1150 },
          mensaje: PAYMENT_MESSAGES.cashClosed,
        });
      };
      renderPage();
      const form = await screen.findByRole('form', { name: 'Cerrar caja' }, LOADED);
      fireEvent.change(within(form).getByLabelText(/Efectivo contado/), { target: { value: '78,50' } });
      fireEvent.change(within(form).getByLabelText(/Nota/), { target: { value: 'Faltan monedas' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Cerrar caja' }));
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cerrar caja' }));
      await waitFor(() => expect(dayLoads).toBe(2), LOADED);
      const table = await screen.findByRole('table', { name: 'Cobros del día' }, LOADED);
      await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5), LOADED);
      expect(table.textContent).toContain('R-2026-000012');
      expect(await screen.findByText('Cerrada')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'renders a closed day read-only, with the note that later payments go to tomorrow, and the closes’ history',
    async () => {
      day = CLOSED_DAY;
      renderPage();
      await screen.findByText('Efectivo contado', undefined, LOADED);
      const close = document.querySelector<HTMLElement>('dl[aria-label="Cierre de caja"]')!;
      expect(nbsp(within(close).getByText('Efectivo contado').nextElementSibling?.textContent)).toBe('78,50 €');
      expect(nbsp(within(close).getByText('Diferencia').nextElementSibling?.textContent)).toBe('-1,50 €');
      expect(screen.getByText('Faltan monedas')).toBeTruthy();
      expect(screen.getByText(/los cobros que registres a partir de ahora pasan a la caja de mañana/)).toBeTruthy();
      expect(screen.queryByRole('form')).toBeNull();
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('button', { name: /Cerrar caja|Abrir caja/ })).toBeNull();

      const history = await screen.findByRole('table', { name: 'Cierres de caja' }, LOADED);
      const rows = within(history).getAllByRole('row').slice(1);
      expect(rows[0]!.textContent).toContain('27/11/2026');
      expect(rows[0]!.textContent).toContain('Marta Recepción');
      expect(nbsp(rows[0]!.textContent)).toContain('+2,00 €');
      expect(rows[0]!.textContent).toContain('Sobra el cambio de un cobro');
      // Its methods: the one taken, not the empty ones.
      expect(nbsp(rows[0]!.textContent)).toContain('Efectivo 40,00 €');
      expect(rows[0]!.textContent).not.toContain('Tarjeta');
      expect(rows[0]!.textContent).not.toContain('Bizum');
      expect(rows[1]!.textContent).toContain('Ana Ruiz');
    },
    SLOW,
  );

  it(
    'filters the closes by date',
    async () => {
      renderPage();
      await screen.findByRole('table', { name: 'Cierres de caja' }, LOADED);
      expect(closesQueries).toEqual(['?pagina=1']);
      fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-01' } });
      await waitFor(() => expect(closesQueries.at(-1)).toBe('?desde=2026-11-01&pagina=1'), LOADED);
      fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-15' } });
      await waitFor(() => expect(closesQueries.at(-1)).toBe('?desde=2026-11-01&hasta=2026-11-15&pagina=1'), LOADED);
    },
    SLOW,
  );
});
