/** What the permissions screens and the role form read of a permission. */
export type PermissionLike = { id: string; nombre: string; descripcion: string | null; modulo: string };

/** Spanish names of the modules (the catalogue stores the lower-case keys). */
const MODULE_LABELS: Record<string, string> = {
  clinica: 'Clínica',
  usuarios: 'Usuarios',
  roles: 'Roles',
  pacientes: 'Pacientes',
  odontograma: 'Odontograma',
  citas: 'Citas',
  dentistas: 'Dentistas',
  productos: 'Productos',
  compras: 'Compras',
  notificaciones: 'Notificaciones',
};

export const moduleLabel = (modulo: string) => MODULE_LABELS[modulo] ?? modulo.charAt(0).toUpperCase() + modulo.slice(1);

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
