import { PAYMENT_MESSAGES, todayInZone, type PatientAccount, type Payment } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import AccountSection from './components/account-section';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

const MADRID = { id: 'c1', nombre: 'Clínica', logoUrl: null, pais: 'ES', zonaHoraria: 'Europe/Madrid', moneda: 'EUR' };
const BOGOTA = { id: 'c2', nombre: 'Clínica', logoUrl: null, pais: 'CO', zonaHoraria: 'America/Bogota', moneda: 'COP' };
const TODAY = todayInZone('Europe/Madrid');
const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const L9 = '99999999-9999-4999-8999-999999999999';
const PACIENTE = { id: 'p1', nombres: 'Lucía', apellidos: 'Gómez' };

const payment = (over: Partial<Payment> & { id: string }): Payment => ({
  tipo: 'cobro',
  numero: 'R-2026-000001',
  paciente: PACIENTE,
  fecha: '2026-11-20T10:00:00.000Z',
  diaCaja: '2026-11-20',
  importe: 3000,
  moneda: 'EUR',
  metodo: 'tarjeta',
  referencia: null,
  cobradoPor: { id: 'u1', nombre: 'Ana Ruiz' },
  aplicaciones: [
    { tipo: 'tratamiento', id: T1, descripcion: 'Obturación de composite', importe: 3000, delAnticipo: false },
  ],
  anticipo: 0,
  anulacion: null,
  anula: null,
  motivo: null,
  ...over,
});

const ACCOUNT: PatientAccount = {
  paciente: { ...PACIENTE, email: 'lucia@ejemplo.test' },
  moneda: 'EUR',
  metodos: ['efectivo', 'tarjeta', 'transferencia', 'bizum'],
  partidas: [
    {
      tipo: 'tratamiento',
      id: T1,
      fecha: '2026-11-10',
      descripcion: 'Obturación de composite',
      diente: 16,
      dentista: 'Laura Gómez',
      presupuesto: 'P-2026-0007',
      importe: 6000,
      pagado: 3000,
      pendiente: 3000,
    },
    {
      tipo: 'tratamiento',
      id: T2,
      fecha: '2026-11-12',
      descripcion: 'Endodoncia',
      diente: 26,
      dentista: null,
      presupuesto: null,
      importe: 9500,
      pagado: 0,
      pendiente: 9500,
    },
    {
      tipo: 'linea',
      id: L9,
      fecha: '2026-11-13',
      descripcion: 'Corona de zirconio',
      diente: 26,
      dentista: null,
      presupuesto: 'P-2026-0007',
      importe: 40000,
      pagado: 0,
      pendiente: 40000,
    },
  ],
  cobros: [
    payment({
      id: 'an1',
      tipo: 'anulacion',
      numero: null,
      importe: -2000,
      metodo: 'efectivo',
      fecha: '2026-11-19T12:00:00.000Z',
      aplicaciones: [],
      anula: { id: 'c0', numero: 'R-2026-000000' },
      motivo: 'Cobrado dos veces',
    }),
    payment({ id: 'c1' }),
    payment({
      id: 'c0',
      numero: 'R-2026-000000',
      importe: 2000,
      metodo: 'efectivo',
      fecha: '2026-11-19T09:00:00.000Z',
      aplicaciones: [],
      anticipo: 2000,
      anulacion: { id: 'an1', fecha: '2026-11-19T12:00:00.000Z', motivo: 'Cobrado dos veces', por: 'Ana Ruiz' },
    }),
  ],
  totales: { realizado: 15500, cobrado: 3000, anticipo: 0, saldo: 12500, aceptadoPendiente: 40000 },
};

const COP_ACCOUNT: PatientAccount = {
  ...ACCOUNT,
  moneda: 'COP',
  metodos: ['efectivo', 'tarjeta', 'transferencia', 'nequi', 'daviplata'],
  partidas: ACCOUNT.partidas.map((p) => ({
    ...p,
    importe: p.importe * 100,
    pagado: p.pagado * 100,
    pendiente: p.pendiente * 100,
  })),
  cobros: [],
  totales: { realizado: 1_550_000, cobrado: 0, anticipo: 0, saldo: 1_550_000, aceptadoPendiente: 4_000_000 },
};

let permisos: string[];
let clinica: typeof MADRID;
let account: PatientAccount;
let accountLoads: number;
let created: unknown[];
let createAnswer: () => Response;
let annulled: unknown[];
let emailed: string[];
let advancesApplied: number;

beforeEach(() => {
  permisos = ['cobros.ver', 'cobros.registrar', 'cobros.anular'];
  clinica = MADRID;
  account = ACCOUNT;
  accountLoads = 0;
  created = [];
  annulled = [];
  emailed = [];
  advancesApplied = 0;
  createAnswer = () => {
    const cobro = payment({ id: 'c9', numero: 'R-2026-000009', importe: 1250, metodo: 'tarjeta' });
    const cuenta = { ...account, cobros: [cobro, ...account.cobros], totales: { ...account.totales, saldo: 11250 } };
    return json({ cobro, cuenta, mensaje: PAYMENT_MESSAGES.registered('R-2026-000009') }, 201);
  };
  stubApi(
    () => ({ rol: 'recepcion', permisos, clinica }),
    async (url, request) => {
      if (url.pathname === '/api/pacientes/p1/cuenta' && request.method === 'GET') {
        accountLoads += 1;
        return json(account);
      }
      if (url.pathname === '/api/pacientes/p1/cobros' && request.method === 'POST') {
        created.push(await request.json());
        return createAnswer();
      }
      const annul = /^\/api\/cobros\/([^/]+)\/anular$/.exec(url.pathname);
      if (annul && request.method === 'POST') {
        annulled.push({ id: annul[1], ...((await request.json()) as object) });
        return json({
          cobro: payment({ id: 'an2', tipo: 'anulacion' }),
          cuenta: account,
          mensaje: PAYMENT_MESSAGES.annulled,
        });
      }
      if (url.pathname === '/api/pacientes/p1/anticipo/aplicar' && request.method === 'POST') {
        advancesApplied += 1;
        const cuenta: PatientAccount = {
          ...account,
          partidas: account.partidas.map((p) => (p.id === T1 ? { ...p, pagado: 4500, pendiente: 1500 } : p)),
          totales: { ...account.totales, anticipo: 0 },
        };
        return json({ aplicado: 1500, cuenta, mensaje: PAYMENT_MESSAGES.advanceApplied('15,00 €') });
      }
      const email = /^\/api\/cobros\/([^/]+)\/recibo\/email$/.exec(url.pathname);
      if (email && request.method === 'POST') {
        emailed.push(email[1]!);
        return json({ mensaje: PAYMENT_MESSAGES.receiptSent('lucia@ejemplo.test') });
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

function SessionReady({ children }: { children: React.ReactNode }) {
  return useSession().loading ? null : children;
}

function renderSection() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter>
          <SessionReady>
            <AccountSection patientId="p1" />
          </SessionReady>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const LOADED = { timeout: 5000 };
/** A dialog filled in field by field takes a while on a busy machine. */
const SLOW = 20_000;
const nbsp = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');
/** A figure of the totals, read by its term. */
const figure = (label: string) => {
  const totals = document.querySelector<HTMLElement>('dl[aria-label="Totales de la cuenta"]')!;
  return nbsp(within(totals).getByText(label).nextElementSibling?.textContent);
};

async function openDialog() {
  renderSection();
  fireEvent.click(await screen.findByRole('button', { name: PAYMENT_MESSAGES.newPayment }, LOADED));
  return screen.findByRole('form', { name: PAYMENT_MESSAGES.newPayment });
}

describe("the patient's account (issue 25)", () => {
  it(
    'shows the balance, the totals, each item with what was paid and owed, and the payments with their annulments',
    async () => {
      renderSection();
      await screen.findByRole('table', { name: 'Tratamientos de la cuenta' }, LOADED);
      expect(figure('Saldo pendiente')).toBe('125,00 €');
      expect(figure('Realizado')).toBe('155,00 €');
      expect(figure('Cobrado')).toBe('30,00 €');
      expect(figure('Anticipo')).toBe('0,00 €');
      expect(figure('Aceptado pendiente')).toBe('400,00 €');

      const items = screen.getByRole('table', { name: 'Tratamientos de la cuenta' });
      const filling = within(items).getByText('Obturación de composite').closest('tr')!;
      expect(nbsp(filling.textContent)).toContain('Importe 60,00 € · Pagado 30,00 €');
      expect(nbsp(filling.lastElementChild?.textContent)).toBe('30,00 €');
      expect(within(items).getByText('Corona de zirconio').closest('tr')!.textContent).toContain('Aceptado');

      const payments = screen.getByRole('list', { name: 'Cobros del paciente' });
      const reversal = within(payments).getByRole('listitem', { name: 'Anulación del cobro R-2026-000000' });
      expect(within(reversal).getByText('Anulación')).toBeTruthy();
      expect(reversal.textContent).toContain('Motivo: Cobrado dos veces');
      expect(nbsp(reversal.textContent)).toContain('-20,00 €');
      // A reversing entry has no receipt and cannot be annulled.
      expect(within(reversal).queryByRole('button')).toBeNull();
      const annulledRow = within(payments).getByRole('listitem', { name: 'Recibo R-2026-000000' });
      expect(within(annulledRow).getByText('Anulado')).toBeTruthy();
      expect(annulledRow.textContent).toContain('Motivo: Cobrado dos veces');
      expect(within(annulledRow).queryByRole('button', { name: /Anular/ })).toBeNull();
      const live = within(payments).getByRole('listitem', { name: 'Recibo R-2026-000001' });
      expect(within(live).getByRole('link', { name: 'Descargar recibo R-2026-000001' }).getAttribute('href')).toBe(
        '/api/cobros/c1/recibo',
      );
      expect(within(live).getByRole('button', { name: 'Anular el cobro R-2026-000001' })).toBeTruthy();
      expect(screen.getByRole('link', { name: /Descargar estado de cuenta/ }).getAttribute('href')).toBe(
        '/api/pacientes/p1/cuenta/pdf',
      );
    },
    SLOW,
  );

  it(
    'says “A favor” for a credit, and hides the actions a member may not take',
    async () => {
      permisos = ['cobros.ver'];
      account = { ...ACCOUNT, totales: { ...ACCOUNT.totales, saldo: -1500, anticipo: 1500 } };
      renderSection();
      await screen.findByRole('table', { name: 'Tratamientos de la cuenta' }, LOADED);
      expect(figure('A favor')).toBe('15,00 €');
      expect(screen.queryByText('Saldo pendiente')).toBeNull();
      expect(screen.queryByRole('button', { name: PAYMENT_MESSAGES.newPayment })).toBeNull();
      expect(screen.queryByRole('button', { name: /Anular/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /Enviar recibo/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /Aplicar anticipo/ })).toBeNull();
      // Downloading a receipt needs only cobros.ver.
      expect(screen.getByRole('link', { name: 'Descargar recibo R-2026-000001' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'applies what is on account to what is owed, and offers it only while both are there',
    async () => {
      account = { ...ACCOUNT, totales: { ...ACCOUNT.totales, anticipo: 1500 } };
      renderSection();
      const apply = await screen.findByRole('button', { name: /^Aplicar anticipo \(15,00\s€ a cuenta\)$/ }, LOADED);
      expect(figure('Anticipo')).toBe('15,00 €');
      fireEvent.click(apply);
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PAYMENT_MESSAGES.advanceApplied('15,00 €')));
      expect(advancesApplied).toBe(1);
      // The account is the answer's: nothing left on account, the filling paid 45,00 €, no button.
      await waitFor(() => expect(figure('Anticipo')).toBe('0,00 €'));
      const filling = screen.getByText('Obturación de composite').closest('tr')!;
      expect(nbsp(filling.textContent)).toContain('Pagado 45,00 €');
      expect(screen.queryByRole('button', { name: /Aplicar anticipo/ })).toBeNull();
      expect(accountLoads).toBe(1);
    },
    SLOW,
  );

  it(
    'renders nothing and loads nothing without cobros.ver',
    async () => {
      permisos = ['pacientes.ver'];
      const { container } = renderSection();
      await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(container.textContent).toBe('');
      expect(accountLoads).toBe(0);
    },
    SLOW,
  );

  it(
    'emails a receipt and says so',
    async () => {
      renderSection();
      fireEvent.click(await screen.findByRole('button', { name: 'Enviar recibo R-2026-000001' }, LOADED));
      await waitFor(() => expect(emailed).toEqual(['c1']));
      expect(toast.success).toHaveBeenCalledWith(PAYMENT_MESSAGES.receiptSent('lucia@ejemplo.test'));
    },
    SLOW,
  );
});

describe('the payment dialog (issue 25)', () => {
  it(
    'prefills the pending balance, sends euros in cents applied automatically, then offers the receipt',
    async () => {
      const form = await openDialog();
      const importe = within(form).getByLabelText(/Importe/) as HTMLInputElement;
      expect(importe.value).toBe('125,00');
      expect((within(form).getByLabelText(/Fecha/) as HTMLInputElement).value).toBe(TODAY);
      // The clinic's methods only: Bizum in Spain, no Nequi.
      const method = within(form).getByLabelText(/Forma de pago/) as HTMLSelectElement;
      expect([...method.options].map((o) => o.text)).toEqual(['Efectivo', 'Tarjeta', 'Transferencia', 'Bizum']);
      expect(within(form).getByRole('radio', { name: 'Automática (lo más antiguo primero)' })).toHaveProperty(
        'checked',
        true,
      );

      fireEvent.change(importe, { target: { value: '12,50' } });
      fireEvent.change(method, { target: { value: 'tarjeta' } });
      fireEvent.change(within(form).getByLabelText(/Referencia/), { target: { value: 'TPV 4411' } });
      fireEvent.click(within(form).getByRole('button', { name: PAYMENT_MESSAGES.newPayment }));
      await waitFor(() => expect(created).toHaveLength(1), LOADED);
      expect(created[0]).toEqual({
        importe: 1250,
        metodo: 'tarjeta',
        referencia: 'TPV 4411',
        fecha: TODAY,
        aplicacion: 'automatica',
        partidas: [],
      });
      expect(toast.success).toHaveBeenCalledWith(PAYMENT_MESSAGES.registered('R-2026-000009'));

      // The success view: the receipt right away, and the account updated from the answer (not loaded again).
      const dialog = await screen.findByRole('dialog');
      expect(
        within(dialog)
          .getByRole('link', { name: /Descargar recibo/ })
          .getAttribute('href'),
      ).toBe('/api/cobros/c9/recibo');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar por email' }));
      await waitFor(() => expect(emailed).toEqual(['c9']));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Listo' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(figure('Saldo pendiente')).toBe('112,50 €');
      expect(screen.getByRole('listitem', { name: 'Recibo R-2026-000009' })).toBeTruthy();
      expect(accountLoads).toBe(1);
    },
    SLOW,
  );

  it(
    'sends the chosen treatments with an amount in pesos (no decimals) and shows the sum of what they owe',
    async () => {
      clinica = BOGOTA;
      account = COP_ACCOUNT;
      const form = await openDialog();
      const method = within(form).getByLabelText(/Forma de pago/) as HTMLSelectElement;
      expect([...method.options].map((o) => o.value)).toEqual([
        'efectivo',
        'tarjeta',
        'transferencia',
        'nequi',
        'daviplata',
      ]);
      fireEvent.change(method, { target: { value: 'nequi' } });
      fireEvent.change(within(form).getByLabelText(/Importe/), { target: { value: '15.000' } });
      fireEvent.click(within(form).getByRole('radio', { name: 'Elegir tratamientos' }));
      // Every item that owes something, the accepted line too.
      expect(within(form).getAllByRole('checkbox')).toHaveLength(3);
      fireEvent.click(within(form).getByRole('checkbox', { name: /Endodoncia/ }));
      fireEvent.click(within(form).getByRole('checkbox', { name: /Corona de zirconio/ }));
      await waitFor(() =>
        expect(nbsp(within(form).getByText(/Pendiente de lo elegido/).textContent)).toContain('$ 4.950.000'),
      );
      // The sum can be taken as the amount, then typed over.
      fireEvent.click(within(form).getByRole('button', { name: 'Cobrar este importe' }));
      await waitFor(() => expect((within(form).getByLabelText(/Importe/) as HTMLInputElement).value).toBe('4950000'));
      fireEvent.change(within(form).getByLabelText(/Importe/), { target: { value: '15.000' } });
      fireEvent.click(within(form).getByRole('button', { name: PAYMENT_MESSAGES.newPayment }));
      await waitFor(() => expect(created).toHaveLength(1), LOADED);
      expect(created[0]).toEqual({
        importe: 15000,
        metodo: 'nequi',
        referencia: null,
        fecha: todayInZone('America/Bogota'),
        aplicacion: 'elegida',
        partidas: [
          { tipo: 'tratamiento', id: T2 },
          { tipo: 'linea', id: L9 },
        ],
      });
    },
    SLOW,
  );

  it(
    'rejects decimals in pesos and asks for treatments when none is chosen, sending nothing',
    async () => {
      clinica = BOGOTA;
      account = COP_ACCOUNT;
      const form = await openDialog();
      fireEvent.change(within(form).getByLabelText(/Importe/), { target: { value: '15000,50' } });
      fireEvent.click(within(form).getByRole('radio', { name: 'Elegir tratamientos' }));
      fireEvent.click(within(form).getByRole('button', { name: PAYMENT_MESSAGES.newPayment }));
      expect(await within(form).findByText(PAYMENT_MESSAGES.amountDecimals)).toBeTruthy();
      // Not a number, or one too long to be an amount: each says so, not 'mayor que cero'.
      for (const [typed, message] of [
        ['abc', PAYMENT_MESSAGES.amountNotANumber],
        ['1e5', PAYMENT_MESSAGES.amountNotANumber],
        ['99999999999999999999', PAYMENT_MESSAGES.amountTooLarge],
      ]) {
        fireEvent.change(within(form).getByLabelText(/Importe/), { target: { value: typed } });
        fireEvent.click(within(form).getByRole('button', { name: PAYMENT_MESSAGES.newPayment }));
        expect(await within(form).findByText(message)).toBeTruthy();
      }
      fireEvent.change(within(form).getByLabelText(/Importe/), { target: { value: '15000' } });
      fireEvent.click(within(form).getByRole('button', { name: PAYMENT_MESSAGES.newPayment }));
      expect(await within(form).findByText(PAYMENT_MESSAGES.itemsRequired)).toBeTruthy();
      expect(created).toEqual([]);
    },
    SLOW,
  );

  it(
    'in euros, takes cents and says so when more decimals are typed',
    async () => {
      const form = await openDialog();
      fireEvent.change(within(form).getByLabelText(/Importe/), { target: { value: '10,505' } });
      fireEvent.click(within(form).getByRole('button', { name: PAYMENT_MESSAGES.newPayment }));
      expect(await within(form).findByText('El importe admite como mucho 2 decimales')).toBeTruthy();
      expect(created).toEqual([]);
    },
    SLOW,
  );

  it(
    'leaves the whole amount on account as an advance',
    async () => {
      const form = await openDialog();
      fireEvent.change(within(form).getByLabelText(/Importe/), { target: { value: '1.000' } });
      fireEvent.click(within(form).getByRole('radio', { name: 'A cuenta (anticipo)' }));
      fireEvent.click(within(form).getByRole('button', { name: PAYMENT_MESSAGES.newPayment }));
      await waitFor(() => expect(created).toHaveLength(1), LOADED);
      expect(created[0]).toMatchObject({ importe: 100000, metodo: 'efectivo', aplicacion: 'anticipo', partidas: [] });
    },
    SLOW,
  );

  it(
    "shows the server's field error under its field and keeps the dialog open",
    async () => {
      const message = PAYMENT_MESSAGES.amountOverApplied('30,00 €');
      createAnswer = () => json({ error: { code: 'validation_error', message, fields: { importe: message } } }, 422);
      const form = await openDialog();
      fireEvent.click(within(form).getByRole('radio', { name: 'Elegir tratamientos' }));
      fireEvent.click(within(form).getByRole('checkbox', { name: /Obturación de composite/ }));
      fireEvent.click(within(form).getByRole('button', { name: PAYMENT_MESSAGES.newPayment }));
      const error = await within(form).findByText(message, undefined, LOADED);
      const importe = within(form).getByLabelText(/Importe/);
      expect(importe.getAttribute('aria-invalid')).toBe('true');
      expect(importe.getAttribute('aria-describedby')).toContain(error.id);
      expect(created[0]).toMatchObject({ importe: 12500, partidas: [{ tipo: 'tratamiento', id: T1 }] });
      expect(toast.success).not.toHaveBeenCalled();
    },
    SLOW,
  );
});

describe('annulling a payment (issue 25)', () => {
  it(
    'requires a reason, then sends it',
    async () => {
      renderSection();
      fireEvent.click(await screen.findByRole('button', { name: 'Anular el cobro R-2026-000001' }, LOADED));
      const dialog = await screen.findByRole('alertdialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Anular cobro' }));
      expect(await within(dialog).findByText(PAYMENT_MESSAGES.annulReasonRequired)).toBeTruthy();
      expect(annulled).toEqual([]);

      fireEvent.change(within(dialog).getByLabelText(/Motivo de la anulación/), {
        target: { value: 'Importe equivocado' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Anular cobro' }));
      await waitFor(() => expect(annulled).toEqual([{ id: 'c1', motivo: 'Importe equivocado' }]), LOADED);
      expect(toast.success).toHaveBeenCalledWith(PAYMENT_MESSAGES.annulled);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    },
    SLOW,
  );
});
