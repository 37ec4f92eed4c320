/**
 * The permission catalogue: seeded into `permisos`, granted through `permisos_rol`, and named by every
 * API route (`requirePermission('pacientes.ver')`). One list, used by the server and by the UI.
 */
export const PERMISSIONS = [
  { nombre: 'clinica.ver', descripcion: 'Ver la configuración de la clínica', modulo: 'clinica' },
  {
    nombre: 'clinica.editar',
    descripcion: 'Modificar la configuración y el perfil público de la clínica',
    modulo: 'clinica',
  },
  { nombre: 'usuarios.ver', descripcion: 'Ver los usuarios de la clínica', modulo: 'usuarios' },
  { nombre: 'usuarios.crear', descripcion: 'Invitar usuarios a la clínica', modulo: 'usuarios' },
  { nombre: 'usuarios.editar', descripcion: 'Modificar usuarios de la clínica', modulo: 'usuarios' },
  { nombre: 'usuarios.eliminar', descripcion: 'Eliminar usuarios e invitaciones', modulo: 'usuarios' },
  { nombre: 'roles.ver', descripcion: 'Ver los roles de la clínica', modulo: 'roles' },
  { nombre: 'roles.gestionar', descripcion: 'Crear, modificar y eliminar roles', modulo: 'roles' },
  { nombre: 'permisos.ver', descripcion: 'Ver los permisos del sistema', modulo: 'roles' },
  { nombre: 'pacientes.ver', descripcion: 'Ver pacientes y buscarlos', modulo: 'pacientes' },
  { nombre: 'pacientes.crear', descripcion: 'Registrar pacientes', modulo: 'pacientes' },
  { nombre: 'pacientes.editar', descripcion: 'Modificar pacientes', modulo: 'pacientes' },
  { nombre: 'pacientes.eliminar', descripcion: 'Eliminar pacientes', modulo: 'pacientes' },
  { nombre: 'odontograma.ver', descripcion: 'Ver el odontograma de un paciente', modulo: 'odontograma' },
  { nombre: 'odontograma.editar', descripcion: 'Modificar el odontograma de un paciente', modulo: 'odontograma' },
  { nombre: 'historia.ver', descripcion: 'Ver la historia clínica de un paciente', modulo: 'historia' },
  {
    nombre: 'historia.editar',
    descripcion: 'Escribir y firmar notas clínicas y adendas',
    modulo: 'historia',
  },
  {
    nombre: 'historia.exportar',
    descripcion: 'Exportar la historia clínica de un paciente',
    modulo: 'historia',
  },
  {
    nombre: 'consentimientos.firmar',
    descripcion: 'Preparar y firmar consentimientos informados',
    modulo: 'historia',
  },
  {
    nombre: 'antecedentes.editar',
    descripcion: 'Registrar alergias, medicación y enfermedades de un paciente',
    modulo: 'historia',
  },
  { nombre: 'presupuestos.ver', descripcion: 'Ver los presupuestos de los pacientes', modulo: 'presupuestos' },
  {
    nombre: 'presupuestos.editar',
    descripcion: 'Crear y modificar presupuestos y registrar su respuesta',
    modulo: 'presupuestos',
  },
  { nombre: 'presupuestos.enviar', descripcion: 'Enviar presupuestos a los pacientes', modulo: 'presupuestos' },
  { nombre: 'citas.ver', descripcion: 'Ver la agenda de citas', modulo: 'citas' },
  { nombre: 'citas.crear', descripcion: 'Crear citas', modulo: 'citas' },
  { nombre: 'citas.editar', descripcion: 'Modificar citas', modulo: 'citas' },
  { nombre: 'citas.eliminar', descripcion: 'Eliminar citas', modulo: 'citas' },
  { nombre: 'solicitudes.ver', descripcion: 'Ver las solicitudes de cita del perfil público', modulo: 'citas' },
  { nombre: 'solicitudes.gestionar', descripcion: 'Marcar solicitudes de cita como atendidas', modulo: 'citas' },
  { nombre: 'dentistas.ver', descripcion: 'Ver los dentistas de la clínica', modulo: 'dentistas' },
  { nombre: 'dentistas.gestionar', descripcion: 'Crear, modificar y eliminar dentistas', modulo: 'dentistas' },
  { nombre: 'productos.ver', descripcion: 'Ver el catálogo e inventario', modulo: 'productos' },
  { nombre: 'productos.crear', descripcion: 'Crear ítems del catálogo', modulo: 'productos' },
  { nombre: 'productos.editar', descripcion: 'Modificar ítems del catálogo y su stock', modulo: 'productos' },
  { nombre: 'productos.eliminar', descripcion: 'Eliminar ítems del catálogo', modulo: 'productos' },
  { nombre: 'compras.ver', descripcion: 'Ver la tienda y los pedidos', modulo: 'compras' },
  { nombre: 'compras.realizar', descripcion: 'Usar el carrito y confirmar pedidos', modulo: 'compras' },
  {
    nombre: 'ventas.gestionar',
    descripcion: 'Ver los pedidos recibidos como proveedor y cambiar su estado',
    modulo: 'ventas',
  },
  { nombre: 'notificaciones.ver', descripcion: 'Recibir y leer notificaciones', modulo: 'notificaciones' },
  { nombre: 'notificaciones.crear', descripcion: 'Enviar notificaciones al equipo', modulo: 'notificaciones' },
  { nombre: 'auditoria.ver', descripcion: 'Ver el registro de auditoría', modulo: 'auditoria' },
  { nombre: 'cobros.ver', descripcion: 'Ver los cobros y el estado de cuenta de los pacientes', modulo: 'cobros' },
  { nombre: 'cobros.registrar', descripcion: 'Registrar cobros y enviar recibos', modulo: 'cobros' },
  { nombre: 'cobros.anular', descripcion: 'Anular cobros con un motivo', modulo: 'cobros' },
  { nombre: 'caja.cerrar', descripcion: 'Abrir y cerrar la caja propia del día', modulo: 'cobros' },
  { nombre: 'reportes.ver', descripcion: 'Ver los reportes de la clínica', modulo: 'reportes' },
] as const satisfies readonly { nombre: string; descripcion: string; modulo: string }[];

export type Permission = (typeof PERMISSIONS)[number]['nombre'];
/** The modules permissions are grouped by on the permission screens. */
export type PermissionModule = (typeof PERMISSIONS)[number]['modulo'];

export const ROLES = ['admin', 'dentista', 'asistente', 'recepcion'] as const;
export type Role = (typeof ROLES)[number];
/** `usuarios.rol` of a member: the key of their predeterminado role, or 'personalizado' for a clinic's own role. */
export type MemberRole = Role | 'personalizado';

const all = PERMISSIONS.map((p) => p.nombre);
const only = (...modules: string[]) => PERMISSIONS.filter((p) => modules.includes(p.modulo)).map((p) => p.nombre);
const without = (list: Permission[], ...excluded: Permission[]) => list.filter((p) => !excluded.includes(p));

/** The four roles every clinic starts with, and what each may do by default. */
export const DEFAULT_ROLES: readonly {
  nombre: string;
  rol: Role;
  descripcion: string;
  permisos: readonly Permission[];
}[] = [
  { nombre: 'Administrador', rol: 'admin', descripcion: 'Acceso completo a la clínica', permisos: all },
  {
    nombre: 'Dentista',
    rol: 'dentista',
    descripcion: 'Atiende pacientes: historia clínica, odontograma y agenda',
    permisos: [
      'clinica.ver',
      ...without(only('pacientes'), 'pacientes.eliminar'),
      ...only('odontograma', 'historia', 'presupuestos', 'citas', 'notificaciones'),
      'dentistas.ver',
      'productos.ver',
      // A dentist tells the patient what they owe.
      'cobros.ver',
    ],
  },
  {
    nombre: 'Asistente',
    rol: 'asistente',
    descripcion: 'Apoya la consulta: pacientes, agenda, inventario y compras',
    permisos: [
      'clinica.ver',
      'pacientes.ver',
      'pacientes.crear',
      'pacientes.editar',
      'odontograma.ver',
      'historia.ver',
      'antecedentes.editar',
      'presupuestos.ver',
      'citas.ver',
      'citas.crear',
      'citas.editar',
      'dentistas.ver',
      ...without(only('productos'), 'productos.eliminar'),
      ...only('compras'),
      'notificaciones.ver',
    ],
  },
  {
    nombre: 'Recepción',
    rol: 'recepcion',
    descripcion: 'Recibe a los pacientes y gestiona la agenda y las solicitudes',
    permisos: [
      'clinica.ver',
      'pacientes.ver',
      'pacientes.crear',
      'pacientes.editar',
      ...only('citas'),
      // The desk hands budgets over and follows them up.
      'presupuestos.ver',
      'presupuestos.enviar',
      // The desk takes payments and closes its own cash.
      'cobros.ver',
      'cobros.registrar',
      'caja.cerrar',
      'dentistas.ver',
      'notificaciones.ver',
    ],
  },
];
