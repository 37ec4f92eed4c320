import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import EditItemPage from './pages/edit-item-page';

const ITEM = {
  id: 'i1',
  nombre: 'Guantes de nitrilo',
  descripcion: 'Talla M, sin polvo',
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
  productoProveedor: null,
  fechaCreacion: '2026-11-20T10:00:00.000Z',
  fechaActualizacion: null,
  movimientos: [],
};

let permisos: string[];

beforeEach(() => {
  permisos = ['productos.ver'];
  stubApi(
    () => ({ rol: 'personalizado', permisos }),
    (url) => {
      if (url.pathname === '/api/productos/i1') return json(ITEM);
      return undefined;
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function AfterSession() {
  return useSession().loading ? null : <EditItemPage />;
}

function renderItem() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/productos/i1']}>
          <Routes>
            <Route path="/productos/:id" element={<AfterSession />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const valueOf = (list: HTMLElement, label: string) =>
  within(list).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('an item for a member who may see the catalogue but not edit it', () => {
  it('reads as a list of its data: no inputs, no required marks, no Cancelar', async () => {
    renderItem();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ficha del Ítem' }, { timeout: 5000 })).toBeTruthy();
    const [list] = (await screen.findAllByRole('definition')).map((d) => d.closest('dl')!);
    expect(valueOf(list, 'Nombre')).toBe('Guantes de nitrilo');
    expect(valueOf(list, 'Categoría')).toBe('Insumo');
    expect(valueOf(list, 'Precio de venta')).toBe('Sin indicar');
    // The clinic is in Madrid: its amounts are euros (issue 23), its taxes Spain's.
    expect(valueOf(list, 'Precio de compra')?.replace(/\u00a0/g, ' ')).toBe('180,00 €');
    expect(valueOf(list, 'Impuesto')).toBe('IVA general 21 %');
    expect(valueOf(list, 'Stock mínimo')).toBe('10');
    expect(screen.getByText('Talla M, sin polvo')).toBeTruthy();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText('*')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cancelar' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Guardar/ })).toBeNull();
  });

  it('is still the form for who may edit it', async () => {
    permisos = ['productos.ver', 'productos.editar'];
    renderItem();
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar Ítem' }, { timeout: 5000 })).toBeTruthy();
    expect(((await screen.findByLabelText(/^Nombre/)) as HTMLInputElement).value).toBe('Guantes de nitrilo');
  });
});
