import { BUDGET_MESSAGES, type Budget, type BudgetPage as BudgetPageData } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import BudgetsSection from './components/budgets-section';
import { CreateBudgetButton } from './components/create-budget-button';
import { BudgetTotalsCard } from './components/budget-totals';
import { FollowUpsCard } from './components/follow-ups-card';
import BudgetPage from './pages/budget-page';
import BudgetsPage from './pages/budgets-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));
vi.mock('signature_pad', async () => ({ default: (await import('@/test/fake-signature-pad')).FakeSignaturePad }));

const MADRID = { id: 'c1', nombre: 'Clínica', logoUrl: null, pais: 'ES', zonaHoraria: 'Europe/Madrid', moneda: 'EUR' };
const amounts = (base: number, impuesto = 0, descuento = 0) => ({
  bruto: base + descuento,
  descuento,
  base,
  impuesto,
  total: base + impuesto,
});

const BUDGET: Budget = {
  id: 'b1',
  numero: 'P-2026-0007',
  version: 1,
  estado: 'borrador',
  moneda: 'EUR',
  paciente: { id: 'p1', nombres: 'Lucía', apellidos: 'Gómez' },
  validoHasta: '2099-12-31',
  total: 36250,
  fechaCreacion: '2026-11-20T10:00:00.000Z',
  fechaEnvio: null,
  sustituidoPor: null,
  seguimiento: { fecha: null, nota: null },
  condiciones: null,
  autor: { id: 'u1', nombre: 'Ana' },
  lineas: [
    {
      id: 'l1',
      servicioId: null,
      descripcion: 'Obturación de composite',
      diente: 16,
      superficies: ['center'],
      cantidad: 1,
      precioUnitario: 6000,
      descuentoTipo: null,
      descuentoValor: 0,
      tipoImpuesto: 'ES_EXENTO',
      puntosBasicos: 0,
      fase: 1,
      opcion: null,
      importes: amounts(6000),
      aceptada: null,
      realizado: null,
    },
    {
      id: 'l2',
      servicioId: null,
      descripcion: 'Blanqueamiento',
      diente: null,
      superficies: [],
      cantidad: 1,
      precioUnitario: 25000,
      descuentoTipo: null,
      descuentoValor: 0,
      tipoImpuesto: 'ES_IVA_21',
      puntosBasicos: 2100,
      fase: 1,
      opcion: null,
      importes: amounts(25000, 5250),
      aceptada: null,
      realizado: null,
    },
  ],
  totales: {
    fases: [{ fase: 1, comun: amounts(31000, 5250), opciones: [] }],
    comun: amounts(31000, 5250),
    opciones: [],
    total: 36250,
  },
  versiones: [{ id: 'b1', version: 1, estado: 'borrador' }],
  aceptacion: null,
  motivoRechazo: null,
};

let budget: Budget;
let permisos: string[];
let saved: unknown;
let listQueries: URLSearchParams[];
let followedUp: unknown;
let deskAccepted: unknown;
let doneBody: unknown;
let creates: number;

beforeEach(() => {
  budget = BUDGET;
  permisos = ['presupuestos.ver', 'presupuestos.editar', 'presupuestos.enviar'];
  saved = null;
  followedUp = null;
  deskAccepted = null;
  doneBody = null;
  listQueries = [];
  creates = 0;
  stubApi(
    () => ({ rol: 'admin', permisos, clinica: MADRID }),
    async (url, request) => {
      if (url.pathname === '/api/presupuestos/b1' && request.method === 'GET') return json(budget);
      if (url.pathname === '/api/presupuestos/b1' && request.method === 'PUT') {
        saved = await request.json();
        return json({ presupuesto: { ...budget, id: 'b1' }, mensaje: 'Presupuesto guardado' });
      }
      if (url.pathname === '/api/presupuestos/lineas/l1/realizar') {
        doneBody = await request.json();
        budget = {
          ...budget,
          lineas: budget.lineas.map((l) =>
            l.id === 'l1' ? { ...l, realizado: { fecha: '2026-11-28T10:00:00.000Z', dentista: null } } : l,
          ),
        };
        return json({
          presupuesto: budget,
          mensaje: 'Tratamiento registrado como realizado. Faltó material: 2 × Composite',
          faltantes: [{ productoId: 'x', nombre: 'Composite', faltante: 2 }],
        });
      }
      if (url.pathname === '/api/presupuestos/b1/aceptar') {
        deskAccepted = await request.json();
        budget = {
          ...budget,
          estado: 'aceptado',
          aceptacion: {
            fecha: '2026-11-28T10:00:00.000Z',
            canal: 'consulta',
            firmante: 'Lucía Gómez',
            opcion: null,
            direccion: '10.0.0.1',
            navegador: 'Tablet',
            pdfSha256: 'a'.repeat(64),
          },
        };
        return json({ presupuesto: budget, mensaje: 'Presupuesto aceptado y firmado' });
      }
      if (url.pathname === '/api/presupuestos/seguimiento-hoy') {
        return json({ presupuestos: [{ ...budget, seguimiento: { fecha: '2026-11-20', nota: null } }], total: 3 });
      }
      if (url.pathname === '/api/presupuestos/b1/seguimiento') {
        followedUp = await request.json();
        return json({ presupuesto: budget, mensaje: 'Seguimiento guardado' });
      }
      if (url.pathname === '/api/presupuestos') {
        listQueries.push(url.searchParams);
        return json({ presupuestos: [budget], total: 1, pagina: 1, porPagina: 25 } satisfies BudgetPageData);
      }
      if (url.pathname === '/api/pacientes/p1/presupuestos' && request.method === 'POST') {
        creates += 1;
        return json({ presupuesto: { ...BUDGET, id: 'nuevo' }, mensaje: 'Presupuesto creado' }, 201);
      }
      if (url.pathname === '/api/pacientes/p1/presupuestos') return json([]);
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
              path="/presupuestos"
              element={
                <SessionReady>
                  <BudgetsPage />
                </SessionReady>
              }
            />
            <Route
              path="/presupuestos/:id"
              element={
                <SessionReady>
                  <BudgetPage />
                </SessionReady>
              }
            />
            <Route
              path="/dashboard"
              element={
                <SessionReady>
                  <FollowUpsCard />
                </SessionReady>
              }
            />
            <Route
              path="/odontograma"
              element={
                <SessionReady>
                  <CreateBudgetButton patientId="p1" unsavedChart />
                </SessionReady>
              }
            />
            <Route
              path="/pacientes/:id"
              element={
                <SessionReady>
                  <BudgetsSection patientId="p1" />
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
const nbsp = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');
const totalText = () => nbsp(within(screen.getByText('Total').closest('div')!).getAllByText(/€/).at(-1)?.textContent);

describe('the budget editor (issue 23)', () => {
  it('shows the lines in euros, recomputes the totals as a discount is typed, and saves minor units', async () => {
    renderAt('/presupuestos/b1');
    expect(await screen.findByRole('heading', { level: 1, name: /Presupuesto P-2026-0007/ }, LOADED)).toBeTruthy();
    const first = screen.getByRole('listitem', { name: 'Línea 1' });
    expect((within(first).getByLabelText('Precio') as HTMLInputElement).value).toBe('60,00');
    expect(totalText()).toBe('362,50 €');

    fireEvent.change(within(first).getByLabelText('Descuento'), { target: { value: 'porcentaje' } });
    fireEvent.change(within(first).getByLabelText('Descuento (%)'), { target: { value: '12,5' } });
    await waitFor(() => expect(totalText()).toBe('355,00 €'));

    fireEvent.click(screen.getByRole('button', { name: 'Guardar presupuesto' }));
    await waitFor(() => expect(saved).not.toBeNull(), LOADED);
    expect(saved).toMatchObject({
      validoHasta: '2099-12-31',
      lineas: [
        {
          descripcion: 'Obturación de composite',
          diente: 16,
          superficies: ['center'],
          precioUnitario: 6000,
          descuentoTipo: 'porcentaje',
          descuentoValor: 1250,
        },
        { descripcion: 'Blanqueamiento', diente: null, precioUnitario: 25000, tipoImpuesto: 'ES_IVA_21' },
      ],
    });
    expect(toast.success).toHaveBeenCalledWith('Presupuesto guardado');
  });

  it('keeps “Marcar como enviado” until the changes typed are saved, so a budget is never sent without them', async () => {
    renderAt('/presupuestos/b1');
    const send = await screen.findByRole('button', { name: 'Marcar como enviado' }, LOADED);
    expect((send as HTMLButtonElement).disabled).toBe(false);
    const first = screen.getByRole('listitem', { name: 'Línea 1' });
    fireEvent.change(within(first).getByLabelText('Cantidad'), { target: { value: '2' } });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(true));
    for (const name of ['Enviar por email', 'Aceptar en consulta']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true);
    }
    expect(screen.getByRole('status').textContent).toBe(
      'Guarda los cambios antes de enviarlo o de que el paciente lo acepte.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar presupuesto' }));
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false), LOADED);
    expect(saved).toMatchObject({ lineas: [{ cantidad: 2 }, { cantidad: 1 }] });
  });

  it('has a patient present accept and sign at the desk, then shows the signed record', async () => {
    const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    budget = { ...BUDGET, lineas: BUDGET.lineas.map((l, i) => ({ ...l, id: ids[i] })) };
    renderAt('/presupuestos/b1');
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar en consulta' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Aceptación en consulta' });
    const form = within(dialog).getByRole('form', { name: 'Aceptar el presupuesto' });
    expect((within(form).getByLabelText(/Nombre de quien firma/) as HTMLInputElement).value).toBe('Lucía Gómez');
    fireEvent.click(within(form).getByRole('checkbox', { name: /Blanqueamiento/ }));
    fireEvent.pointerUp(within(form).getByRole('img', { name: 'Firma' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /He leído el presupuesto/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Aceptar y firmar' }));
    await waitFor(() =>
      expect(deskAccepted).toEqual({
        lineas: [ids[0]],
        opcion: null,
        firmante: 'Lucía Gómez',
        firma: 'iVBORw0KGgo=',
        acepto: true,
      }),
    );
    expect(await screen.findByText(/Firmado por Lucía Gómez/, {}, LOADED)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Descargar PDF firmado/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aceptar en consulta' })).toBeNull();
  });

  it('marks an accepted line done, says what stock was missing, and shows it done', async () => {
    permisos = ['presupuestos.ver', 'presupuestos.editar'];
    budget = {
      ...BUDGET,
      estado: 'aceptado_parcialmente',
      lineas: BUDGET.lineas.map((l, i) => ({ ...l, aceptada: i === 0 })),
    };
    renderAt('/presupuestos/b1');
    const table = await screen.findByRole('table', { name: 'Líneas del presupuesto' }, LOADED);
    // Only the accepted line can be done.
    expect(within(table).getAllByRole('button', { name: /Marcar como realizado/ })).toHaveLength(1);
    fireEvent.click(within(table).getByRole('button', { name: 'Marcar como realizado: Obturación de composite' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Marcar como realizado?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como realizado' }));
    await waitFor(() => expect(doneBody).toEqual({ dentistaId: null }));
    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith(
        'Tratamiento registrado como realizado. Faltó material: 2 × Composite',
      ),
    );
    expect(await within(table).findByText(/Realizado el 28\/11\/2026/, {}, LOADED)).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Marcar como realizado/ })).toBeNull();
  });

  it('says what is wrong on the line, and sends nothing', async () => {
    renderAt('/presupuestos/b1');
    const first = await screen.findByRole('listitem', { name: 'Línea 1' }, LOADED);
    fireEvent.change(within(first).getByLabelText('Precio'), { target: { value: '60,555' } });
    fireEvent.change(within(first).getByLabelText('Diente'), { target: { value: '19' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar presupuesto' }));
    expect(await within(first).findByText('El precio debe ser un importe válido')).toBeTruthy();
    expect(within(first).getByText('El diente no es válido')).toBeTruthy();
    expect(saved).toBeNull();
    // A price left empty is not a free treatment; a description past its limit says so.
    const second = screen.getByRole('listitem', { name: 'Línea 2' });
    fireEvent.change(within(first).getByLabelText('Precio'), { target: { value: '60' } });
    fireEvent.change(within(first).getByLabelText('Diente'), { target: { value: '16' } });
    fireEvent.change(within(second).getByLabelText('Precio'), { target: { value: '' } });
    fireEvent.change(within(second).getByLabelText(/^Descripción/), { target: { value: 'B'.repeat(301) } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar presupuesto' }));
    expect(await within(second).findByText('El precio debe ser un importe válido')).toBeTruthy();
    expect(within(second).getByText('No puede superar los 300 caracteres')).toBeTruthy();
    expect(saved).toBeNull();
  });

  it('warns that a sent budget is saved as its next version, and takes its follow-up', async () => {
    budget = { ...BUDGET, estado: 'enviado', fechaEnvio: '2026-11-21T10:00:00.000Z' };
    renderAt('/presupuestos/b1');
    expect(await screen.findByRole('button', { name: 'Guardar como versión 2' }, LOADED)).toBeTruthy();
    const followUp = screen.getByRole('form', { name: 'Seguimiento del presupuesto' });
    fireEvent.change(within(followUp).getByLabelText('Próxima llamada'), { target: { value: '2099-01-15' } });
    fireEvent.change(within(followUp).getByLabelText('Nota'), { target: { value: 'Llamar por la tarde' } });
    fireEvent.click(within(followUp).getByRole('button', { name: 'Guardar seguimiento' }));
    await waitFor(() => expect(followedUp).toEqual({ fecha: '2099-01-15', nota: 'Llamar por la tarde' }), LOADED);
    expect(screen.getByRole('note').textContent).toContain('se creará la versión 2');
    expect(screen.getByRole('button', { name: 'Registrar rechazo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Marcar como enviado' })).toBeNull();
  });

  it('reads as a table, without a form, for a member who may only see budgets', async () => {
    permisos = ['presupuestos.ver'];
    renderAt('/presupuestos/b1');
    const table = await screen.findByRole('table', { name: 'Líneas del presupuesto' }, LOADED);
    expect(within(table).getByText('Diente 16 · Oclusal')).toBeTruthy();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: /Guardar|Marcar|Registrar/ })).toBeNull();
  });
});

describe('the budgets list and the patient’s section', () => {
  it('asks for the state of the URL and opens a budget from its row', async () => {
    renderAt('/presupuestos?estado=enviado');
    const link = await screen.findByRole('link', { name: 'P-2026-0007' }, LOADED);
    expect(Object.fromEntries(listQueries[0])).toEqual({ estado: 'enviado', pagina: '1' });
    expect(nbsp(screen.getByRole('row', { name: /P-2026-0007/ }).textContent)).toContain('362,50 €');
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/presupuestos/b1'));
  });

  it('lists the budgets awaiting an answer when asked, with each one’s next call and note', async () => {
    budget = { ...BUDGET, estado: 'enviado', seguimiento: { fecha: '2026-12-02', nota: 'Llamar por la tarde' } };
    renderAt('/presupuestos?pendientes=true');
    await screen.findByRole('link', { name: 'P-2026-0007' }, LOADED);
    expect(Object.fromEntries(listQueries[0])).toEqual({ pendientes: 'true', pagina: '1' });
    expect(screen.getByRole('combobox', { name: 'Estado' }).textContent).toBe('Pendientes de respuesta');
    expect(screen.getByRole('columnheader', { name: 'Próxima llamada' })).toBeTruthy();
    const row = screen.getByRole('row', { name: /P-2026-0007/ });
    expect(row.textContent).toContain('02/12/2026');
    expect(row.textContent).toContain('Nota: Llamar por la tarde');
  });

  it('the dashboard lists the calls due, each a link to its budget, and how many more there are', async () => {
    renderAt('/dashboard');
    const link = await screen.findByRole('link', { name: /Lucía Gómez/ }, LOADED);
    expect(link.getAttribute('href')).toBe('/presupuestos/b1');
    expect(nbsp(link.textContent)).toContain('P-2026-0007 · 362,50 € · llamar el 20/11/2026');
    expect(screen.getByRole('link', { name: 'Y 2 más en pendientes de respuesta' }).getAttribute('href')).toBe(
      '/presupuestos?pendientes=true',
    );
  });

  it("'Crear presupuesto' makes the draft from the chart and opens it", async () => {
    renderAt('/pacientes/p1');
    const create = await screen.findByRole('button', { name: 'Crear presupuesto' }, LOADED);
    // A double click makes one budget.
    fireEvent.click(create);
    fireEvent.click(create);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/presupuestos/nuevo'));
    expect(toast.success).toHaveBeenCalledWith('Presupuesto creado', undefined);
    expect(creates).toBe(1);
  });

  it("on a chart with unsaved edits, 'Crear presupuesto' asks to save them first and makes nothing", async () => {
    renderAt('/odontograma');
    fireEvent.click(await screen.findByRole('button', { name: 'Crear presupuesto' }, LOADED));
    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith(BUDGET_MESSAGES.chartUnsaved, undefined, expect.anything()),
    );
    expect(creates).toBe(0);
    expect(screen.getByTestId('path').textContent).toBe('/odontograma');
  });
});

describe('a budget’s totals', () => {
  const line = (fase: number, opcion: 'A' | 'B' | null, total: number, aceptada: boolean | null = null) => ({
    fase,
    opcion,
    importes: amounts(total),
    aceptada,
  });
  const rows = () =>
    within(screen.getByRole('region', { name: 'Totales' }))
      .getAllByRole('term')
      .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`.replace(/\s+/g, ' '));

  it('gives each phase its common lines and each option apart, never the options added together', () => {
    render(
      <BudgetTotalsCard
        moneda="EUR"
        lines={[line(1, null, 10000), line(2, null, 5000), line(2, 'A', 20000), line(2, 'B', 30000)]}
      />,
    );
    expect(rows()).toEqual([
      'Fase 1 100,00 €',
      'Fase 2 50,00 €',
      'Fase 2 · opción A 200,00 €',
      'Fase 2 · opción B 300,00 €',
      'Descuentos 0,00 €',
      'Tratamiento común 150,00 €',
      'Con la opción A 350,00 €',
      'Con la opción B 450,00 €',
      'Total (opción A) 350,00 €',
    ]);
  });

  it('once the patient chose an option, shows what they accepted, not the first option’s total', () => {
    render(
      <BudgetTotalsCard
        moneda="EUR"
        lines={[line(1, null, 10000, true), line(1, 'A', 20000, false), line(1, 'B', 30000, true)]}
      />,
    );
    expect(rows().slice(-2)).toEqual(['Con la opción B 400,00 €', 'Total aceptado 400,00 €']);
  });
});
