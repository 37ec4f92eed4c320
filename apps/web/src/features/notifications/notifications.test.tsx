import { NOTIFICATION_EVENT, type AppNotification } from '@odontia/shared';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { APPOINTMENTS_QUERY_KEY, BUDGETS_QUERY_KEY, ORDERS_QUERY_KEY } from '@/lib/query-keys';
import { SessionProvider } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import { ImportantNotificationsCard } from './components/important-notifications-card';
import { badgeText, NotificationBell } from './components/notification-bell';
import { useNotificationStream } from './hooks/use-notification-stream';
import { internalLink } from './hooks/use-open-notification';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), info: vi.fn() } }));

function notificacion(n: number, extra: Partial<AppNotification> = {}): AppNotification {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    titulo: `Aviso ${n}`,
    mensaje: `Mensaje ${n}`,
    tipo: 'info',
    prioridad: 'media',
    enlace: null,
    leida: false,
    fechaCreacion: `2026-11-2${n % 10}T08:3${n % 10}:00.000Z`,
    ...extra,
  };
}

/** The server: the member's notifications, newest first, in pages of `pageSize`. */
let store: AppNotification[] = [];
let pageSize = 20;
let calls: { method: string; path: string; query: string }[] = [];
/** When set, list answers wait for it: the server read the list, the answer is still on its way. */
let holdLists: Promise<void> | null = null;

function page(url: URL) {
  const solo = url.searchParams.get('soloNoLeidas') === 'true';
  const antes = url.searchParams.get('antes');
  let list = solo ? store.filter((n) => !n.leida) : store;
  if (antes) list = list.slice(list.findIndex((n) => n.id === antes) + 1);
  return {
    notificaciones: list.slice(0, pageSize),
    hayMas: list.length > pageSize,
    noLeidas: store.filter((n) => !n.leida).length,
  };
}

function installApi() {
  calls = [];
  stubApi(
    () => ({ rol: 'admin', permisos: ['notificaciones.ver', 'notificaciones.crear'] }),
    async (url, { method }) => {
      calls.push({ method, path: url.pathname, query: url.search });
      if (url.pathname === '/api/notificaciones' && method === 'GET') {
        const body = page(url);
        if (holdLists) await holdLists;
        return json(body);
      }
      if (url.pathname === '/api/notificaciones/leidas' && method === 'POST') {
        const marcadas = store.filter((n) => !n.leida).length;
        store = store.map((n) => ({ ...n, leida: true }));
        return json({ marcadas, noLeidas: 0 });
      }
      const one = /^\/api\/notificaciones\/([^/]+)\/leida$/.exec(url.pathname);
      if (one && method === 'POST') {
        store = store.map((n) => (n.id === one[1] ? { ...n, leida: true } : n));
        return json({
          notificacion: store.find((n) => n.id === one[1]),
          noLeidas: store.filter((n) => !n.leida).length,
        });
      }
      return undefined;
    },
  );
}

/** EventSource is not in jsdom: this one lets a test deliver events and see when it is closed. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(n: AppNotification, id = n.id) {
    act(() => {
      this.dispatchEvent(new MessageEvent(NOTIFICATION_EVENT, { data: JSON.stringify(n), lastEventId: id }));
    });
  }
}

function Location() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function Stream({ userId }: { userId: string | null }) {
  useNotificationStream(userId);
  return null;
}

function renderShell(children: React.ReactNode) {
  const queryClient = createQueryClient();
  const tree = (content: React.ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Routes>
            <Route path="*" element={content} />
          </Routes>
          <Location />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>
  );
  const result = render(tree(children));
  return { ...result, rerender: (next: React.ReactNode) => result.rerender(tree(next)) };
}

const bell = () => screen.getByTestId('notification-bell');

beforeEach(() => {
  store = [];
  pageSize = 20;
  holdLists = null;
  FakeEventSource.instances = [];
  installApi();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.info).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe('the bell badge', () => {
  it('shows the count up to 9 and 9+ above it', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });

  it('has no badge without unread notifications, and says the exact count in its label', async () => {
    store = [notificacion(1, { leida: true })];
    const { unmount } = renderShell(<NotificationBell />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/notificaciones')).toBe(true));
    expect(bell().getAttribute('aria-label')).toBe('Notificaciones');
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    unmount();

    store = Array.from({ length: 12 }, (_, i) => notificacion(i + 1));
    renderShell(<NotificationBell />);
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('9+'));
    expect(bell().getAttribute('aria-label')).toBe('Notificaciones: 12 sin leer');
  });
});

describe('the notifications panel', () => {
  it('lists them newest first with a short es-ES date, pages with Ver más, and marks all read', async () => {
    pageSize = 2;
    store = [notificacion(3), notificacion(2, { leida: true }), notificacion(1)];
    renderShell(<NotificationBell />);
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('2'));

    fireEvent.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    const list = within(panel).getByRole('list', { name: 'Lista de notificaciones' });
    const titles = () =>
      within(list)
        .getAllByRole('button')
        .map((b) => b.querySelector('span span')?.textContent);
    expect(titles()).toEqual(['Sin leer: Aviso 3', 'Aviso 2']);
    // The web tests run in UTC: day/month/year hour:minute of the local zone.
    const time = within(list).getAllByRole('button')[0].querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2026-11-23T08:33:00.000Z');
    // The clinic's clock (Madrid, UTC+1 in November), not the browser's (UTC here).
    expect(time.textContent).toBe('23/11/2026 09:33');

    fireEvent.click(within(panel).getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(titles()).toEqual(['Sin leer: Aviso 3', 'Aviso 2', 'Sin leer: Aviso 1']));
    expect(calls.find((c) => c.query.includes('antes='))?.query).toContain(`antes=${notificacion(2).id}`);
    expect(within(panel).queryByRole('button', { name: 'Ver más' })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/notificaciones/leidas')).toBe(true);
    expect(titles()).toEqual(['Aviso 3', 'Aviso 2', 'Aviso 1']);
    expect(
      (within(panel).getByRole('button', { name: 'Marcar todas como leídas' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('marks one read on click and follows its link', async () => {
    store = [notificacion(2, { titulo: 'Nueva solicitud de cita', enlace: '/solicitudes' }), notificacion(1)];
    renderShell(<NotificationBell />);
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('2'));
    fireEvent.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    fireEvent.click(within(panel).getByRole('button', { name: /Nueva solicitud de cita/ }));

    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/solicitudes'));
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('1'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/notificaciones/${notificacion(2).id}/leida`,
    ]);
    // The sheet closed to show the page it links to.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('follows only links inside the app', () => {
    expect(internalLink('/solicitudes')).toBe('/solicitudes');
    expect(internalLink(null)).toBeNull();
    expect(internalLink('https://ejemplo.test')).toBeNull();
    expect(internalLink('//ejemplo.test')).toBeNull();
    expect(internalLink('/\\ejemplo.test')).toBeNull();
  });

  it('says when there is nothing', async () => {
    renderShell(<NotificationBell />);
    fireEvent.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(await within(panel).findByText('No tienes notificaciones')).toBeTruthy();
    expect(
      (within(panel).getByRole('button', { name: 'Marcar todas como leídas' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('the live stream', () => {
  it('adds each event to the list and the badge once, with one toast, and closes on sign-out', async () => {
    store = [notificacion(1)];
    const { rerender } = renderShell(
      <>
        <Stream userId="u1" />
        <NotificationBell />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('1'));
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/notificaciones/stream']);
    const source = FakeEventSource.instances[0];

    const nueva = notificacion(5, { titulo: 'Nueva solicitud de cita', mensaje: 'Marta Gil pide una cita' });
    source.emit(nueva);
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('2'));
    expect(toast.info).toHaveBeenCalledWith('Nueva solicitud de cita', 'Marta Gil pide una cita', undefined);
    // A replay of the same event (reconnection with Last-Event-ID) changes nothing.
    source.emit(nueva);
    expect(screen.getByTestId('notification-badge').textContent).toBe('2');
    expect(toast.info).toHaveBeenCalledTimes(1);

    fireEvent.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(within(panel).getAllByRole('button', { name: /Aviso|Nueva/ })[0].textContent).toContain(
      'Nueva solicitud de cita',
    );
    // No reload: the list came once, the event went straight into it.
    expect(calls.filter((c) => c.path === '/api/notificaciones').length).toBe(1);

    // Signed out: the same shell, no member any more.
    rerender(
      <>
        <Stream userId={null} />
        <NotificationBell />
      </>,
    );
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('keeps an event that arrives while the list is being read without it', async () => {
    store = [notificacion(1)];
    let release: () => void = () => undefined;
    holdLists = new Promise<void>((resolve) => (release = resolve));
    renderShell(
      <>
        <Stream userId="u1" />
        <NotificationBell />
      </>,
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/api/notificaciones')).toBe(true));
    // Committed after the server read the list, delivered before its answer arrives.
    const nueva = notificacion(2);
    store = [nueva, ...store];
    FakeEventSource.instances[0].emit(nueva);
    release();
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('2'));
    fireEvent.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Aviso 2'), expect.stringContaining('Aviso 1')]);
  });

  it('reloads the agenda on screen when a notification about an appointment arrives, and only then', async () => {
    let loads = 0;
    // An agenda query as the appointments feature keys it (the week, the day, the dashboard's week).
    function Agenda() {
      useQuery({ queryKey: [...APPOINTMENTS_QUERY_KEY, 'calendar', { desde: '2026-11-23' }], queryFn: () => ++loads });
      return null;
    }
    renderShell(
      <>
        <Stream userId="u1" />
        <Agenda />
      </>,
    );
    await waitFor(() => expect(loads).toBe(1));
    const source = FakeEventSource.instances[0];
    source.emit(notificacion(7, { tipo: 'info' }));
    await waitFor(() => expect(toast.info).toHaveBeenCalledTimes(1));
    expect(loads).toBe(1);

    const answered = notificacion(8, { tipo: 'cita', titulo: 'Cita cancelada por el paciente', enlace: '/citas/a1' });
    source.emit(answered);
    await waitFor(() => expect(loads).toBe(2));
    // The same event replayed after a reconnection reloads nothing more.
    source.emit(answered);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toBe(2);
  });

  it('reloads the budget on screen when the patient answers it from their link, and not the agenda', async () => {
    const loads = { budget: 0, agenda: 0 };
    function Screen() {
      useQuery({ queryKey: [...BUDGETS_QUERY_KEY, 'detail', 'p1'], queryFn: () => ++loads.budget });
      useQuery({
        queryKey: [...APPOINTMENTS_QUERY_KEY, 'calendar', { desde: '2026-11-23' }],
        queryFn: () => ++loads.agenda,
      });
      return null;
    }
    renderShell(
      <>
        <Stream userId="u1" />
        <Screen />
      </>,
    );
    await waitFor(() => expect(loads).toEqual({ budget: 1, agenda: 1 }));
    FakeEventSource.instances[0].emit(
      notificacion(9, { tipo: 'presupuesto', titulo: 'Presupuesto aceptado', enlace: '/presupuestos/p1' }),
    );
    await waitFor(() => expect(loads.budget).toBe(2));
    expect(loads.agenda).toBe(1);
  });

  it('reloads the order on screen when its supplier moves it', async () => {
    let loads = 0;
    function Order() {
      useQuery({ queryKey: [...ORDERS_QUERY_KEY, 'detail', 'o1'], queryFn: () => ++loads });
      return null;
    }
    renderShell(
      <>
        <Stream userId="u1" />
        <Order />
      </>,
    );
    await waitFor(() => expect(loads).toBe(1));
    FakeEventSource.instances[0].emit(
      notificacion(10, { tipo: 'pedido', titulo: 'Pedido actualizado', enlace: '/compras/pedidos/o1' }),
    );
    await waitFor(() => expect(loads).toBe(2));
  });

  it('reads the lists again on each new connection, and reconnects with backoff when the browser gives up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { unmount } = renderShell(
        <>
          <Stream userId="u1" />
          <NotificationBell />
        </>,
      );
      const lists = () => calls.filter((c) => c.path === '/api/notificaciones').length;
      await waitFor(() => expect(lists()).toBe(1));
      const first = FakeEventSource.instances[0];
      // Once connected, the lists are read again: nothing committed before the connection is missed.
      act(() => {
        first.dispatchEvent(new Event('open'));
      });
      await waitFor(() => expect(lists()).toBe(2));
      first.readyState = FakeEventSource.CLOSED;
      act(() => {
        first.dispatchEvent(new Event('error'));
      });
      expect(FakeEventSource.instances).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(FakeEventSource.instances).toHaveLength(2);
      act(() => {
        FakeEventSource.instances[1].dispatchEvent(new Event('open'));
      });
      await waitFor(() => expect(lists()).toBe(3));
      unmount();
      expect(FakeEventSource.instances[1].readyState).toBe(FakeEventSource.CLOSED);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Notificaciones importantes', () => {
  it('shows the unread ones coloured by prioridad, and the empty text', async () => {
    store = [
      notificacion(3, { prioridad: 'alta' }),
      notificacion(2, { leida: true }),
      notificacion(1, { prioridad: 'baja' }),
    ];
    const { unmount } = renderShell(<ImportantNotificationsCard />);
    const card = screen.getByRole('region', { name: 'Notificaciones importantes' });
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(2));
    const items = within(card).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.prioridad)).toEqual(['alta', 'baja']);
    expect(items[0].textContent).toContain('Prioridad alta');
    expect(items[0].querySelector('button')!.className).toContain('border-l-destructive');
    expect(calls.find((c) => c.path === '/api/notificaciones')?.query).toContain('soloNoLeidas=true');
    // Reading one takes it off the list.
    fireEvent.click(within(items[0]).getByRole('button'));
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(1));
    unmount();

    store = [];
    renderShell(<ImportantNotificationsCard />);
    expect(await screen.findByText('No hay notificaciones pendientes')).toBeTruthy();
  });
});
