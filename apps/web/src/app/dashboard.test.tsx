import {
  type CatalogItemRow,
  type LowStockList,
  type OrderPage,
  type OrderStatus,
  type OrderSummary,
} from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import { routes } from './router';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

/** The /dashboard screen as the router composes it (the cards of the other features put in). */
async function dashboardScreen(): Promise<ComponentType> {
  const find = (list: RouteObject[] | undefined): RouteObject | undefined => {
    for (const route of list ?? []) {
      if (route.path === '/dashboard') return route;
      const found = find(route.children);
      if (found) return found;
    }
    return undefined;
  };
  const lazy = find(routes)?.lazy;
  if (typeof lazy !== 'function') throw new Error('no lazy /dashboard route');
  const { Component } = await lazy();
  if (!Component) throw new Error('the /dashboard route has no Component');
  return Component;
}

const item = (n: number, low: boolean): CatalogItemRow => ({
  id: `i${n}`,
  nombre: `Insumo ${String(n).padStart(2, '0')}`,
  categoria: 'insumo',
  codigo: null,
  precioCompra: null,
  precioVenta: 10_000,
  stockActual: low ? 2 : 40,
  unidadMedida: 'caja',
  activo: true,
  bajoMinimo: low,
  duracionMinutos: null,
});

/** The server's low-stock list: its first rows (more than the card shows), and a total past them. */
const LOW = [3, 12, 21, 30, 44, 55, 58].map((n) => item(n, true));

const order = (n: number, estado: OrderStatus): OrderSummary => ({
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
  proveedor: { id: 's1', nombre: 'Depósito Dental Ibérico' },
  clinica: { id: 'c2', nombre: 'Clínica Norte' },
});
const SALES: Record<string, OrderSummary[]> = {
  recibido: [order(12, 'recibido'), order(11, 'recibido')],
  en_preparacion: [order(9, 'en_preparacion')],
  enviado: [],
};

let esProveedor: boolean;
let asked: URL[];
let salesFail: boolean;

beforeEach(() => {
  asked = [];
  salesFail = false;
  stubApi(
    () => ({
      rol: 'admin',
      permisos: [
        'clinica.ver',
        'clinica.editar',
        'citas.ver',
        'productos.ver',
        'ventas.gestionar',
        'compras.ver',
        'notificaciones.ver',
      ],
      clinica: { id: 'c1', nombre: 'Depósito Norte', logoUrl: null, zonaHoraria: 'Europe/Madrid', esProveedor },
    }),
    (url) => {
      asked.push(url);
      switch (url.pathname) {
        case '/api/noticias':
          return json({ noticias: [] });
        case '/api/notificaciones':
          return json({ notificaciones: [], hayMas: false, noLeidas: 0 });
        case '/api/panel/primeros-pasos':
          return json({
            perfil: true,
            dentistas: false,
            horario: false,
            equipo: false,
            catalogo: false,
            perfilPublico: false,
          });
        case '/api/citas/calendario':
          return json([]);
        case '/api/ventas': {
          if (salesFail) return json({ error: { code: 'forbidden', message: 'No tienes permiso' } }, 403);
          const pedidos = SALES[url.searchParams.get('estado') ?? ''] ?? [];
          return json({ pedidos, total: pedidos.length, pagina: 1, porPagina: 20 } satisfies OrderPage);
        }
        case '/api/productos/stock-bajo':
          return json({ items: LOW, total: LOW.length + 5 } satisfies LowStockList);
      }
      return undefined;
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
});

async function renderDashboard() {
  const Dashboard = await dashboardScreen();
  function Ready() {
    return useSession().loading ? null : <Dashboard />;
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Ready />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const LOADED = { timeout: 5000 };
const askedFor = (pathname: string) => asked.filter((u) => u.pathname === pathname);

describe("a supplier's dashboard", () => {
  beforeEach(() => {
    esProveedor = true;
  });

  it('shows its sales to fulfil, its low stock, its notifications and the news; none of the clinic’s cards', async () => {
    await renderDashboard();
    const sales = await screen.findByRole('region', { name: 'Pedidos por atender' }, LOADED);
    expect(await within(sales).findByText('3 pedidos están por atender.', {}, LOADED)).toBeTruthy();
    expect(
      within(sales)
        .getAllByRole('link', { name: /: \d+$/ })
        .map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')]),
    ).toEqual([
      ['Recibido: 2', '/ventas?estado=recibido'],
      ['En preparación: 1', '/ventas?estado=en_preparacion'],
      ['Enviado: 0', '/ventas?estado=enviado'],
    ]);
    // The newest received orders, each to its page.
    const toPrepare = within(sales).getByRole('region', { name: 'Pedidos por preparar' });
    expect(within(toPrepare).getByRole('link', { name: 'PED-2026-000012' }).getAttribute('href')).toBe('/ventas/o12');
    expect(within(toPrepare).getAllByRole('listitem')).toHaveLength(2);
    expect(within(sales).getByRole('link', { name: 'Ver todas las ventas' }).getAttribute('href')).toBe('/ventas');

    // The first six low items, each to its page, and how many more the catalogue has.
    const stock = screen.getByRole('region', { name: 'Stock bajo' });
    await waitFor(() => expect(within(stock).getAllByRole('listitem')).toHaveLength(6), LOADED);
    expect(within(stock).getByText('12 productos están en su mínimo o por debajo.')).toBeTruthy();
    expect(
      within(stock)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Insumo 032 caja',
      'Insumo 122 caja',
      'Insumo 212 caja',
      'Insumo 302 caja',
      'Insumo 442 caja',
      'Insumo 552 caja',
    ]);
    expect(within(stock).getByRole('link', { name: 'Insumo 55' }).getAttribute('href')).toBe('/productos/i55');
    expect(within(stock).getByText('Y 6 más en el catálogo.')).toBeTruthy();
    expect(askedFor('/api/productos/stock-bajo')).toHaveLength(1);

    expect(screen.getByRole('region', { name: 'Notificaciones importantes' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Noticias de la comunidad' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Agenda del día' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Primeros pasos' })).toBeNull();
    expect(askedFor('/api/citas/calendario')).toEqual([]);
    expect(askedFor('/api/panel/primeros-pasos')).toEqual([]);
  });

  it('says on the card, once, when its sales could not load; the rest of the dashboard stays', async () => {
    salesFail = true;
    await renderDashboard();
    const sales = await screen.findByRole('region', { name: 'Pedidos por atender' }, LOADED);
    expect((await within(sales).findByRole('alert', {}, LOADED)).textContent).toBe('No tienes permiso');
    expect(within(sales).getByRole('link', { name: 'Ver todas las ventas' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Stock bajo' })).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe("a clinic's dashboard", () => {
  beforeEach(() => {
    esProveedor = false;
  });

  it('keeps the agenda and the first steps, and asks nothing of a supplier’s', async () => {
    await renderDashboard();
    expect(await screen.findByRole('region', { name: 'Agenda del día' }, LOADED)).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Primeros pasos' }, LOADED)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notificaciones importantes' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Pedidos por atender' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Stock bajo' })).toBeNull();
    expect(askedFor('/api/ventas')).toEqual([]);
    expect(askedFor('/api/productos/stock-bajo')).toEqual([]);
  });
});
