import type { Permission } from '@odontia/shared';
import type { LucideIcon } from 'lucide-react';
import {
  CalendarClock,
  ChartColumn,
  CalendarDays,
  ClipboardList,
  FileText,
  HandCoins,
  Inbox,
  KeyRound,
  LayoutDashboard,
  MessageCircle,
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
  Wallet,
} from 'lucide-react';

export type NavEntry = {
  title: string;
  url: string;
  icon: LucideIcon;
  /** Hidden when the role lacks it (the server enforces it regardless). */
  permission?: Permission;
  /** Whom the screen is for (unset: every account); its route follows the same rule (RequirePermission). */
  audience?: Audience;
};

/**
 * A clinic treats patients and buys in the store; a supplier clinic (`clinicas.es_proveedor`) sells
 * its catalogue to them and receives their orders (decision 0010): each sees only its own screens.
 */
export type Audience = 'clinic' | 'supplier';

/** Whether a screen for `audience` exists for this account (a session without a clinic is no supplier). */
export function isForAccount(audience: Audience | undefined, esProveedor: boolean | undefined): boolean {
  return !audience || (audience === 'supplier') === (esProveedor === true);
}

export type NavGroup = { label: string; entries: NavEntry[] };

/**
 * The sidebar of spec 000 §2, its groups in the spec's order (Principal, Inventario, Finanzas,
 * Reportes, Administración, Herramientas; Compras and Ventas are ours). An entry is listed only once
 * its screen exists (DESIGN §1: no dead links, no "coming soon", so no Facturación yet); groups with
 * no visible entry are not shown (`visibleNavGroups`). A supplier's menu is its sales, its catalogue,
 * its team and its settings.
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Principal',
    entries: [
      { title: 'Dashboard', url: '/dashboard', icon: LayoutDashboard },
      { title: 'Pacientes', url: '/pacientes', icon: Users, permission: 'pacientes.ver', audience: 'clinic' },
      { title: 'Agenda', url: '/citas', icon: CalendarDays, permission: 'citas.ver', audience: 'clinic' },
      {
        title: 'Recordatorios',
        url: '/recordatorios',
        icon: MessageCircle,
        permission: 'citas.ver',
        audience: 'clinic',
      },
      {
        title: 'Revisiones pendientes',
        url: '/revisiones',
        icon: CalendarClock,
        permission: 'pacientes.ver',
        audience: 'clinic',
      },
      { title: 'Odontograma', url: '/odontograma', icon: Smile, permission: 'odontograma.ver', audience: 'clinic' },
      {
        title: 'Presupuestos',
        url: '/presupuestos',
        icon: FileText,
        permission: 'presupuestos.ver',
        audience: 'clinic',
      },
      { title: 'Dentistas', url: '/dentistas', icon: Stethoscope, permission: 'dentistas.ver', audience: 'clinic' },
      { title: 'Solicitudes', url: '/solicitudes', icon: Inbox, permission: 'solicitudes.ver', audience: 'clinic' },
    ],
  },
  {
    label: 'Inventario',
    entries: [{ title: 'Productos y Servicios', url: '/productos', icon: Package, permission: 'productos.ver' }],
  },
  {
    label: 'Compras',
    entries: [
      { title: 'Tienda', url: '/compras', icon: ShoppingBag, permission: 'compras.ver', audience: 'clinic' },
      { title: 'Mis pedidos', url: '/compras/pedidos', icon: Package, permission: 'compras.ver', audience: 'clinic' },
    ],
  },
  {
    label: 'Ventas',
    entries: [{ title: 'Ventas', url: '/ventas', icon: Truck, permission: 'ventas.gestionar', audience: 'supplier' }],
  },
  {
    label: 'Finanzas',
    entries: [
      { title: 'Caja', url: '/caja', icon: Wallet, permission: 'caja.cerrar', audience: 'clinic' },
      {
        title: 'Saldos pendientes',
        url: '/saldos',
        icon: HandCoins,
        permission: 'cobros.ver',
        audience: 'clinic',
      },
    ],
  },
  {
    label: 'Reportes',
    entries: [
      { title: 'Reportes', url: '/reportes', icon: ChartColumn, permission: 'reportes.ver', audience: 'clinic' },
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

/**
 * The groups this account sees: each entry its role grants (the server enforces it regardless) and
 * meant for its audience, and only the groups left with an entry.
 */
export function visibleNavGroups(permisos: ReadonlySet<string>, esProveedor: boolean | undefined): NavGroup[] {
  return NAV_GROUPS.map((group) => ({
    ...group,
    entries: group.entries.filter(
      (e) => (!e.permission || permisos.has(e.permission)) && isForAccount(e.audience, esProveedor),
    ),
  })).filter((group) => group.entries.length > 0);
}
