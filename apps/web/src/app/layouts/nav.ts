import type { Permission } from '@odontia/shared';
import type { LucideIcon } from 'lucide-react';
import {
  CalendarDays,
  ClipboardList,
  Inbox,
  KeyRound,
  LayoutDashboard,
  Package,
  Settings,
  ShieldCheck,
  ShoppingBag,
  Smile,
  Stethoscope,
  Truck,
  UserCog,
  UserRound,
  Users,
} from 'lucide-react';

export type NavEntry = {
  title: string;
  url: string;
  icon: LucideIcon;
  /** Hidden when the role lacks it (the server enforces it regardless). */
  permission?: Permission;
  /** Listed only for supplier clinics (`clinicas.es_proveedor`): only they receive orders. */
  supplierOnly?: boolean;
};

export type NavGroup = { label: string; entries: NavEntry[] };

/**
 * The sidebar of spec 000 §2. An entry is listed only once its screen exists (DESIGN §1: no dead
 * links, no "coming soon"); groups with no visible entry are not shown.
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Principal',
    entries: [
      { title: 'Dashboard', url: '/dashboard', icon: LayoutDashboard },
      { title: 'Pacientes', url: '/pacientes', icon: Users, permission: 'pacientes.ver' },
      { title: 'Agenda', url: '/citas', icon: CalendarDays, permission: 'citas.ver' },
      { title: 'Odontograma', url: '/odontograma', icon: Smile, permission: 'odontograma.ver' },
      { title: 'Dentistas', url: '/dentistas', icon: Stethoscope, permission: 'dentistas.ver' },
      { title: 'Solicitudes', url: '/solicitudes', icon: Inbox, permission: 'solicitudes.ver' },
    ],
  },
  {
    label: 'Inventario',
    entries: [{ title: 'Productos y Servicios', url: '/productos', icon: Package, permission: 'productos.ver' }],
  },
  {
    label: 'Compras',
    entries: [
      { title: 'Tienda', url: '/compras', icon: ShoppingBag, permission: 'compras.ver' },
      { title: 'Mis pedidos', url: '/compras/pedidos', icon: Package, permission: 'compras.ver' },
      { title: 'Ventas', url: '/ventas', icon: Truck, permission: 'ventas.gestionar', supplierOnly: true },
    ],
  },
  {
    label: 'Administración',
    entries: [
      { title: 'Usuarios', url: '/usuarios', icon: UserCog, permission: 'usuarios.ver' },
      { title: 'Roles', url: '/roles', icon: ShieldCheck, permission: 'roles.ver' },
      { title: 'Permisos', url: '/permisos', icon: KeyRound, permission: 'permisos.ver' },
      { title: 'Auditoría', url: '/auditoria', icon: ClipboardList, permission: 'auditoria.ver' },
    ],
  },
  {
    label: 'Herramientas',
    entries: [
      { title: 'Mi Perfil', url: '/profile', icon: UserRound },
      { title: 'Configuración', url: '/settings', icon: Settings, permission: 'clinica.ver' },
    ],
  },
];
