import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, PERMISSIONS } from './permissions.ts';

describe('permission catalogue', () => {
  it('has unique names of the form modulo-ish.accion', () => {
    const names = PERMISSIONS.map((p) => p.nombre);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+\.[a-z]+$/);
  });

  it('covers the modules the features need', () => {
    const modules = new Set(PERMISSIONS.map((p) => p.modulo));
    for (const m of [
      'usuarios',
      'pacientes',
      'citas',
      'productos',
      'roles',
      'clinica',
      'odontograma',
      'dentistas',
      'compras',
      'notificaciones',
    ]) {
      expect(modules).toContain(m);
    }
  });

  it('grants everything to Administrador and only known permissions to the others', () => {
    const known = new Set(PERMISSIONS.map((p) => p.nombre));
    const admin = DEFAULT_ROLES.find((r) => r.nombre === 'Administrador')!;
    expect(new Set(admin.permisos)).toEqual(known);
    for (const role of DEFAULT_ROLES) for (const p of role.permisos) expect(known).toContain(p);
    const recepcion = DEFAULT_ROLES.find((r) => r.rol === 'recepcion')!;
    expect(recepcion.permisos).not.toContain('pacientes.eliminar');
    expect(recepcion.permisos).not.toContain('clinica.editar');
  });
});
