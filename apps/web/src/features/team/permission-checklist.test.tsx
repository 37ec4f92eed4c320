import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { TEAM_MESSAGES } from '@odontia/shared';
import { describe, expect, it } from 'vitest';
import { PermissionChecklist } from './components/permission-checklist';
import type { PermissionLike } from './permission-groups';

const CATALOGUE: PermissionLike[] = [
  { id: 'p1', nombre: 'pacientes.ver', descripcion: 'Ver pacientes', modulo: 'pacientes' },
  { id: 'p2', nombre: 'pacientes.crear', descripcion: 'Registrar pacientes', modulo: 'pacientes' },
  { id: 'p3', nombre: 'pacientes.eliminar', descripcion: 'Eliminar pacientes', modulo: 'pacientes' },
  { id: 'r1', nombre: 'roles.ver', descripcion: 'Ver roles', modulo: 'roles' },
];

function Harness({ initial, grantable }: { initial: string[]; grantable?: Set<string> }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <h2 id="permisos">Permisos</h2>
      <PermissionChecklist
        labelledBy="permisos"
        permissions={CATALOGUE}
        value={value}
        onChange={setValue}
        grantable={grantable}
      />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const module = (name: string) => screen.getByRole('group', { name });
const value = () => screen.getByTestId('value').textContent;

describe('PermissionChecklist', () => {
  it('groups the permissions by módulo, each a fieldset named by its legend', () => {
    render(<Harness initial={[]} />);
    expect(screen.getByRole('group', { name: 'Permisos' })).toBeTruthy();
    const pacientes = module('Pacientes');
    // Its select-all and its three permissions.
    expect(within(pacientes).getAllByRole('checkbox')).toHaveLength(4);
    expect(
      within(pacientes).getByRole('checkbox', { name: 'pacientes.crear' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(within(module('Roles')).getByRole('checkbox', { name: 'roles.ver' })).toBeTruthy();
  });

  it('select-all is tri-state: mixed when some are granted, grants the rest, then removes them all', () => {
    render(<Harness initial={['p1']} />);
    const all = within(module('Pacientes')).getByRole('checkbox', {
      name: 'Seleccionar todos los permisos de Pacientes',
    });
    expect(all.getAttribute('aria-checked')).toBe('mixed');
    expect(within(module('Pacientes')).getByText('1 de 3')).toBeTruthy();

    fireEvent.click(all);
    expect(all.getAttribute('aria-checked')).toBe('true');
    // The catalogue's order, whatever the clicks.
    expect(value()).toBe('p1,p2,p3');

    fireEvent.click(all);
    expect(all.getAttribute('aria-checked')).toBe('false');
    expect(value()).toBe('');

    // One box alone touches only its permission, and the other module is untouched.
    fireEvent.click(screen.getByRole('checkbox', { name: 'roles.ver' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'pacientes.eliminar' }));
    expect(value()).toBe('p3,r1');
    expect(all.getAttribute('aria-checked')).toBe('mixed');
    expect(
      within(module('Roles'))
        .getByRole('checkbox', { name: 'Seleccionar todos los permisos de Roles' })
        .getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('offers only what the member may grant: select-all leaves the others as they are', () => {
    render(<Harness initial={[]} grantable={new Set(['pacientes.ver', 'pacientes.crear'])} />);
    expect((screen.getByRole('checkbox', { name: 'pacientes.eliminar' }) as HTMLButtonElement).disabled).toBe(true);
    const all = screen.getByRole('checkbox', { name: 'Seleccionar todos los permisos de Pacientes' });
    fireEvent.click(all);
    expect(value()).toBe('p1,p2');
    expect(all.getAttribute('aria-checked')).toBe('mixed');
    // All it may change are granted: the next click removes them.
    fireEvent.click(all);
    expect(value()).toBe('');
    // A module with nothing grantable cannot be selected at all.
    expect(
      (screen.getByRole('checkbox', { name: 'Seleccionar todos los permisos de Roles' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('keeps a granted permission the member lacks as it is, disabled and saying why', () => {
    render(<Harness initial={['p1', 'p3']} grantable={new Set(['pacientes.ver', 'pacientes.crear'])} />);
    const eliminar = screen.getByRole('checkbox', { name: 'pacientes.eliminar' }) as HTMLButtonElement;
    expect(eliminar.disabled).toBe(true);
    expect(eliminar.getAttribute('aria-checked')).toBe('true');
    expect(eliminar.getAttribute('aria-describedby')).toContain('not-held');
    expect(within(module('Pacientes')).getByText(TEAM_MESSAGES.notHeld)).toBeTruthy();
    // Held ones say nothing of the kind.
    expect(
      (screen.getByRole('checkbox', { name: 'pacientes.ver' }) as HTMLButtonElement).getAttribute('aria-describedby'),
    ).not.toContain('not-held');
    const all = screen.getByRole('checkbox', { name: 'Seleccionar todos los permisos de Pacientes' });
    fireEvent.click(all);
    expect(value()).toBe('p1,p2,p3');
    fireEvent.click(all);
    expect(value()).toBe('p3');
  });
});
