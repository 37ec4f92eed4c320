import type { PermissionCatalog, RoleDetail } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import EditRolePage from './pages/edit-role-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const CATALOG: PermissionCatalog = {
  modulos: [
    {
      modulo: 'pacientes',
      permisos: [
        { id: 'p1', nombre: 'pacientes.ver', descripcion: 'Ver pacientes y buscarlos', modulo: 'pacientes' },
        { id: 'p2', nombre: 'pacientes.crear', descripcion: 'Registrar pacientes', modulo: 'pacientes' },
      ],
    },
    {
      modulo: 'citas',
      permisos: [
        { id: 'c1', nombre: 'citas.ver', descripcion: 'Ver la agenda de citas', modulo: 'citas' },
        { id: 'c2', nombre: 'citas.crear', descripcion: 'Crear citas', modulo: 'citas' },
        { id: 'c3', nombre: 'citas.editar', descripcion: 'Modificar citas', modulo: 'citas' },
      ],
    },
    {
      modulo: 'roles',
      permisos: [{ id: 'r1', nombre: 'roles.ver', descripcion: 'Ver los roles de la clínica', modulo: 'roles' }],
    },
  ],
};

const HIGIENISTA: RoleDetail = {
  id: 'rol-h',
  nombre: 'Higienista',
  descripcion: 'Pacientes y agenda, solo lectura',
  predeterminado: false,
  esAdministrador: false,
  permisos: ['p1', 'c1'],
};
const ADMIN: RoleDetail = {
  id: 'rol-a',
  nombre: 'Administrador',
  descripcion: 'Acceso completo a la clínica',
  predeterminado: true,
  esAdministrador: true,
  permisos: ['p1', 'p2', 'c1', 'c2', 'c3', 'r1'],
};

let permisos: string[];

beforeEach(() => {
  permisos = ['roles.ver'];
  stubApi(
    () => ({ rol: 'personalizado', permisos }),
    (url) => {
      if (url.pathname === '/api/permisos/catalogo') return json(CATALOG);
      if (url.pathname === `/api/roles/${HIGIENISTA.id}`) return json(HIGIENISTA);
      if (url.pathname === `/api/roles/${ADMIN.id}`) return json(ADMIN);
      return undefined;
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function SessionReady({ children }: { children: React.ReactNode }) {
  return useSession().loading ? null : children;
}

function renderRole(id: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[`/roles/${id}`]}>
          <Routes>
            <Route
              path="/roles/:id"
              element={
                <SessionReady>
                  <EditRolePage />
                </SessionReady>
              }
            />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const LOADED = { timeout: 5000 };
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
/** A module's box: its heading, its count, and the permissions the role holds in it. */
const moduleBox = (name: string) => screen.getByRole('region', { name });

/** Nothing to fill in, mark as required, cancel or save. */
function expectNoForm() {
  expect(screen.queryAllByRole('checkbox')).toEqual([]);
  expect(screen.queryAllByRole('textbox')).toEqual([]);
  expect(screen.queryByRole('form')).toBeNull();
  expect(screen.queryByText('*')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
}

describe('/roles/{id} for a member who may see the roles but not manage them', () => {
  it('reads the role: name, type, description and its permissions grouped by módulo, no greyed form', async () => {
    renderRole(HIGIENISTA.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rol' }, LOADED)).toBeTruthy();
    await screen.findAllByRole('definition', {}, LOADED);
    expect(valueOf('Nombre')).toBe('Higienista');
    expect(valueOf('Tipo')).toBe('Personalizado');
    expect(valueOf('Descripción')).toBe('Pacientes y agenda, solo lectura');
    expect(within(screen.getByRole('region', { name: 'Permisos' })).getByText('2 de 6')).toBeTruthy();

    // The modules in the catalogue's order, as the form groups its checkboxes; each lists what the role holds.
    expect(
      within(screen.getByRole('region', { name: 'Permisos' }))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Pacientes', 'Citas', 'Roles']);
    const pacientes = moduleBox('Pacientes');
    expect(within(pacientes).getByText('1 de 2')).toBeTruthy();
    expect(
      within(pacientes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['pacientes.verVer pacientes y buscarlos']);
    expect(
      within(moduleBox('Citas'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['citas.verVer la agenda de citas']);
    expect(within(moduleBox('Roles')).queryAllByRole('listitem')).toEqual([]);
    expect(within(moduleBox('Roles')).getByText('Ningún permiso de este módulo')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expectNoForm();
  });
});

describe('/roles/{id} for a member with roles.gestionar', () => {
  beforeEach(() => {
    permisos = ['roles.ver', 'roles.gestionar', 'pacientes.ver', 'citas.ver'];
  });

  it('edits a custom role: the form, its checkboxes, Cancelar and Guardar cambios', async () => {
    renderRole(HIGIENISTA.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar Rol' }, LOADED)).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Editar Rol' }, LOADED);
    expect((within(form).getByRole('textbox', { name: /^Nombre/ }) as HTMLInputElement).value).toBe('Higienista');
    expect(within(form).getByRole('checkbox', { name: 'citas.ver' }).getAttribute('aria-checked')).toBe('true');
    expect(within(form).getByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    expect(screen.queryAllByRole('definition')).toEqual([]);
  });

  it('reads the Administrador role, which never changes, with the reason above it', async () => {
    renderRole(ADMIN.id);
    expect((await screen.findByRole('note', {}, LOADED)).textContent).toBe(
      'El rol Administrador tiene siempre todos los permisos y no se puede modificar',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Rol' })).toBeTruthy();
    expect(valueOf('Tipo')).toBe('Predeterminado');
    expect(within(screen.getByRole('region', { name: 'Permisos' })).getByText('6 de 6')).toBeTruthy();
    expect(within(moduleBox('Citas')).getAllByRole('listitem')).toHaveLength(3);
    expectNoForm();
  });
});
