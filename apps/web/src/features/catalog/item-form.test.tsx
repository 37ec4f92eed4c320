import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import NewItemPage from './pages/new-item-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const MADRID = { id: 'c1', nombre: 'Clínica', logoUrl: null, pais: 'ES', zonaHoraria: 'Europe/Madrid', moneda: 'EUR' };
const BOGOTA = { id: 'c1', nombre: 'Clínica', logoUrl: null, pais: 'CO', zonaHoraria: 'America/Bogota', moneda: 'COP' };
const SUPPLIES = [
  { id: '11111111-1111-4111-8111-111111111111', nombre: 'Guantes de nitrilo', unidadMedida: 'caja' },
  { id: '22222222-2222-4222-8222-222222222222', nombre: 'Gasas estériles', unidadMedida: null },
];

let clinica: Record<string, unknown>;
let posted: Record<string, unknown> | null;

beforeEach(() => {
  clinica = MADRID;
  posted = null;
  stubApi(
    () => ({ rol: 'admin', permisos: ['productos.ver', 'productos.crear', 'productos.editar'], clinica }),
    async (url, request) => {
      if (url.pathname === '/api/productos' && request.method === 'GET') {
        const q = url.searchParams.get('q') ?? '';
        const items = SUPPLIES.filter((s) => s.nombre.toLowerCase().includes(q.toLowerCase()));
        return json({ items, total: items.length, totalClinica: 2, pagina: 1, porPagina: 50 });
      }
      if (url.pathname === '/api/productos' && request.method === 'POST') {
        posted = (await request.json()) as Record<string, unknown>;
        return json({ id: 'nuevo', ...posted }, 201);
      }
      return undefined;
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function SessionReady({ children }: { children: React.ReactNode }) {
  return useSession().loading ? null : children;
}

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/productos/nuevo']}>
          <Routes>
            <Route
              path="/productos/nuevo"
              element={
                <SessionReady>
                  <NewItemPage />
                </SessionReady>
              }
            />
            <Route path="/productos" element={<p>Catálogo</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const LOADED = { timeout: 5000 };
/** The description a field's control is tied to (what a screen reader reads with it). */
const hintOf = (label: string) =>
  document.getElementById(`${screen.getByLabelText(label).id}-description`)?.textContent;

async function choose(label: string, option: string) {
  fireEvent.keyDown(screen.getByRole('combobox', { name: label }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Nuevo Ítem in the clinic’s currency and country (issue 23)', () => {
  it('takes euros with cents and sends cents; a third decimal is said on the field', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText(/^Nombre/, {}, LOADED), { target: { value: 'Colutorio' } });
    expect(hintOf('Precio de venta')).toBe('En euros, con céntimos');
    fireEvent.change(screen.getByLabelText('Precio de venta'), { target: { value: '12,555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear ítem' }));
    expect(await screen.findByText('El precio admite como mucho 2 decimales')).toBeTruthy();
    expect(posted).toBeNull();

    fireEvent.change(screen.getByLabelText('Precio de venta'), { target: { value: '12,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear ítem' }));
    await waitFor(() => expect(posted).not.toBeNull(), LOADED);
    expect(posted).toMatchObject({ nombre: 'Colutorio', categoria: 'producto', precioVenta: 1250, tipoImpuesto: null });
  });

  it("shows the country's default tax for the kind, follows it when the service turns aesthetic, and sends a kit", async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText(/^Nombre/, {}, LOADED), { target: { value: 'Blanqueamiento' } });
    const tax = () => screen.getByRole('combobox', { name: 'Impuesto' }).textContent;
    expect(tax()).toBe('IVA general 21 %');
    await choose('Categoría', 'Servicio');
    await waitFor(() => expect(tax()).toBe('Exento de IVA (asistencia sanitaria)'));
    // No CUPS in Spain: it is Colombia's classification.
    expect(screen.queryByLabelText('Código CUPS')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Tratamiento estético' }));
    await waitFor(() => expect(tax()).toBe('IVA general 21 %'));

    const search = screen.getByRole('combobox', { name: 'Añadir un insumo al kit' });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'guan' } });
    fireEvent.click(await screen.findByRole('option', { name: /Guantes de nitrilo/ }, LOADED));
    const kit = screen.getByRole('list', { name: 'Insumos del kit' });
    fireEvent.change(within(kit).getByLabelText('Cantidad de Guantes de nitrilo'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Duración (minutos)'), { target: { value: '60' } });

    fireEvent.click(screen.getByRole('button', { name: 'Crear ítem' }));
    await waitFor(() => expect(posted).not.toBeNull(), LOADED);
    expect(posted).toMatchObject({
      categoria: 'servicio',
      estetico: true,
      tipoImpuesto: null,
      duracionMinutos: 60,
      kit: [{ insumoId: SUPPLIES[0].id, cantidad: 2 }],
    });
  });

  it('in Colombia takes whole pesos, offers its taxes and the CUPS code of a service', async () => {
    clinica = BOGOTA;
    renderForm();
    fireEvent.change(await screen.findByLabelText(/^Nombre/, {}, LOADED), { target: { value: 'Resina' } });
    expect(hintOf('Precio de venta')).toBe('En pesos, sin decimales');
    expect(screen.getByRole('combobox', { name: 'Impuesto' }).textContent).toBe('IVA 19 %');
    await choose('Categoría', 'Servicio');
    expect(screen.getByLabelText('Código CUPS')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Precio de venta'), { target: { value: '150.000' } });
    await choose('Impuesto', 'IVA 19 %');
    fireEvent.click(screen.getByRole('button', { name: 'Crear ítem' }));
    await waitFor(() => expect(posted).not.toBeNull(), LOADED);
    expect(posted).toMatchObject({ precioVenta: 150_000, tipoImpuesto: 'CO_IVA_19' });
  });
});

describe('Reservable online (issue 24)', () => {
  it('is offered only for a service, asks for its duration, and is sent with it', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText(/^Nombre/, {}, LOADED), { target: { value: 'Limpieza' } });
    expect(screen.queryByRole('checkbox', { name: 'Reservable online' })).toBeNull();
    await choose('Categoría', 'Servicio');
    const box = screen.getByRole('checkbox', { name: 'Reservable online' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Crear ítem' }));
    expect(await screen.findByText('Indica la duración para poder reservarlo online')).toBeTruthy();
    expect(screen.getByLabelText('Duración (minutos)').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBeNull();

    fireEvent.change(screen.getByLabelText('Duración (minutos)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear ítem' }));
    await waitFor(() => expect(posted).not.toBeNull(), LOADED);
    expect(posted).toMatchObject({ categoria: 'servicio', duracionMinutos: 30, reservableOnline: true });
  });

  it('is dropped when the item turns into a product, so a hidden tick sends nothing', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText(/^Nombre/, {}, LOADED), { target: { value: 'Cepillo' } });
    await choose('Categoría', 'Servicio');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reservable online' }));
    await choose('Categoría', 'Producto');
    expect(screen.queryByRole('checkbox', { name: 'Reservable online' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Crear ítem' }));
    await waitFor(() => expect(posted).not.toBeNull(), LOADED);
    expect(posted).toMatchObject({ categoria: 'producto', reservableOnline: false, duracionMinutos: null });
  });
});
