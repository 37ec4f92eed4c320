import { z } from 'zod';
import { idSchema, optionalText, pageNumber, requiredEmail, requiredText, searchText } from './fields.ts';

/**
 * The team: members, invitations, roles and permissions (spec 001 §2 Users, Roles, Permissions; §5
 * Invitation and User edit; §8; §9; DESIGN §1 and §4). The contract between `/api/usuarios`,
 * `/api/invitaciones`, `/api/roles`, `/api/permisos` and the administration screens.
 */
export const TEAM_MESSAGES = {
  // Spec 001 §5 (invitation and user edit).
  nombresRequired: 'El nombre es obligatorio',
  emailRequired: 'El email es obligatorio',
  emailInvalid: 'Introduce un email válido',
  rolRequired: 'Selecciona un rol',
  // Spec 001 §8 (invitations).
  invitationExistsTitle: 'Invitación ya existe',
  invitationExists: 'Ya existe una invitación para este email',
  invitationDuplicate: 'Este email ya ha sido invitado a la clínica',
  invitationForbidden: 'No tienes permisos para crear invitaciones. Contacta al administrador.',
  invitationError: 'Error al crear invitación',
  invitationSent: 'Invitación enviada',
  invitationDeleted: 'Invitación eliminada',
  // Spec 001 §8 (clinic and users).
  userNotFound: 'Usuario no encontrado',
  userUpdated: 'Usuario actualizado',
  userDeleted: 'Usuario eliminado',
  roleDeleted: 'Rol eliminado',
  loadInfoError: 'Error al cargar información',
  loadDataError: 'Error al cargar datos',
  deleteError: 'Error al eliminar',
  saveError: 'Error al guardar cambios',
  loadRolesError: 'Error al cargar roles',
  loadPermissionsError: 'Error al cargar permisos',
  loadUsersError: 'Error al cargar usuarios',
  emptyUsers: 'No hay usuarios registrados',
  emptyRoles: 'No hay roles registrados',
  emptyPermissions: 'No hay permisos registrados',
  confirmTitle: '¿Estás seguro?',
  // The spec does not state these; ours, in the same voice.
  invitationNotFound: 'La invitación no existe o ya fue eliminada',
  emailHasAccount: 'Este email ya tiene una cuenta en Odontia. Cada usuario pertenece a una sola clínica.',
  invitationInvalid: 'La invitación no es válida o ya fue utilizada',
  invitationExpired: 'La invitación ha expirado. Pide a la clínica que te invite de nuevo.',
  invitationOtherEmail: 'Esta invitación es para otro email. Regístrate con el email invitado.',
  invitationAcceptedTitle: 'Invitación aceptada',
  invitationAccepted: (nombres: string) => `${nombres} se ha unido a la clínica`,
  invitationSubject: (clinica: string) => `Te han invitado a ${clinica} en Odontia`,
  roleNotFound: 'Rol no encontrado',
  roleNombreRequired: 'El nombre del rol es obligatorio',
  roleExists: 'Ya existe un rol con ese nombre',
  roleCreated: 'Rol creado',
  roleUpdated: 'Rol actualizado',
  rolePredeterminado: 'Los roles predeterminados no se pueden eliminar',
  roleInUse: 'No se puede eliminar un rol que tienen usuarios o invitaciones. Cambia antes su rol.',
  rolePredeterminadoName: 'El nombre de un rol predeterminado no se puede cambiar',
  adminRoleLocked: 'El rol Administrador tiene siempre todos los permisos y no se puede modificar',
  ownerProtected: 'El propietario de la clínica no puede ser desactivado, eliminado ni cambiar de rol',
  lastAdmin: 'La clínica necesita al menos un administrador activo',
  selfChange: 'No puedes cambiar tu propio rol ni desactivarte',
  selfDelete: 'No puedes eliminarte a ti mismo',
  escalation: 'No puedes conceder ni quitar permisos que no tienes',
  /** Beside a permission the member cannot change in the role editor (the escalation rule, said before saving). */
  notHeld: 'No tienes este permiso: no puedes concederlo ni quitarlo',
  permissionUnknown: 'Uno de los permisos no existe',
} as const;

/** Page size of the users, roles and permissions lists (spec 001 §9). */
export const TEAM_PAGE_SIZE = 10;
/** An invitation link works for this long; then the invitation is shown Expirado. */
export const INVITATION_TTL_DAYS = 7;
export const TEAM_SEARCH_MAX = 100;
const NAME_MAX = 100;
const ROLE_NAME_MAX = 60;
const DESCRIPTION_MAX = 500;

/** The predeterminado role every clinic has that always holds every permission. */
export const ADMIN_ROLE_NAME = 'Administrador';
/** The role the invitation form starts with (spec 001 §6). */
export const DEFAULT_INVITATION_ROLE_NAME = 'Asistente';

/** `?buscar=&pagina=` of the three lists; anything else in the query is dropped. */
export const teamListQuerySchema = z.object({ buscar: searchText(TEAM_SEARCH_MAX), pagina: pageNumber });
export type TeamListQuery = z.input<typeof teamListQuerySchema>;

/** A role of the clinic's list: empty or not an id is 'Selecciona un rol'. */
const rolId = z
  .string({ error: TEAM_MESSAGES.rolRequired })
  .trim()
  .min(1, TEAM_MESSAGES.rolRequired)
  .pipe(z.uuid({ error: TEAM_MESSAGES.rolRequired }))
  .transform((v) => v.toLowerCase());

const nombres = requiredText(TEAM_MESSAGES.nombresRequired, NAME_MAX);

/** `POST /api/invitaciones` (201 `InvitacionCreada`; spec 001 §5 Invitation). */
export const invitationSchema = z.object({
  nombres,
  email: requiredEmail({ required: TEAM_MESSAGES.emailRequired, invalid: TEAM_MESSAGES.emailInvalid }),
  rolId,
});
export type InvitationInput = z.input<typeof invitationSchema>;
export type InvitationData = z.output<typeof invitationSchema>;

/** `PATCH /api/usuarios/:id` (spec 001 §5 User edit): the email is read-only; fields left out stay. */
export const updateMemberSchema = z.object({
  nombres: nombres.optional(),
  rolId: rolId.optional(),
  activo: z.boolean().optional(),
});
export type UpdateMemberData = z.output<typeof updateMemberSchema>;

/** `POST /api/roles` and `PUT /api/roles/:id`: `permisos` are ids of `/api/permisos/catalogo`. */
export const roleSchema = z.object({
  nombre: requiredText(TEAM_MESSAGES.roleNombreRequired, ROLE_NAME_MAX),
  descripcion: optionalText(DESCRIPTION_MAX, { multiline: true }),
  permisos: z
    .array(idSchema, { error: TEAM_MESSAGES.permissionUnknown })
    .max(500)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});
export type RoleInput = z.input<typeof roleSchema>;
export type RoleData = z.output<typeof roleSchema>;

/** Estado of a row of the users list (spec 001 §4): members registrado|inactivo; invitations pendiente|registrado|expirado. */
export const ESTADOS_MIEMBRO = ['registrado', 'inactivo'] as const;
export const ESTADOS_INVITACION = ['pendiente', 'registrado', 'expirado'] as const;
export type MemberStatus = (typeof ESTADOS_MIEMBRO)[number];
export type InvitationStatus = (typeof ESTADOS_INVITACION)[number];
/** What the badges say (spec 001 §4: Registrado / Inactivo; pendiente, registrado, Expirado). */
export const ESTADO_EQUIPO_LABELS: Record<MemberStatus | InvitationStatus, string> = {
  registrado: 'Registrado',
  inactivo: 'Inactivo',
  pendiente: 'Pendiente',
  expirado: 'Expirado',
};

/** A role as a member or invitation carries it. */
export type RoleSummary = { id: string; nombre: string };

/** One row of `GET /api/usuarios`: members first (by nombres), then invitations (newest first). */
export type TeamRow =
  | {
      tipo: 'miembro';
      id: string;
      nombres: string;
      email: string;
      rol: RoleSummary | null;
      estado: MemberStatus;
      esPropietario: boolean;
    }
  | {
      tipo: 'invitacion';
      id: string;
      nombres: string;
      email: string;
      rol: RoleSummary | null;
      estado: InvitationStatus;
      fechaInvitacion: string;
      fechaExpiracion: string;
    };

export type TeamPage = { filas: TeamRow[]; total: number; pagina: number; porPagina: number };

/** `GET /api/usuarios/:id` and the answer of `PATCH`. */
export type TeamMember = {
  id: string;
  nombres: string;
  email: string;
  rol: RoleSummary | null;
  activo: boolean;
  /** The clinic owner: cannot be demoted, deactivated or removed. */
  esPropietario: boolean;
  /** The caller: cannot change their own rol or activo. */
  esUstedMismo: boolean;
  fechaActualizacion: string | null;
};

/** `POST /api/invitaciones` (201). The link is only mailed, never returned. */
export type CreatedInvitation = {
  id: string;
  nombres: string;
  email: string;
  rol: RoleSummary;
  estado: 'pendiente';
  fechaInvitacion: string;
  fechaExpiracion: string;
};

/**
 * `GET /api/invitaciones/token/:token` (public; the register page with `?invitacion=`): 200 with this,
 * or 404 `invitationInvalid`, 410 `invitationExpired`.
 */
export type PublicInvitation = { email: string; nombres: string; clinica: string; rol: string };

/** The query parameter of `/auth?register=true&invitacion=<token>` and of sign-up. */
export const INVITATION_PARAM = 'invitacion';

/** `GET /api/roles` rows. */
export type RoleRow = {
  id: string;
  nombre: string;
  descripcion: string | null;
  predeterminado: boolean;
  /** Administrador: every permission, never edited. */
  esAdministrador: boolean;
  usuarios: number;
  permisos: number;
};
export type RolePage = { roles: RoleRow[]; total: number; pagina: number; porPagina: number };

/** `GET /api/roles/opciones` (permission usuarios.ver): every role for the rol selects, by nombre. */
export type RoleOptions = {
  roles: { id: string; nombre: string; predeterminado: boolean }[];
  predeterminadoInvitacion: string | null;
};

/** `GET /api/roles/:id`, and the answer of POST (201) and PUT. `permisos` are permission ids. */
export type RoleDetail = {
  id: string;
  nombre: string;
  descripcion: string | null;
  predeterminado: boolean;
  esAdministrador: boolean;
  permisos: string[];
};

export type PermissionInfo = { id: string; nombre: string; descripcion: string; modulo: string };
/** `GET /api/permisos?buscar=&pagina=`: ordered by modulo then nombre; the screen groups a page's rows by modulo. */
export type PermissionPage = { permisos: PermissionInfo[]; total: number; pagina: number; porPagina: number };
/** `GET /api/permisos/catalogo` (permission roles.ver): every permission grouped by modulo, for the checkboxes. */
export type PermissionCatalog = { modulos: { modulo: string; permisos: PermissionInfo[] }[] };
