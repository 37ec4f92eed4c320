import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, notFound, stubApi } from '@/test/api';
import CatalogPage from './pages/catalog-page';
import EditItemPage from './pages/edit-item-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const ROW = {
  id: 'i1',
  nombre: 'Guantes de nitrilo',
  descripcion: null,
  categoria: 'insumo',
  codigo: 'GUA-M',
  precioCompra: 18000,
  precioVenta: null,
  stockActual: 2,
  stockMinimo: 10,
  unidadMedida: 'caja',
  imagenUrl: null,
  activo: true,
  bajoMinimo: true,
  tipoImpuesto: 'ES_IVA_21',
  estetico: false,
  reservableOnline: false,
  duracionMinutos: null,
  codigoCups: null,
  kit: [],
};

const SERVICE = {
  ...ROW,
  id: 's1',
  nombre: 'Limpieza dental',
  categoria: 'servicio',
  codigo: 'LIM',
  precioCompra: null,
  precioVenta: 120000,
  stockActual: null,
  stockMinimo: null,
  unidadMedida: null,
  bajoMinimo: false,
  tipoImpuesto: 'ES_EXENTO',
  duracionMinutos: 45,
  productoProveedor: null,
  fechaCreacion: '2026-11-20T10:00:00.000Z',
  fechaActualizacion: null,
  movimientos: [],
};

/** An item linked to the store product it receives, with a received delivery among its movements. */
const LINKED = {
  ...ROW,
  id: 'g1',
  stockMinimo: 10,
  productoProveedor: { id: 'p9', nombre: 'Guantes de nitrilo talla M', proveedor: 'Depósito Dental Ibérico' },
  fechaCreacion: '2026-11-20T10:00:00.000Z',
  fechaActualizacion: null,
  movimientos: [
    {
      id: 'm1',
      cantidad: 4,
      motivo: 'compra_recibida',
      stockResultante: 6,
      autor: { id: 'u1', nombres: 'Ana' },
      referencia: 'o1',
      faltante: 0,
      fechaCreacion: '2026-11-21T10:00:00.000Z',
    },
  ],
};

let listQueries: URLSearchParams[] = [];
let deleted = false;

function installApi() {
  listQueries = [];
  deleted = false;
  stubApi(
    () => ({
      rol: 'admin',
      permisos: ['productos.ver', 'productos.crear', 'productos.editar', 'productos.eliminar', 'compras.ver'],
    }),
    (url, request) => {
      if (url.pathname === '/api/productos') {
        listQueries.push(url.searchParams);
        return json({ items: [ROW], total: 1, totalClinica: 1, pagina: 1, porPagina: 50 });
      }
      if (url.pathname === '/api/productos/s1' && request.method === 'GET' && !deleted) return json(SERVICE);
      if (url.pathname === '/api/productos/g1') return json(LINKED);
      if (url.pathname === '/api/productos/s1' && request.method === 'DELETE') {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/api/productos/s1' && request.method === 'PUT') {
        const message = 'Ya existe un ítem con este código en la clínica';
        return json({ error: { code: 'conflict', message, fields: { codigo: message } } }, 409);
      }
      return notFound('El ítem solicitado no existe o no tienes acceso');
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

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/productos"
              element={
                <SessionReady>
                  <CatalogPage />
                </SessionReady>
              }
            />
            <Route
              path="/productos/:id"
              element={
                <SessionReady>
                  <EditItemPage />
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
// The first render loads the session, Radix and the page: slow on a busy machine.
const LOADED = { timeout: 5000 };

beforeEach(installApi);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('Productos, Servicios e Insumos', () => {
  it('asks the server for the tab, term and page of the URL; another tab keeps the term and starts at page 1', async () => {
    renderAt('/productos?q=guantes&pagina=2');
    expect(await screen.findByRole('link', { name: 'Guantes de nitrilo' }, LOADED)).toBeTruthy();
    expect(Object.fromEntries(listQueries[0])).toEqual({ categoria: 'todos', q: 'guantes', pagina: '2' });
    expect(screen.getByText('1 items encontrados')).toBeTruthy();
    expect(screen.getByText('Mostrando 1 de 1 items')).toBeTruthy();
    // In its column, and under the name for a narrow screen (the container query picks one).
    expect(screen.getAllByText('Stock bajo')).toHaveLength(2);

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Insumos' }), { button: 0 });
    await waitFor(() => expect(path()).toBe('/productos?q=guantes&categoria=insumo'), LOADED);
    await waitFor(
      () => expect(Object.fromEntries(listQueries.at(-1)!)).toEqual({ categoria: 'insumo', q: 'guantes', pagina: '1' }),
      LOADED,
    );
    expect(screen.getByRole('tab', { name: 'Insumos' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens an item by clicking anywhere on its row', async () => {
    renderAt('/productos');
    fireEvent.click(await screen.findByText('GUA-M', {}, LOADED));
    expect(path()).toBe('/productos/i1');
  });
});

describe('Editar Ítem', () => {
  it("an unknown or another clinic's id: 'Error al cargar el ítem', then back to /productos", async () => {
    renderAt('/productos/otro');
    await waitFor(() => expect(path()).toBe('/productos'), LOADED);
    expect(toast.error).toHaveBeenCalledWith(
      'Error al cargar el ítem',
      'El ítem solicitado no existe o no tienes acceso',
      expect.anything(),
    );
  });

  it('a service has no stock fields; a código already used is said on the field', async () => {
    renderAt('/productos/s1');
    expect(await screen.findByDisplayValue('Limpieza dental', {}, LOADED)).toBeTruthy();
    expect(screen.queryByLabelText('Stock actual')).toBeNull();
    expect(screen.queryByLabelText('Stock mínimo')).toBeNull();
    expect(screen.queryByText('Últimos movimientos de stock')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(screen.getByLabelText('Código').getAttribute('aria-invalid')).toBe('true'), LOADED);
    expect(screen.getByRole('alert').textContent).toBe('Ya existe un ítem con este código en la clínica');
    expect(toast.error).toHaveBeenCalledWith(
      'Error al actualizar el ítem',
      'Ya existe un ítem con este código en la clínica',
    );
    expect(path()).toBe('/productos/s1');
  });

  it('says which store product the item receives, and links a received delivery to its order', async () => {
    renderAt('/productos/g1');
    const product = await screen.findByRole('link', { name: 'Guantes de nitrilo talla M' }, LOADED);
    expect(product.getAttribute('href')).toBe('/compras/producto/p9');
    expect(product.parentElement?.textContent).toBe(
      'Recibe las entregas de la tienda: Guantes de nitrilo talla M · Depósito Dental Ibérico',
    );
    expect(screen.getByRole('link', { name: 'Compra recibida' }).getAttribute('href')).toBe('/compras/pedidos/o1');
  });

  it("Eliminar asks first, then says 'Ítem eliminado' and goes back to /productos without loading the item again", async () => {
    renderAt('/productos/s1');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }, LOADED));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(dialog.textContent).toContain('Limpieza dental');
    expect(deleted).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(path()).toBe('/productos'), LOADED);
    expect(deleted).toBe(true);
    expect(toast.success).toHaveBeenCalledWith('Ítem eliminado');
    expect(toast.error).not.toHaveBeenCalled();
  });
});
