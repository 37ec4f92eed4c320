import { orderTotals, type Cart, type Order, type ReceiptPlan } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import { OrderSummary } from './components/order-summary';
import { OrderTimeline } from './components/order-status';
import { QuantityControl } from './components/quantity-control';
import { ReceiveOrder } from './components/receive-order';
import { formatStoreMoney } from './lib/money';
import CheckoutPage from './pages/checkout-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

describe('QuantityControl (spec 001 §5, cart quantity input)', () => {
  function setup(value = 3) {
    const onChange = vi.fn();
    const onRemove = vi.fn();
    render(<QuantityControl name="Guantes" value={value} onChange={onChange} onRemove={onRemove} />);
    const input = screen.getByRole('spinbutton', { name: 'Cantidad de Guantes' });
    const type = (text: string) => {
      fireEvent.change(input, { target: { value: text } });
      fireEvent.blur(input);
    };
    return { onChange, onRemove, input, type };
  }

  it('disables minus at 1 and steps by one with minus and plus', () => {
    const one = setup(1);
    expect(screen.getByRole('button', { name: 'Quitar una unidad de Guantes' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Añadir una unidad de Guantes' }));
    expect(one.onChange).toHaveBeenLastCalledWith(2);
  });

  it('applies a typed integer when the field is left or Enter is pressed, reading "2.7" as 2', () => {
    const { onChange, input, type } = setup(3);
    type('7');
    expect(onChange).toHaveBeenLastCalledWith(7);
    fireEvent.change(input, { target: { value: '2.7' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('removes the line for 0 and for a non-number', () => {
    const { onRemove, onChange, type } = setup(3);
    type('0');
    type('');
    expect(onRemove).toHaveBeenCalledTimes(2);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('ignores a negative: nothing changes and the field shows the quantity again', () => {
    const { onRemove, onChange, input, type } = setup(3);
    type('-4');
    expect(onChange).not.toHaveBeenCalled();
    expect(onRemove).not.toHaveBeenCalled();
    expect((input as HTMLInputElement).value).toBe('3');
  });

  it('sends nothing when the typed value is the quantity it already has', () => {
    const { onChange, type } = setup(3);
    type('3');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('OrderSummary', () => {
  it("says 'producto' for one item and 'productos' otherwise, with the server's totals in pesos", () => {
    const totals = orderTotals(24_150);
    const { rerender } = render(<OrderSummary cantidad={1} totals={totals} />);
    expect(screen.getByText('1 producto')).toBeTruthy();
    rerender(<OrderSummary cantidad={3} totals={totals} />);
    expect(screen.getByText('3 productos')).toBeTruthy();

    const rows = within(
      screen.getByRole('heading', { name: 'Resumen del pedido' }).closest('[data-slot=card]') as HTMLElement,
    );
    // 24150 × 19% = 4588.5 → 4589 (halves up); envío 15000; total 43739.
    expect(rows.getByText('IVA (19%)').nextElementSibling?.textContent).toBe(formatStoreMoney(4589));
    expect(rows.getByText('Envío').nextElementSibling?.textContent).toBe(formatStoreMoney(15_000));
    expect(rows.getByText('Total').nextElementSibling?.textContent).toBe(formatStoreMoney(43_739));
  });

  it('formats Colombian pesos without decimals', () => {
    expect(formatStoreMoney(1_234_567).replace(/\s/g, ' ')).toBe('$ 1.234.567');
  });
});

describe('OrderTimeline', () => {
  /** Shown to a member of a clinic in Bogotá (UTC-5) while the browser runs in UTC. */
  async function renderInBogota(seguimiento: React.ComponentProps<typeof OrderTimeline>['seguimiento']) {
    stubApi(() => ({
      perfil: { apellidos: 'Gil' },
      clinica: { id: 'c1', nombre: 'Clínica Sol', logoUrl: null, zonaHoraria: 'America/Bogota', esProveedor: false },
      rol: 'admin',
      permisos: ['compras.ver'],
    }));
    function Loaded() {
      return useSession().loading ? null : <OrderTimeline seguimiento={seguimiento} />;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <Loaded />
        </SessionProvider>
      </QueryClientProvider>,
    );
    await screen.findAllByRole('listitem');
    return screen.getAllByRole('listitem');
  }

  afterEach(() => vi.unstubAllGlobals());

  it("shows the reached steps with their time on the clinic's clock and the ones ahead as pending", async () => {
    const steps = await renderInBogota([
      { estado: 'recibido', fecha: '2026-11-20T09:15:00Z', autor: 'Ana' },
      { estado: 'en_preparacion', fecha: '2026-11-21T03:30:00Z', autor: null },
    ]);
    expect(steps.map((li) => li.textContent)).toEqual([
      'Recibido20/11/2026 04:15 · Ana',
      // 03:30 UTC on the 21st is still the evening of the 20th in Bogotá.
      'En preparación20/11/2026 22:30',
      'EnviadoPendiente',
      'EntregadoPendiente',
    ]);
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
  });

  it('ends a cancelled order at Cancelado, without the steps it never reached', async () => {
    const steps = await renderInBogota([
      { estado: 'recibido', fecha: '2026-11-20T09:15:00Z', autor: null },
      { estado: 'cancelado', fecha: '2026-11-20T11:00:00Z', autor: null },
    ]);
    expect(steps.map((li) => li.textContent)).toEqual(['Recibido20/11/2026 04:15', 'Cancelado20/11/2026 06:00']);
  });
});

describe('CheckoutPage', () => {
  const CART: Cart = {
    lineas: [
      {
        id: 'l1',
        productoId: 'p1',
        cantidad: 2,
        precioUnitario: 12_000,
        precioActual: 12_000,
        precioCambiado: false,
        subtotal: 24_000,
        producto: {
          nombre: 'Guantes de nitrilo',
          descripcion: null,
          categoria: 'insumo',
          imagenUrl: null,
          stockActual: 5,
          unidadMedida: 'caja',
          disponible: true,
        },
      },
    ],
    proveedor: { id: 's1', nombre: 'Depósito Dental Ibérico' },
    cantidadProductos: 2,
    totales: orderTotals(24_000),
  };

  function Location() {
    return <p data-testid="path">{useLocation().pathname}</p>;
  }

  /** As under ProtectedRoute: the page opens once the session is known. */
  function SignedIn({ children }: { children: React.ReactNode }) {
    return useSession().loading ? null : children;
  }

  function install(answers: Array<() => Response>, cart: Cart = CART) {
    const posted: Array<Record<string, unknown>> = [];
    stubApi(
      () => ({
        perfil: { apellidos: 'Gil', telefono: '600 111 222' },
        clinica: { id: 'c1', nombre: 'Clínica Sol', logoUrl: null, zonaHoraria: 'Europe/Madrid', esProveedor: false },
        rol: 'admin',
        permisos: ['compras.ver', 'compras.realizar'],
      }),
      async (url, request) => {
        if (url.pathname === '/api/carrito') return json(cart);
        if (url.pathname === '/api/pedidos' && request.method === 'POST') {
          posted.push((await request.json()) as Record<string, unknown>);
          const answer = answers.shift();
          if (!answer) throw new Error('unexpected checkout');
          return answer();
        }
        return undefined;
      },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <MemoryRouter initialEntries={['/compras/checkout']}>
            <Routes>
              <Route
                path="/compras/checkout"
                element={
                  <SignedIn>
                    <CheckoutPage />
                  </SignedIn>
                }
              />
              <Route path="*" element={<Location />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    return posted;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(toast.error).mockClear();
    vi.mocked(toast.success).mockClear();
  });

  const fillAddress = () => {
    fireEvent.change(screen.getByLabelText(/Dirección completa/), { target: { value: 'Calle 10 # 20-30' } });
    fireEvent.change(screen.getByLabelText(/^Ciudad/), { target: { value: 'Bogotá' } });
    fireEvent.change(screen.getByLabelText(/^Departamento/), { target: { value: 'Cundinamarca' } });
  };

  it('says what is missing, then sends the same idempotency key on a retry and opens the order', async () => {
    const posted = install([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json({ id: 'o1', numeroPedido: 'PED-000123' }, 201),
    ]);
    const confirm = await screen.findByRole('button', { name: 'Confirmar Pedido' });
    fireEvent.click(confirm);
    expect(await screen.findByText('La dirección completa es obligatoria')).toBeTruthy();
    expect(screen.getByText('La ciudad es obligatoria')).toBeTruthy();
    expect(screen.getByText('El departamento es obligatorio')).toBeTruthy();
    expect(posted).toHaveLength(0);

    fillAddress();
    fireEvent.click(confirm);
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/compras/pedidos/o1'));

    expect(posted).toHaveLength(2);
    expect(posted[0]?.claveIdempotencia).toMatch(/^[0-9a-f-]{36}$/);
    expect(posted[1]?.claveIdempotencia).toBe(posted[0]?.claveIdempotencia);
    expect(posted[0]).toMatchObject({
      nombreCompleto: 'Ana Gil',
      telefono: '600 111 222',
      ciudad: 'Bogotá',
      metodoPago: 'transferencia',
    });
    expect(toast.success).toHaveBeenCalledWith('Pedido creado', 'Tu pedido PED-000123 ha sido creado exitosamente');
  });

  it('shows which products are short when the server refuses for stock (409)', async () => {
    install([
      () =>
        json(
          {
            error: {
              code: 'out_of_stock',
              message: 'No hay stock suficiente de: Guantes de nitrilo',
              fields: { p1: 'Solo quedan 1 unidades de «Guantes de nitrilo»' },
            },
          },
          409,
        ),
    ]);
    await screen.findByRole('button', { name: 'Confirmar Pedido' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No hay stock suficiente de: Guantes de nitrilo');
    expect(screen.getByText('Solo quedan 1 unidades de «Guantes de nitrilo»')).toBeTruthy();
  });

  it('acts on the server’s code, not its wording: a cart emptied meanwhile goes back to the store', async () => {
    install([
      () => json({ error: { code: 'cart_empty', message: 'Otra redacción del carrito vacío' } }, 422),
      () => json({ error: { code: 'conflict', message: 'Algo chocó' } }, 409),
    ]);
    await screen.findByRole('button', { name: 'Confirmar Pedido' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/compras'));
    expect(toast.error).toHaveBeenCalledWith('Error', 'Otra redacción del carrito vacío');
  });

  it('shows a 409 that is not about the cart as a toast, not as a cart problem', async () => {
    install([() => json({ error: { code: 'conflict', message: 'Algo chocó' } }, 409)]);
    await screen.findByRole('button', { name: 'Confirmar Pedido' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', 'Algo chocó'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with an empty cart says so, and submitting goes to the store', async () => {
    install([], { ...CART, lineas: [], proveedor: null, cantidadProductos: 0, totales: orderTotals(0) });
    expect(await screen.findByText('No hay productos en el carrito')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/compras'));
  });
});

describe('ReceiveOrder (Recibir en el inventario)', () => {
  const PLAN: ReceiptPlan = {
    lineas: [
      {
        detalleId: 'd1',
        nombre: 'Guantes de nitrilo talla M',
        cantidad: 4,
        destino: { id: 'i1', nombre: 'Guantes M', codigo: 'INS-001', por: 'vinculo' },
      },
      {
        detalleId: 'd2',
        nombre: 'Tapabocas desechables',
        cantidad: 6,
        destino: { id: 'i2', nombre: 'Mascarillas quirúrgicas', codigo: 'DDI-0006', por: 'codigo' },
      },
      { detalleId: 'd3', nombre: 'Resina compuesta A2', cantidad: 1, destino: null },
    ],
    opciones: [
      { id: 'i2', nombre: 'Mascarillas quirúrgicas', codigo: 'DDI-0006', unidadMedida: 'caja', stockActual: 11 },
      { id: 'i3', nombre: 'Resina A2', codigo: null, unidadMedida: null, stockActual: 0 },
    ],
  };
  const ORDER = { id: 'o1', numeroPedido: 'PED-2026-000001', estado: 'entregado', recepcion: null } as Order;

  function install(answers: Array<() => Response>) {
    const posted: unknown[] = [];
    // No session here: /api/me is not asked.
    stubApi(
      () => null,
      async (url, request) => {
        if (url.pathname === '/api/pedidos/o1/recepcion' && request.method === 'GET') return json(PLAN);
        if (url.pathname === '/api/pedidos/o1/recepcion' && request.method === 'POST') {
          posted.push(await request.json());
          return answers.shift()!();
        }
        return undefined;
      },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReceiveOrder order={ORDER} />
      </QueryClientProvider>,
    );
    return posted;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(toast.error).mockClear();
    vi.mocked(toast.success).mockClear();
  });

  it('proposes the linked item (fixed), the matching one and a new item; one item per product; errors under their line', async () => {
    const posted = install([
      () =>
        json(
          {
            error: {
              code: 'validation_error',
              message: '«Resina A2» ya recibe otro producto de la tienda',
              fields: { 'lineas.2.productoId': '«Resina A2» ya recibe otro producto de la tienda' },
            },
          },
          422,
        ),
      () => json({ ...ORDER, recepcion: { fecha: '2026-11-24T10:00:00Z', autor: 'Ana' } }),
    ]);
    expect(await screen.findByText('Entra en «Guantes M», como las entregas anteriores')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Guantes de nitrilo/ })).toBeNull();
    const tapabocas = screen.getByRole('combobox', { name: /Recibir «Tapabocas desechables» en/ });
    expect(tapabocas.textContent).toBe('Mascarillas quirúrgicas (DDI-0006) · mismo código');
    const resina = screen.getByRole('combobox', { name: /Recibir «Resina compuesta A2» en/ });
    expect(resina.textContent).toBe('Crear un ítem nuevo');

    // The item another line goes into cannot be chosen again.
    fireEvent.keyDown(resina, { key: 'Enter' });
    const taken = await screen.findByRole('option', { name: 'Mascarillas quirúrgicas (DDI-0006)' });
    expect(taken.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Resina A2' }));
    await waitFor(() => expect(resina.textContent).toBe('Resina A2'));

    fireEvent.click(screen.getByRole('button', { name: 'Recibir en el inventario' }));
    await waitFor(() => expect(resina.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('«Resina A2» ya recibe otro producto de la tienda')).toBeTruthy();
    expect(posted[0]).toEqual({
      lineas: [
        { detalleId: 'd1', productoId: 'i1' },
        { detalleId: 'd2', productoId: 'i2' },
        { detalleId: 'd3', productoId: 'i3' },
      ],
    });

    // Back to a new item: sent as null.
    fireEvent.keyDown(resina, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Crear un ítem nuevo' }));
    await waitFor(() => expect(resina.getAttribute('aria-invalid')).toBe('false'));
    fireEvent.click(screen.getByRole('button', { name: 'Recibir en el inventario' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Pedido recibido', 'Las unidades ya están en tu inventario'),
    );
    expect(posted[1]).toMatchObject({ lineas: [{}, {}, { detalleId: 'd3', productoId: null }] });
  }, 20_000);
});
