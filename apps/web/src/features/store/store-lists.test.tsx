import {
  STORE_PAGE_SIZE,
  type OrderPage,
  type OrderSummary,
  type StorePage as StoreResults,
  type StoreProduct,
} from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import OrdersPage from './pages/orders-page';
import SalesPage from './pages/sales-page';
import StorePage from './pages/store-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const SUPPLIER = { id: 's1', nombre: 'Depósito Dental Ibérico' };

const order = (n: number, estado: OrderSummary['estado'] = 'recibido'): OrderSummary => ({
  id: `o${n}`,
  numeroPedido: `PED-2026-${String(n).padStart(6, '0')}`,
  estado,
  subtotal: 20_000,
  iva: 3_800,
  envio: 15_000,
  total: 38_800,
  metodoPago: 'transferencia',
  cantidadProductos: 2,
  fechaCreacion: '2026-11-20T09:15:00Z',
  proveedor: SUPPLIER,
  clinica: { id: 'c2', nombre: 'Clínica Norte' },
});

const product = (n: number): StoreProduct => ({
  id: `p${n}`,
  nombre: `Producto ${n}`,
  descripcion: null,
  categoria: 'insumo',
  codigo: null,
  precioVenta: 1_000 + n,
  stockActual: 5,
  unidadMedida: null,
  imagenUrl: null,
  proveedor: SUPPLIER,
});

/** What the fake API answers; each test sets what it needs. */
let orders: (query: URLSearchParams) => Response;
let products: (query: URLSearchParams) => Response;
let asked: URL[];
let esProveedor: boolean;

const ordersPage = (pedidos: OrderSummary[], pagina = 1, total = pedidos.length): OrderPage => ({
  pedidos,
  total,
  pagina,
  porPagina: 20,
});

/** The store's answer for a catalogue of `total` products, STORE_PAGE_SIZE to a page. */
const storeAnswer =
  (total: number) =>
  (query: URLSearchParams): Response => {
    const pagina = Number(query.get('pagina'));
    const from = (pagina - 1) * STORE_PAGE_SIZE;
    const count = Math.max(0, Math.min(STORE_PAGE_SIZE, total - from));
    const page: StoreResults = {
      productos: Array.from({ length: count }, (_, i) => product(from + i + 1)),
      total,
      pagina,
      porPagina: STORE_PAGE_SIZE,
    };
    return json(page);
  };

/** The buying clinic's place: Bogotá, in pesos like the store, unless a test moves it. */
const BOGOTA = { pais: 'CO', zonaHoraria: 'America/Bogota', moneda: 'COP' };
let place: Record<string, string>;

beforeEach(() => {
  asked = [];
  esProveedor = false;
  place = BOGOTA;
  orders = () => json(ordersPage([order(1)]));
  products = storeAnswer(3);
  stubApi(
    () => ({
      rol: 'admin',
      permisos: ['compras.ver', 'compras.realizar', 'ventas.gestionar'],
      clinica: { id: 'c1', nombre: 'Clínica', logoUrl: null, ...place, esProveedor },
    }),
    (url) => {
      asked.push(url);
      if (url.pathname === '/api/ventas' || url.pathname === '/api/pedidos') return orders(url.searchParams);
      if (url.pathname === '/api/tienda/productos') return products(url.searchParams);
      if (url.pathname === '/api/carrito')
        return json({
          lineas: [],
          proveedor: null,
          cantidadProductos: 0,
          totales: { subtotal: 0, iva: 0, envio: 0, total: 0 },
        });
      return undefined;
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
});

function Location() {
  const location = useLocation();
  return <p data-testid="path">{location.pathname + location.search}</p>;
}

function SessionReady({ children }: { children: React.ReactNode }) {
  return useSession().loading ? null : children;
}

/**
 * Holds the first request to `pathname` until the returned function is called: the screen's loading
 * state stays on screen for as long as the test needs it.
 */
function holdFirst(pathname: string): () => void {
  const answer = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    if (url.pathname === pathname && !held) {
      held = true;
      await gate;
    }
    return answer(input, init);
  });
  return release;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {(
              [
                ['/ventas', SalesPage],
                ['/compras/pedidos', OrdersPage],
                ['/compras', StorePage],
              ] as const
            ).map(([route, Page]) => (
              <Route
                key={route}
                path={route}
                element={
                  <SessionReady>
                    <Page />
                  </SessionReady>
                }
              />
            ))}
          </Routes>
          <Location />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const LOADED = { timeout: 5000 };
const path = () => screen.getByTestId('path').textContent;
const queriesOf = (pathname: string) =>
  asked.filter((u) => u.pathname === pathname).map((u) => Object.fromEntries(u.searchParams));

async function chooseEstado(name: string) {
  fireEvent.keyDown(screen.getByRole('combobox', { name: 'Estado' }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('Ventas (/ventas)', () => {
  beforeEach(() => {
    esProveedor = true;
  });

  it('asks for the estado and page of the URL; another estado starts at page 1, a page is kept in the URL', async () => {
    orders = (query) => json(ordersPage([order(Number(query.get('pagina')) * 100)], Number(query.get('pagina')), 45));
    renderAt('/ventas?estado=enviado&pagina=2');
    const table = await screen.findByRole('table', { name: 'Ventas' }, LOADED);
    expect(within(table).getByRole('link', { name: 'PED-2026-000200' })).toBeTruthy();
    expect(queriesOf('/api/ventas')[0]).toEqual({ pagina: '2', estado: 'enviado' });
    expect(screen.getByRole('combobox', { name: 'Estado' }).textContent).toBe('Enviado');
    // The buyer's name, the date and the total also go under the number (what a phone shows).
    expect(within(table).getAllByText('Clínica Norte')).toHaveLength(2);
    expect(screen.getByText('Mostrando 21 - 40 de 45')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(path()).toBe('/ventas?estado=enviado&pagina=3'));
    expect(await screen.findByRole('link', { name: 'PED-2026-000300' })).toBeTruthy();

    await chooseEstado('Entregado');
    await waitFor(() => expect(path()).toBe('/ventas?estado=entregado'));
    await waitFor(() => expect(queriesOf('/api/ventas').at(-1)).toEqual({ pagina: '1', estado: 'entregado' }));
    await chooseEstado('Todos');
    await waitFor(() => expect(path()).toBe('/ventas'));
  });

  it('shows the skeleton while loading, then the empty state: none at all, or none in that estado', async () => {
    orders = () => json(ordersPage([]));
    const release = holdFirst('/api/ventas');
    renderAt('/ventas');
    expect(await screen.findByLabelText('Cargando pedidos', {}, LOADED)).toBeTruthy();
    release();
    expect(await screen.findByText('Todavía no has recibido pedidos')).toBeTruthy();
    expect(screen.queryByLabelText('Cargando pedidos')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();

    await chooseEstado('En preparación');
    expect(await screen.findByText('No hay pedidos en estado «En preparación»')).toBeTruthy();
  });

  it('says once that the list could not load', async () => {
    orders = () => json({ error: { code: 'forbidden', message: 'No tienes permiso' } }, 403);
    renderAt('/ventas');
    expect((await screen.findByRole('alert', {}, LOADED)).textContent).toBe('Error al cargar los pedidos');
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith('Error al cargar los pedidos', 'No tienes permiso', expect.anything());
  });

  it('moves a page past the end (an old link) to the last page', async () => {
    orders = (query) => {
      const pagina = Number(query.get('pagina'));
      return json(ordersPage(pagina <= 2 ? [order(pagina)] : [], pagina, 25));
    };
    renderAt('/ventas?pagina=9');
    await waitFor(() => expect(path()).toBe('/ventas?pagina=2'), LOADED);
    expect(await screen.findByRole('link', { name: 'PED-2026-000002' })).toBeTruthy();
  });
});

describe('Mis pedidos (/compras/pedidos)', () => {
  it('lists the clinic’s orders with their supplier, filtered by the estado of the URL', async () => {
    orders = (query) => json(ordersPage(query.get('estado') === 'entregado' ? [order(7, 'entregado')] : []));
    renderAt('/compras/pedidos?estado=entregado');
    const table = await screen.findByRole('table', { name: 'Mis pedidos' }, LOADED);
    const row = within(table).getByRole('link', { name: 'PED-2026-000007' }).closest('tr')!;
    expect(within(row).getAllByText(SUPPLIER.nombre)).toHaveLength(2);
    expect(within(row).getByText('Entregado')).toBeTruthy();
    expect(queriesOf('/api/pedidos')[0]).toEqual({ pagina: '1', estado: 'entregado' });

    await chooseEstado('Cancelado');
    expect(await screen.findByText('No hay pedidos en estado «Cancelado»')).toBeTruthy();
    expect(path()).toBe('/compras/pedidos?estado=cancelado');
    await chooseEstado('Todos');
    expect(await screen.findByText('Todavía no has hecho ningún pedido')).toBeTruthy();
  });
});

describe('Tienda (/compras)', () => {
  const cards = () => within(screen.getByRole('list', { name: 'Productos' })).getAllByRole('listitem');

  it('keeps the pages shown in the URL: Cargar más adds one, a reload shows as many again', async () => {
    products = storeAnswer(STORE_PAGE_SIZE * 2 + 3);
    const { unmount } = renderAt('/compras');
    await waitFor(() => expect(cards()).toHaveLength(STORE_PAGE_SIZE), LOADED);
    expect(screen.getByText(`${STORE_PAGE_SIZE * 2 + 3} productos`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(cards()).toHaveLength(STORE_PAGE_SIZE * 2));
    expect(path()).toBe('/compras?pagina=2');
    // A reload: the screen mounted afresh, with a new cache.
    unmount();
    renderAt('/compras?pagina=3');
    await waitFor(() => expect(cards()).toHaveLength(STORE_PAGE_SIZE * 2 + 3), LOADED);
    expect(queriesOf('/api/tienda/productos').map((q) => q.pagina)).toEqual(['1', '2', '1', '2', '3']);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('moves a page count past the end back to the last page', async () => {
    products = storeAnswer(STORE_PAGE_SIZE + 1);
    renderAt('/compras?pagina=5');
    await waitFor(() => expect(path()).toBe('/compras?pagina=2'), LOADED);
    expect(cards()).toHaveLength(STORE_PAGE_SIZE + 1);
  });

  it('asks for the search and the tab of the URL; a new search or tab starts at the first page', async () => {
    products = storeAnswer(STORE_PAGE_SIZE + 1);
    renderAt('/compras?q=guantes&categoria=insumo&pagina=2');
    await waitFor(() => expect(cards()).toHaveLength(STORE_PAGE_SIZE + 1), LOADED);
    expect(queriesOf('/api/tienda/productos')[0]).toEqual({ q: 'guantes', categoria: 'insumo', pagina: '1' });
    expect((screen.getByRole('searchbox', { name: 'Buscar productos' }) as HTMLInputElement).value).toBe('guantes');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Productos' }), { button: 0 });
    await waitFor(() => expect(path()).toBe('/compras?q=guantes&categoria=producto'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar productos' }), { target: { value: 'resina' } });
    await waitFor(() => expect(path()).toBe('/compras?q=resina&categoria=producto'), LOADED);
    await waitFor(() =>
      expect(queriesOf('/api/tienda/productos').at(-1)).toEqual({ q: 'resina', categoria: 'producto', pagina: '1' }),
    );
  });

  it('shows the spinner while loading, then the empty state with the hint of a search or of a tab', async () => {
    products = storeAnswer(0);
    const release = holdFirst('/api/tienda/productos');
    renderAt('/compras?q=zzzz');
    expect((await screen.findByRole('status', {}, LOADED)).textContent).toBe('Cargando productos');
    release();
    expect(await screen.findByText('No se encontraron productos')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Intenta con otros términos de búsqueda')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar productos' }), { target: { value: '' } });
    expect(await screen.findByText('No hay productos disponibles en esta categoría', {}, LOADED)).toBeTruthy();
  });

  it('tells a clinic in euros that no supplier sells in its currency yet, without asking for products (issue 23)', async () => {
    place = { pais: 'ES', zonaHoraria: 'Europe/Madrid', moneda: 'EUR' };
    renderAt('/compras');
    expect(await screen.findByText('Aún no hay proveedores que vendan en tu moneda', {}, LOADED)).toBeTruthy();
    expect(screen.getByText(/Cuando haya proveedores que vendan en euros/)).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Buscar productos' })).toBeNull();
    expect(queriesOf('/api/tienda/productos')).toEqual([]);
    // Its past orders are still a click away.
    expect(screen.getByRole('link', { name: /Mis pedidos/ })).toBeTruthy();
  });

  it('says once that the products could not load', async () => {
    products = () => json({ error: { code: 'forbidden', message: 'No tienes permiso' } }, 403);
    renderAt('/compras');
    expect((await screen.findByRole('alert', {}, LOADED)).textContent).toBe('Error al cargar productos');
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith('Error al cargar productos', 'No tienes permiso', expect.anything());
  });
});
