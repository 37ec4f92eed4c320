import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TeamMember } from '@odontia/shared';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, notFound, stubApi } from '@/test/api';
import EditUserPage from './pages/edit-user-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const ROLES = [
  { id: '11111111-1111-4111-8111-111111111111', nombre: 'Administrador', predeterminado: true },
  { id: '22222222-2222-4222-8222-222222222222', nombre: 'Asistente', predeterminado: true },
];

const base: TeamMember = {
  id: 'u2',
  nombres: 'Marta Gil',
  email: 'marta@ejemplo.test',
  rol: { id: ROLES[1].id, nombre: 'Asistente' },
  activo: true,
  esPropietario: false,
  esUstedMismo: false,
  fechaActualizacion: null,
};

let member: TeamMember | null = base;
let patches: unknown[] = [];
let permisos: string[] = [];
let rolesAsked = 0;

function installApi() {
  patches = [];
  permisos = ['usuarios.ver', 'usuarios.editar', 'usuarios.eliminar'];
  rolesAsked = 0;
  stubApi(
    () => ({ rol: 'admin', permisos }),
    async (url, request) => {
      if (url.pathname === '/api/roles/opciones') {
        rolesAsked += 1;
        return json({ roles: ROLES, predeterminadoInvitacion: ROLES[1].id });
      }
      if (url.pathname === '/api/usuarios/u2') {
        if (!member) return notFound('El usuario no existe o no pertenece a tu clínica');
        if (request.method === 'PATCH') {
          const body = await request.json();
          patches.push(body);
          return json({ ...member, ...body });
        }
        return json(member);
      }
      return undefined;
    },
  );
}

function SessionReady({ children }: { children: React.ReactNode }) {
  return useSession().loading ? null : children;
}

function Location() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/usuarios/u2']}>
          <Routes>
            <Route
              path="/usuarios/:id"
              element={
                <SessionReady>
                  <EditUserPage />
                </SessionReady>
              }
            />
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  member = base;
  installApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('Editar Usuario', () => {
  it('edits nombres, rol and activo; the email is read-only', async () => {
    renderPage();
    const nombres = (await screen.findByLabelText(/^Nombres/)) as HTMLInputElement;
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).readOnly).toBe(true);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Rol/ }).textContent).toContain('Asistente'));
    fireEvent.change(nombres, { target: { value: 'Marta Gil Soto' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Activo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Usuario actualizado', expect.any(String)));
    expect(patches).toEqual([{ nombres: 'Marta Gil Soto', rolId: ROLES[1].id, activo: false }]);
    // The navigation renders after the toast: waited for, not assumed (it raced on a busy machine).
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/usuarios'));
  });

  it('reads as the member, not a greyed form, for who may see the team but not edit it', async () => {
    permisos = ['usuarios.ver'];
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuario' })).toBeTruthy();
    await screen.findAllByRole('definition');
    const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Nombres')).toBe('Marta Gil');
    expect(valueOf('Email')).toBe('marta@ejemplo.test');
    expect(valueOf('Rol')).toBe('Asistente');
    expect(valueOf('Estado')).toBe('Activo: puede iniciar sesión');
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText('*')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
    expect(rolesAsked).toBe(0);
  });

  it('one’s own rol and activo are locked, and only nombres is sent', async () => {
    member = { ...base, esUstedMismo: true };
    renderPage();
    await screen.findByText('No puedes cambiar tu propio rol ni desactivarte');
    expect((screen.getByRole('combobox', { name: /Rol/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Activo' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Eliminar usuario' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(patches).toEqual([{ nombres: 'Marta Gil' }]));
  });

  it('an unknown or foreign id: Usuario no encontrado, back to the list', async () => {
    member = null;
    renderPage();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/usuarios'));
    expect(toast.error).toHaveBeenCalledWith(
      'Usuario no encontrado',
      'El usuario no existe o no pertenece a tu clínica',
      expect.anything(),
    );
  });
});
