import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { stubApi } from '@/test/api';
import { isForAccount, NAV_GROUPS, visibleNavGroups } from './nav';
import { ProtectedRoute } from './protected-route';
import { RequirePermission } from './require-permission';

/** Ana, an asistente with `permisos`, of a clinic in Madrid (left out), of `clinica`, or of none (null). */
function signedInWith(permisos: string[], clinica?: Record<string, unknown> | null) {
  stubApi(() => ({ clinica, rol: clinica === null ? null : 'asistente', permisos }));
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/configurar-clinica" element={<h1>Configura tu clínica</h1>} />
            {/* As in the router: the guard sits below the session check. */}
            <Route element={<ProtectedRoute />}>
              <Route element={<RequirePermission permission="roles.ver" />}>
                <Route path="/roles" element={<h1>Gestión de Roles</h1>} />
                <Route element={<RequirePermission permission="roles.gestionar" />}>
                  <Route path="/roles/nuevo" element={<h1>Nuevo Rol</h1>} />
                </Route>
              </Route>
              <Route element={<RequirePermission permission="ventas.gestionar" audience="supplier" />}>
                <Route path="/ventas" element={<h1>Ventas</h1>} />
              </Route>
              <Route element={<RequirePermission permission="pacientes.ver" audience="clinic" />}>
                <Route path="/pacientes" element={<h1>Pacientes</h1>} />
              </Route>
            </Route>
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RequirePermission', () => {
  it('opens the screen for a member whose role grants the permission', async () => {
    signedInWith(['roles.ver']);
    renderAt('/roles');
    expect(await screen.findByRole('heading', { name: 'Gestión de Roles' })).toBeTruthy();
  });

  it('refuses direct navigation without it, and a nested route needs both permissions', async () => {
    signedInWith(['roles.ver']);
    renderAt('/roles/nuevo');
    expect(await screen.findByRole('heading', { name: 'Acceso denegado' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Nuevo Rol' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver al Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('refuses a role that holds none of the permissions', async () => {
    signedInWith(['pacientes.ver']);
    renderAt('/roles');
    expect(await screen.findByRole('heading', { name: 'Acceso denegado' })).toBeTruthy();
  });

  it('sends an account without a clinic to /configurar-clinica instead of refusing', async () => {
    signedInWith([], null);
    renderAt('/roles');
    expect(await screen.findByRole('heading', { name: 'Configura tu clínica' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Acceso denegado' })).toBeNull();
  });
});

describe('RequirePermission audience', () => {
  const clinic = { id: 'c1', nombre: 'Clínica Sol', logoUrl: null, zonaHoraria: 'Europe/Madrid' };

  it("shows a clinic's /ventas as not found, even when its role holds the permission", async () => {
    signedInWith(['ventas.gestionar'], { ...clinic, esProveedor: false });
    renderAt('/ventas');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Acceso denegado' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver al Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('opens /ventas for a supplier clinic, and refuses it to a supplier role without the permission', async () => {
    signedInWith(['ventas.gestionar'], { ...clinic, esProveedor: true });
    const { unmount } = renderAt('/ventas');
    expect(await screen.findByRole('heading', { name: 'Ventas' })).toBeTruthy();
    unmount();
    signedInWith([], { ...clinic, esProveedor: true });
    renderAt('/ventas');
    expect(await screen.findByRole('heading', { name: 'Acceso denegado' })).toBeTruthy();
  });

  it("shows a supplier's /pacientes as not found, and opens it for a clinic", async () => {
    signedInWith(['pacientes.ver'], { ...clinic, esProveedor: true });
    const { unmount } = renderAt('/pacientes');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    unmount();
    signedInWith(['pacientes.ver'], { ...clinic, esProveedor: false });
    renderAt('/pacientes');
    expect(await screen.findByRole('heading', { name: 'Pacientes' })).toBeTruthy();
  });
});

describe('The sidebar by audience', () => {
  const visible = (esProveedor: boolean) =>
    NAV_GROUPS.flatMap((g) => g.entries)
      .filter((e) => isForAccount(e.audience, esProveedor))
      .map((e) => e.url);

  it("gives a supplier its sales, its catalogue, its team and its settings, not the clinic's screens", () => {
    expect(visible(true)).toEqual([
      '/dashboard',
      '/productos',
      '/ventas',
      '/usuarios',
      '/roles',
      '/permisos',
      '/auditoria',
      '/profile',
      '/settings',
    ]);
  });

  it('gives a clinic everything but Ventas', () => {
    const all = NAV_GROUPS.flatMap((g) => g.entries).map((e) => e.url);
    expect(visible(false)).toEqual(all.filter((url) => url !== '/ventas'));
  });

  it('lists Tienda and Mis pedidos under Compras behind compras.ver, and Ventas in a group of its own', () => {
    const entries = (label: string) =>
      NAV_GROUPS.find((g) => g.label === label)?.entries.map((e) => [e.title, e.url, e.permission]);
    expect(entries('Compras')).toEqual([
      ['Tienda', '/compras', 'compras.ver'],
      ['Mis pedidos', '/compras/pedidos', 'compras.ver'],
    ]);
    expect(entries('Ventas')).toEqual([['Ventas', '/ventas', 'ventas.gestionar']]);
  });
});

describe('Administración in the sidebar', () => {
  it('lists Usuarios, Roles, Permisos and Auditoría, each behind the permission its route checks', () => {
    const group = NAV_GROUPS.find((g) => g.label === 'Administración');
    expect(group?.entries.map((e) => [e.title, e.url, e.permission])).toEqual([
      ['Usuarios', '/usuarios', 'usuarios.ver'],
      ['Roles', '/roles', 'roles.ver'],
      ['Permisos', '/permisos', 'permisos.ver'],
      ['Auditoría', '/auditoria', 'auditoria.ver'],
    ]);
  });

  it('lists Odontograma in Principal behind odontograma.ver', () => {
    const group = NAV_GROUPS.find((g) => g.label === 'Principal');
    expect(group?.entries.find((e) => e.url === '/odontograma')?.permission).toBe('odontograma.ver');
  });
});

describe('Finanzas and Reportes in the sidebar (spec 000 §2)', () => {
  const layout = (groups: { label: string; entries: { url: string }[] }[]) =>
    groups.map((g) => [g.label, g.entries.map((e) => e.url)]);

  it("follows the spec's group order, Caja and Saldos pendientes under Finanzas, Reportes under Reportes", () => {
    expect(NAV_GROUPS.map((g) => g.label)).toEqual([
      'Principal',
      'Inventario',
      'Compras',
      'Ventas',
      'Finanzas',
      'Reportes',
      'Administración',
      'Herramientas',
    ]);
    const entries = (label: string) =>
      NAV_GROUPS.find((g) => g.label === label)?.entries.map((e) => [e.title, e.url, e.permission]);
    expect(entries('Finanzas')).toEqual([
      ['Caja', '/caja', 'caja.cerrar'],
      ['Saldos pendientes', '/saldos', 'cobros.ver'],
    ]);
    expect(entries('Reportes')).toEqual([['Reportes', '/reportes', 'reportes.ver']]);
    const principal = NAV_GROUPS.find((g) => g.label === 'Principal')?.entries.map((e) => e.url);
    expect(principal).not.toContain('/caja');
    expect(principal).not.toContain('/saldos');
    expect(principal).not.toContain('/reportes');
  });

  it('shows each entry its role grants, and no group left without one', () => {
    expect(layout(visibleNavGroups(new Set(['cobros.ver']), false))).toEqual([
      ['Principal', ['/dashboard']],
      ['Finanzas', ['/saldos']],
      ['Herramientas', ['/profile']],
    ]);
    expect(layout(visibleNavGroups(new Set(['caja.cerrar', 'cobros.ver', 'reportes.ver']), false))).toEqual([
      ['Principal', ['/dashboard']],
      ['Finanzas', ['/caja', '/saldos']],
      ['Reportes', ['/reportes']],
      ['Herramientas', ['/profile']],
    ]);
  });

  it("hides both groups from a supplier, whatever its role grants: they are the clinic's screens", () => {
    const labels = visibleNavGroups(new Set(['caja.cerrar', 'cobros.ver', 'reportes.ver']), true).map((g) => g.label);
    expect(labels).toEqual(['Principal', 'Herramientas']);
  });
});
