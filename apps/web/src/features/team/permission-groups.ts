import type { PermissionModule } from '@odontia/shared';

/** What the permissions screens and the role form read of a permission. */
export type PermissionLike = { id: string; nombre: string; descripcion: string | null; modulo: string };

/** Spanish names of the modules (the catalogue stores the lower-case keys): one for each, or it does not compile. */
const MODULE_LABELS: Record<PermissionModule, string> = {
  clinica: 'Clínica',
  usuarios: 'Usuarios',
  roles: 'Roles',
  pacientes: 'Pacientes',
  odontograma: 'Odontograma',
  historia: 'Historia clínica',
  presupuestos: 'Presupuestos',
  cobros: 'Cobros y caja',
  reportes: 'Reportes',
  citas: 'Citas',
  dentistas: 'Dentistas',
  productos: 'Productos',
  compras: 'Compras',
  ventas: 'Ventas',
  notificaciones: 'Notificaciones',
  auditoria: 'Auditoría',
};

const isModule = (modulo: string): modulo is PermissionModule => Object.hasOwn(MODULE_LABELS, modulo);
export const moduleLabel = (modulo: string) =>
  isModule(modulo) ? MODULE_LABELS[modulo] : modulo.charAt(0).toUpperCase() + modulo.slice(1);

/** Permissions grouped by módulo, modules and permissions in the order they come (the server orders them). */
export function groupByModule<T extends PermissionLike>(permissions: readonly T[]): { modulo: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const p of permissions) {
    const list = groups.get(p.modulo);
    if (list) list.push(p);
    else groups.set(p.modulo, [p]);
  }
  return [...groups].map(([modulo, items]) => ({ modulo, items }));
}
