import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { InvitationStatus, MemberStatus, TeamRow } from '@odontia/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import UsersPage from './pages/users-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

type Row = TeamRow;

const member = (i: number, estado: MemberStatus = 'registrado', esPropietario = false): Row => ({
  tipo: 'miembro',
  id: `u${i}`,
  nombres: `Miembro ${i}`,
  email: `m${i}@ejemplo.test`,
  rol: { id: 'r-dentista', nombre: 'Dentista' },
  estado,
  esPropietario,
});
const invitation = (i: number, estado: InvitationStatus = 'pendiente'): Row => ({
  tipo: 'invitacion',
  id: `i${i}`,
  nombres: `Invitada ${i}`,
  email: `i${i}@ejemplo.test`,
  rol: { id: 'r-asistente', nombre: 'Asistente' },
  estado,
  fechaInvitacion: '2026-11-20T10:00:00.000Z',
  fechaExpiracion: '2026-11-27T10:00:00.000Z',
});

let rows: Row[] = [];
let permisos: string[] = [];
let requests: URL[] = [];
let deleted: string[] = [];

function installApi() {
  requests = [];
  deleted = [];
  stubApi(
    // Ana is none of the listed members (u1, u2...), so each of them may be deleted.
    () => ({ user: { id: 'u0' }, rol: 'admin', permisos }),
    (url, request) => {
      if (request.method === 'DELETE') {
        deleted.push(url.pathname);
        rows = rows.filter((r) => !url.pathname.endsWith(`/${r.id}`));
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/api/usuarios') {
        requests.push(url);
        const q = (url.searchParams.get('buscar') ?? '').toLowerCase();
        const pagina = Number(url.searchParams.get('pagina') ?? '1');
        const found = rows.filter((r) => r.nombres.toLowerCase().includes(q) || r.email.includes(q));
        return json({ filas: found.slice((pagina - 1) * 10, pagina * 10), total: found.length, pagina, porPagina: 10 });
      }
      return undefined;
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
              path="*"
              element={
                <SessionReady>
                  <UsersPage />
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

beforeEach(() => {
  permisos = ['usuarios.ver', 'usuarios.crear', 'usuarios.editar', 'usuarios.eliminar'];
  installApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('Gestión de Usuarios', () => {
  it('lists members and invitations with their estado; only members open the edit screen', async () => {
    rows = [member(1), member(2, 'inactivo'), invitation(3), invitation(4, 'expirado')];
    renderAt('/usuarios');
    const table = await screen.findByRole('table');
    const [, ...body] = within(table).getAllByRole('row');
    expect(body.map((r) => within(r).getAllByRole('cell')[3].textContent)).toEqual([
      'Registrado',
      'Inactivo',
      'Pendiente',
      'Expirado',
    ]);
    expect(screen.getByRole('link', { name: 'Editar a Miembro 1' }).getAttribute('href')).toBe('/usuarios/u1');
    // An invitation row can only be deleted.
    expect(within(body[2]).queryByRole('link')).toBeNull();
    expect(within(body[2]).getByRole('button', { name: 'Eliminar la invitación a i3@ejemplo.test' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nuevo Usuario' }).getAttribute('href')).toBe('/usuarios/nuevo');
    // Ten rows or fewer: the count, without the controls.
    expect(screen.getByText('Mostrando 1 - 4 de 4')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).toBeNull();
  });

  it('pages of 10 with "Mostrando a - b de N"; the page lives in the URL', async () => {
    rows = Array.from({ length: 12 }, (_, i) => member(i + 1));
    renderAt('/usuarios');
    expect(await screen.findByText('Mostrando 1 - 10 de 12')).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Paginación' })).getByRole('button', { name: 'Página 2' }),
    );
    expect(await screen.findByText('Mostrando 11 - 12 de 12')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/usuarios?pagina=2');
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('searches on nombres or email from page 1, and says when nothing is there', async () => {
    rows = Array.from({ length: 12 }, (_, i) => member(i + 1));
    renderAt('/usuarios?pagina=2');
    await screen.findByText('Mostrando 11 - 12 de 12');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar por nombre o email' }), {
      target: { value: 'zzz' },
    });
    expect(await screen.findByText('No hay usuarios registrados')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/usuarios?q=zzz');
    expect(requests.at(-1)?.searchParams.get('pagina')).toBe('1');
  });

  it('deletes an invitation after ¿Estás seguro?', async () => {
    rows = [member(1), invitation(2)];
    renderAt('/usuarios');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar la invitación a i2@ejemplo.test' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Invitación eliminada', expect.any(String)));
    expect(deleted).toEqual(['/api/invitaciones/i2']);
    await waitFor(() => expect(screen.queryByText('i2@ejemplo.test')).toBeNull());
  });

  it('never offers to delete the owner or oneself', async () => {
    rows = [member(0), member(1, 'registrado', true), member(2)];
    renderAt('/usuarios');
    await screen.findByText('Miembro 2');
    expect(screen.queryByRole('button', { name: 'Eliminar a Miembro 0' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar a Miembro 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Eliminar a Miembro 2' })).toBeTruthy();
  });

  it('shows neither Nuevo Usuario nor delete buttons to a role that may only look', async () => {
    permisos = ['usuarios.ver'];
    rows = [member(1), invitation(2)];
    renderAt('/usuarios');
    await screen.findByText('Miembro 1');
    expect(screen.queryByRole('link', { name: 'Nuevo Usuario' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver a Miembro 1' })).toBeTruthy();
  });

  it('Actualizar loads the list again', async () => {
    rows = [member(1)];
    renderAt('/usuarios');
    await screen.findByText('Miembro 1');
    const before = requests.length;
    rows = [member(1), invitation(2)];
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Invitada 2')).toBeTruthy();
    expect(requests.length).toBe(before + 1);
  });
});
