import { BUDGET_MESSAGES, type BudgetLinkInfo, type PublicBudget } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/test/api';
import PatientBudgetPage from './pages/patient-budget-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/** jsdom draws nothing on a canvas: a pointer released on the pad is a stroke (as in the consents' test). */
vi.mock('signature_pad', async () => ({ default: (await import('@/test/fake-signature-pad')).FakeSignaturePad }));

const TOKEN = 'A'.repeat(43);
const COMMON = '11111111-1111-4111-8111-111111111111';
const OPTION_A = '22222222-2222-4222-8222-222222222222';
const OPTION_B = '33333333-3333-4333-8333-333333333333';
const amounts = (total: number) => ({ bruto: total, descuento: 0, base: total, impuesto: 0, total });
const line = (id: string, descripcion: string, total: number, opcion: 'A' | 'B' | null) => ({
  id,
  descripcion,
  diente: null,
  superficies: [],
  cantidad: 1,
  fase: 1,
  opcion,
  puntosBasicos: 0,
  importes: amounts(total),
  aceptada: null,
});

const BUDGET: PublicBudget = {
  clinica: {
    nombre: 'Clínica Ana',
    logoUrl: null,
    telefono: '600123456',
    direccion: 'Calle Mayor 1',
    ciudad: 'Madrid',
    zonaHoraria: 'America/Bogota',
  },
  paciente: { nombres: 'Lucía', apellidos: 'Gómez' },
  numero: 'P-2026-0007',
  version: 1,
  estado: 'enviado',
  moneda: 'EUR',
  validoHasta: '2099-12-31',
  condiciones: 'Pago al inicio de cada fase.',
  lineas: [
    line(COMMON, 'Obturación de composite', 6000, null),
    line(OPTION_A, 'Blanqueamiento', 30000, 'A'),
    line(OPTION_B, 'Carilla de composite', 18000, 'B'),
  ],
  totales: { fases: [], comun: amounts(6000), opciones: [], total: 36000 },
  sustituido: false,
  motivoRechazo: null,
  aceptacion: null,
};

let info: BudgetLinkInfo;
let verified: boolean;
let accepted: unknown;
let budget: PublicBudget;
let verifyBodies: unknown[];

beforeEach(() => {
  info = {
    clinica: { nombre: 'Clínica Ana', logoUrl: null },
    factores: ['telefono', 'nacimiento'],
    bloqueadoHasta: null,
  };
  verified = false;
  accepted = null;
  budget = BUDGET;
  verifyBodies = [];
  stubApi(
    () => null,
    async (url, request) => {
      const base = `/api/enlaces-presupuesto/${TOKEN}`;
      if (url.pathname === base) return json(info);
      if (url.pathname === `${base}/presupuesto`) {
        return verified
          ? json(budget)
          : json({ error: { code: 'unauthorized', message: BUDGET_MESSAGES.accessRequired } }, 401);
      }
      if (url.pathname === `${base}/verificar`) {
        const body = (await request.json()) as { valor: string };
        verifyBodies.push(body);
        if (body.valor !== '2233') {
          const message = BUDGET_MESSAGES.factorWrong(4);
          return json({ error: { code: 'bad_request', message, fields: { valor: message } } }, 400);
        }
        verified = true;
        return json({ ok: true });
      }
      if (url.pathname === `${base}/aceptar`) {
        accepted = await request.json();
        return json({ presupuesto: { ...BUDGET, estado: 'aceptado' }, mensaje: BUDGET_MESSAGES.accepted });
      }
      return undefined;
    },
  );
});

function renderLink() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/presupuesto/${TOKEN}`]}>
        <Routes>
          <Route path="/presupuesto/:token" element={<PatientBudgetPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the patient's budget link", () => {
  it('asks for the second factor first, shows a wrong answer’s message, and opens with the right one', async () => {
    renderLink();
    expect(await screen.findByRole('heading', { name: 'Confirma que eres tú' })).toBeTruthy();
    expect(screen.queryByText('Obturación de composite')).toBeNull();
    const digits = screen.getByLabelText(/Los 4 últimos dígitos de tu teléfono/, {
      selector: 'input:not([type=radio])',
    });
    // Only digits, at most four.
    fireEvent.change(digits, { target: { value: '12a34' } });
    expect((digits as HTMLInputElement).value).toBe('1234');
    fireEvent.click(screen.getByRole('button', { name: 'Ver mi presupuesto' }));
    expect(await screen.findByText(BUDGET_MESSAGES.factorWrong(4))).toBeTruthy();
    fireEvent.change(digits, { target: { value: '2233' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ver mi presupuesto' }));
    expect(await screen.findByRole('heading', { name: /Presupuesto P-2026-0007/ })).toBeTruthy();
    expect(verifyBodies).toEqual([
      { tipo: 'telefono', valor: '1234' },
      { tipo: 'telefono', valor: '2233' },
    ]);
  });

  it("gives the signature's time on the clinic's clock, not the phone's", async () => {
    verified = true;
    budget = {
      ...BUDGET,
      estado: 'aceptado',
      aceptacion: {
        fecha: '2026-11-30T19:24:00.000Z',
        canal: 'enlace',
        firmante: 'Lucía Gómez',
        opcion: 'A',
        direccion: '10.0.0.1',
        navegador: 'Móvil',
        pdfSha256: 'a'.repeat(64),
      },
    };
    renderLink();
    // 19:24 UTC (the test's clock) is 14:24 in Bogotá.
    expect(await screen.findByText(/Firmado por Lucía Gómez el 30\/11\/2026 14:24/)).toBeTruthy();
  });

  it('says the link is locked instead of asking again', async () => {
    info = { ...info, bloqueadoHasta: '2099-01-01T10:00:00.000Z' };
    renderLink();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', BUDGET_MESSAGES.factorLocked);
    expect(screen.queryByRole('button', { name: 'Ver mi presupuesto' })).toBeNull();
  });

  it('accepts the chosen option with what is ticked, the signer, the signature and the consent', async () => {
    verified = true;
    renderLink();
    const form = await screen.findByRole('form', { name: 'Aceptar el presupuesto' });
    // Option A comes chosen, with the common line: 60 + 300 €.
    expect(within(form).getByText('Blanqueamiento')).toBeTruthy();
    expect(within(form).queryByText('Carilla de composite')).toBeNull();
    fireEvent.click(within(form).getByRole('radio', { name: /Opción B/ }));
    expect(within(form).queryByText('Blanqueamiento')).toBeNull();
    expect(within(form).getByText('Total que aceptas').parentElement!.textContent).toContain('240,00');

    // Nothing is sent without a signature and the consent.
    fireEvent.click(within(form).getByRole('button', { name: 'Aceptar y firmar' }));
    expect(await within(form).findByText(BUDGET_MESSAGES.signatureRequired)).toBeTruthy();
    expect(within(form).getByText(BUDGET_MESSAGES.consentRequired)).toBeTruthy();
    // Told to a screen reader in the patient's words, not the staff's 'Error al guardar…'.
    expect(within(form).getByRole('alert').textContent).toBe('Falta algo para firmar: revisa los campos marcados');
    expect(accepted).toBeNull();

    // The common filling is left out: a partial acceptance of option B.
    fireEvent.click(within(form).getByRole('checkbox', { name: /Obturación de composite/ }));
    // Each message goes as its field is put right, and the summary with the last one.
    fireEvent.pointerUp(within(form).getByRole('img', { name: 'Firma' }));
    await waitFor(() => expect(within(form).queryByText(BUDGET_MESSAGES.signatureRequired)).toBeNull());
    expect(within(form).getByText(BUDGET_MESSAGES.consentRequired)).toBeTruthy();
    fireEvent.click(within(form).getByRole('checkbox', { name: /He leído el presupuesto/ }));
    await waitFor(() => expect(within(form).queryByText(BUDGET_MESSAGES.consentRequired)).toBeNull());
    expect(within(form).queryByRole('alert')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Aceptar y firmar' }));
    await waitFor(() =>
      expect(accepted).toEqual({
        lineas: [OPTION_B],
        opcion: 'B',
        firmante: 'Lucía Gómez',
        firma: 'iVBORw0KGgo=',
        acepto: true,
      }),
    );
  });
});
