import {
  ADMIN_ROLE_NAME,
  DEFAULT_INVITATION_ROLE_NAME,
  INVITATION_TTL_DAYS,
  TEAM_MESSAGES,
  TEAM_PAGE_SIZE,
  type TeamPage,
  type TeamRow,
  type CreatedInvitation,
  type InvitationData,
  type TeamMember,
  type PermissionInfo,
  type PermissionCatalog,
  type PermissionPage,
  type RoleDetail,
  type RoleData,
  type RoleOptions,
  type RolePage,
  type TeamListQuery,
  type UpdateMemberData,
} from '@odontia/shared';
import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { foldedContains } from '../../db/search.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { Database, Executor } from '../../db/client.ts';
import {
  clinicas,
  invitacionesUsuarios,
  permisos,
  permisosRol,
  rolesClinica,
  usuarios,
  usuariosRol,
} from '../../db/schema/index.ts';
import type { Member } from '../../platform/context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { endMemberSessions, accountExists, newInvitationToken, rolKey } from '../../platform/membership.ts';
import { publish } from '../../platform/realtime/index.ts';

export const userNotFound = () => notFound(TEAM_MESSAGES.userNotFound);
export const invitationNotFound = () => notFound(TEAM_MESSAGES.invitationNotFound);
export const roleNotFound = () => notFound(TEAM_MESSAGES.roleNotFound);
const roleRequired = () => badRequest(TEAM_MESSAGES.rolRequired, { rolId: TEAM_MESSAGES.rolRequired });

const page = (pagina: number) => ({ limit: TEAM_PAGE_SIZE, offset: (pagina - 1) * TEAM_PAGE_SIZE });

type Query = { buscar: string; pagina: number } & TeamListQuery;

// ---------------------------------------------------------------------------------------------
// Members and invitations
// ---------------------------------------------------------------------------------------------

/**
 * One list of members (by nombres) then invitations (newest first). An accepted invitation whose
 * member is still in the clinic is that member's row; once the member is removed it shows again,
 * registrado. A clinic's team is small (tens), so both are read and the page is cut here.
 */
export async function listTeam(db: Database, clinicaId: string, query: Query): Promise<TeamPage> {
  const term = query.buscar;
  const [members, invitations] = await Promise.all([
    db
      .select({
        id: usuarios.id,
        nombres: usuarios.nombres,
        email: usuarios.email,
        activo: usuarios.activo,
        rolId: rolesClinica.id,
        rolNombre: rolesClinica.nombre,
        propietario: sql<boolean>`${clinicas.userId} = ${usuarios.id}`,
      })
      .from(usuarios)
      .innerJoin(clinicas, eq(clinicas.id, usuarios.clinicaId))
      .leftJoin(usuariosRol, eq(usuariosRol.usuarioId, usuarios.id))
      .leftJoin(rolesClinica, eq(rolesClinica.id, usuariosRol.rolId))
      .where(
        and(
          eq(usuarios.clinicaId, clinicaId),
          term ? or(foldedContains(usuarios.nombres, term), foldedContains(usuarios.email, term)) : undefined,
        ),
      )
      .orderBy(asc(usuarios.nombres), asc(usuarios.id)),
    db
      .select({
        id: invitacionesUsuarios.id,
        nombres: invitacionesUsuarios.nombres,
        email: invitacionesUsuarios.email,
        estado: invitacionesUsuarios.estado,
        fechaInvitacion: invitacionesUsuarios.fechaInvitacion,
        fechaExpiracion: invitacionesUsuarios.fechaExpiracion,
        rolId: rolesClinica.id,
        rolNombre: rolesClinica.nombre,
      })
      .from(invitacionesUsuarios)
      .innerJoin(rolesClinica, eq(rolesClinica.id, invitacionesUsuarios.rolId))
      .where(
        and(
          eq(invitacionesUsuarios.clinicaId, clinicaId),
          sql`not (${invitacionesUsuarios.estado} = 'registrado' and exists (select 1 from ${usuarios} where ${usuarios.clinicaId} = ${invitacionesUsuarios.clinicaId} and ${usuarios.email} = ${invitacionesUsuarios.email}))`,
          term
            ? or(foldedContains(invitacionesUsuarios.nombres, term), foldedContains(invitacionesUsuarios.email, term))
            : undefined,
        ),
      )
      .orderBy(sql`${invitacionesUsuarios.fechaInvitacion} desc`, asc(invitacionesUsuarios.id)),
  ]);
  const now = Date.now();
  const rows: TeamRow[] = [
    ...members.map((m) => ({
      tipo: 'miembro' as const,
      id: m.id,
      nombres: m.nombres,
      email: m.email,
      rol: m.rolId ? { id: m.rolId, nombre: m.rolNombre! } : null,
      estado: m.activo ? ('registrado' as const) : ('inactivo' as const),
      esPropietario: m.propietario,
    })),
    ...invitations.map((i) => ({
      tipo: 'invitacion' as const,
      id: i.id,
      nombres: i.nombres,
      email: i.email,
      rol: { id: i.rolId, nombre: i.rolNombre },
      estado:
        i.estado === 'registrado'
          ? ('registrado' as const)
          : i.fechaExpiracion.getTime() <= now
            ? ('expirado' as const)
            : ('pendiente' as const),
      fechaInvitacion: i.fechaInvitacion.toISOString(),
      fechaExpiracion: i.fechaExpiracion.toISOString(),
    })),
  ];
  const { limit, offset } = page(query.pagina);
  return {
    filas: rows.slice(offset, offset + limit),
    total: rows.length,
    pagina: query.pagina,
    porPagina: TEAM_PAGE_SIZE,
  };
}

type Target = {
  id: string;
  nombres: string;
  email: string;
  activo: boolean;
  rolId: string | null;
  propietario: boolean;
  fechaActualizacion: Date | null;
};

async function findMember(db: Executor, clinicaId: string, id: string, lock = false): Promise<Target | null> {
  const query = db
    .select({
      id: usuarios.id,
      nombres: usuarios.nombres,
      email: usuarios.email,
      activo: usuarios.activo,
      rolId: usuariosRol.rolId,
      propietario: sql<boolean>`${clinicas.userId} = ${usuarios.id}`,
      fechaActualizacion: usuarios.fechaActualizacion,
    })
    .from(usuarios)
    .innerJoin(clinicas, eq(clinicas.id, usuarios.clinicaId))
    .leftJoin(usuariosRol, eq(usuariosRol.usuarioId, usuarios.id))
    .where(and(eq(usuarios.clinicaId, clinicaId), eq(usuarios.id, id)));
  const [row] = lock ? await query.for('update', { of: usuarios }) : await query;
  return row ?? null;
}

async function roleName(db: Executor, rolId: string | null) {
  if (!rolId) return null;
  const [row] = await db
    .select({ id: rolesClinica.id, nombre: rolesClinica.nombre })
    .from(rolesClinica)
    .where(eq(rolesClinica.id, rolId));
  return row ?? null;
}

function toTeamMember(target: Target, rol: { id: string; nombre: string } | null, callerId: string): TeamMember {
  return {
    id: target.id,
    nombres: target.nombres,
    email: target.email,
    rol,
    activo: target.activo,
    esPropietario: target.propietario,
    esUstedMismo: target.id === callerId,
    fechaActualizacion: target.fechaActualizacion?.toISOString() ?? null,
  };
}

export async function getMember(db: Database, caller: Member, id: string): Promise<TeamMember | null> {
  const target = await findMember(db, caller.clinicaId, id);
  return target ? toTeamMember(target, await roleName(db, target.rolId), caller.userId) : null;
}

/** Permission names a role grants. */
async function rolePermissions(db: Executor, rolId: string | null): Promise<string[]> {
  if (!rolId) return [];
  const rows = await db
    .select({ nombre: permisos.nombre })
    .from(permisosRol)
    .innerJoin(permisos, eq(permisos.id, permisosRol.permisoId))
    .where(eq(permisosRol.rolId, rolId));
  return rows.map((r) => r.nombre);
}

/** No escalation: a member grants, or takes away, only permissions they hold. */
function assertHolds(caller: Member, names: readonly string[]) {
  if (names.some((n) => !caller.permisos.has(n as never))) throw forbidden(TEAM_MESSAGES.escalation);
}

async function clinicRole(
  db: Executor,
  clinicaId: string,
  rolId: string,
): Promise<{ id: string; nombre: string; esPredeterminado: boolean } | null> {
  const [row] = await db
    .select({ id: rolesClinica.id, nombre: rolesClinica.nombre, esPredeterminado: rolesClinica.esPredeterminado })
    .from(rolesClinica)
    .where(and(eq(rolesClinica.clinicaId, clinicaId), eq(rolesClinica.id, rolId)));
  return row ?? null;
}

const isAdminRole = (role: { nombre: string; esPredeterminado: boolean } | null) =>
  !!role && role.esPredeterminado && role.nombre === ADMIN_ROLE_NAME;

/** Active members holding the Administrador role, other than `exceptId`. */
async function otherActiveAdmins(tx: Executor, clinicaId: string, exceptId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(usuarios)
    .innerJoin(usuariosRol, eq(usuariosRol.usuarioId, usuarios.id))
    .innerJoin(rolesClinica, eq(rolesClinica.id, usuariosRol.rolId))
    .where(
      and(
        eq(usuarios.clinicaId, clinicaId),
        eq(usuarios.activo, true),
        ne(usuarios.id, exceptId),
        eq(rolesClinica.esPredeterminado, true),
        eq(rolesClinica.nombre, ADMIN_ROLE_NAME),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Edits a member (nombres, rol, activo) in one transaction, with the rules of the team: nobody
 * changes their own rol or activo; the owner keeps the Administrador role and stays active; the last
 * active admin stays; only a role the caller could grant (no escalation), on a member whose
 * permissions the caller holds. Deactivating ends the member's sessions. Returns whether sessions ended.
 */
export async function updateMember(
  db: Database,
  caller: Member,
  id: string,
  data: UpdateMemberData,
): Promise<{ miembro: TeamMember; ended: boolean }> {
  return db.transaction(async (tx) => {
    const target = await findMember(tx, caller.clinicaId, id, true);
    if (!target) throw userNotFound();
    const roleChange = data.rolId !== undefined && data.rolId !== target.rolId;
    const activoChange = data.activo !== undefined && data.activo !== target.activo;
    let newRole: Awaited<ReturnType<typeof clinicRole>> | null = null;
    if (roleChange || activoChange) {
      if (target.id === caller.userId) throw forbidden(TEAM_MESSAGES.selfChange);
      if (target.propietario) throw forbidden(TEAM_MESSAGES.ownerProtected);
      assertHolds(caller, await rolePermissions(tx, target.rolId));
      const currentRole = target.rolId ? await clinicRole(tx, caller.clinicaId, target.rolId) : null;
      if (roleChange) {
        newRole = await clinicRole(tx, caller.clinicaId, data.rolId!);
        if (!newRole) throw roleRequired();
        assertHolds(caller, await rolePermissions(tx, newRole.id));
      }
      const losesAdmin =
        isAdminRole(currentRole) && target.activo && ((roleChange && !isAdminRole(newRole)) || data.activo === false);
      if (losesAdmin && (await otherActiveAdmins(tx, caller.clinicaId, target.id)) === 0)
        throw conflict(TEAM_MESSAGES.lastAdmin);
    }
    const [updated] = await tx
      .update(usuarios)
      .set({
        ...(data.nombres !== undefined ? { nombres: data.nombres } : {}),
        ...(activoChange ? { activo: data.activo } : {}),
        ...(newRole ? { rol: rolKey(newRole) } : {}),
        fechaActualizacion: new Date(),
      })
      .where(eq(usuarios.id, target.id))
      .returning({
        nombres: usuarios.nombres,
        activo: usuarios.activo,
        fechaActualizacion: usuarios.fechaActualizacion,
      });
    if (newRole) {
      await tx.delete(usuariosRol).where(eq(usuariosRol.usuarioId, target.id));
      await tx.insert(usuariosRol).values({ usuarioId: target.id, rolId: newRole.id });
      // Their open streams check again what they may receive.
      await publish(tx, { kind: 'acceso', userId: target.id });
    }
    const ended = activoChange && data.activo === false;
    if (ended) await endMemberSessions(tx, target.id);
    const result = { ...target, ...updated, rolId: newRole?.id ?? target.rolId };
    return { miembro: toTeamMember(result, await roleName(tx, result.rolId), caller.userId), ended };
  });
}

/** Removes a member from the clinic (their account stays, without a clinic) and ends their sessions. */
export async function removeMember(db: Database, caller: Member, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await findMember(tx, caller.clinicaId, id, true);
    if (!target) throw userNotFound();
    if (target.id === caller.userId) throw forbidden(TEAM_MESSAGES.selfDelete);
    if (target.propietario) throw forbidden(TEAM_MESSAGES.ownerProtected);
    assertHolds(caller, await rolePermissions(tx, target.rolId));
    const role = target.rolId ? await clinicRole(tx, caller.clinicaId, target.rolId) : null;
    if (isAdminRole(role) && target.activo && (await otherActiveAdmins(tx, caller.clinicaId, target.id)) === 0) {
      throw conflict(TEAM_MESSAGES.lastAdmin);
    }
    await tx.delete(usuarios).where(eq(usuarios.id, target.id));
    await endMemberSessions(tx, target.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Invitations
// ---------------------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Stores an invitation (the token's hash only) and returns the token for the email. Refused: a role
 * outside the clinic, a role with permissions the caller lacks, an email that already has an
 * account (each user belongs to one clinic), a second invitation for the same clinic and email.
 */
export async function createInvitation(db: Database, caller: Member, data: InvitationData) {
  const role = await clinicRole(db, caller.clinicaId, data.rolId);
  if (!role) throw roleRequired();
  assertHolds(caller, await rolePermissions(db, role.id));
  if (await accountExists(db, data.email)) throw conflict(TEAM_MESSAGES.emailHasAccount);
  const [existing] = await db
    .select({ id: invitacionesUsuarios.id })
    .from(invitacionesUsuarios)
    .where(and(eq(invitacionesUsuarios.clinicaId, caller.clinicaId), eq(invitacionesUsuarios.email, data.email)));
  if (existing) throw conflict(TEAM_MESSAGES.invitationExists);
  const { token, tokenHash } = newInvitationToken();
  const now = new Date();
  try {
    const [row] = await db
      .insert(invitacionesUsuarios)
      .values({
        clinicaId: caller.clinicaId,
        email: data.email,
        nombres: data.nombres,
        rolId: role.id,
        invitadoPor: caller.userId,
        tokenHash,
        fechaInvitacion: now,
        fechaExpiracion: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      })
      .returning();
    const [clinica] = await db
      .select({ nombre: clinicas.nombre })
      .from(clinicas)
      .where(eq(clinicas.id, caller.clinicaId));
    const invitacion: CreatedInvitation = {
      id: row.id,
      nombres: row.nombres,
      email: row.email,
      rol: { id: role.id, nombre: role.nombre },
      estado: 'pendiente',
      fechaInvitacion: row.fechaInvitacion.toISOString(),
      fechaExpiracion: row.fechaExpiracion.toISOString(),
    };
    return { invitacion, token, clinica: clinica.nombre };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TEAM_MESSAGES.invitationDuplicate);
    throw error;
  }
}

export async function deleteInvitation(db: Executor, clinicaId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(invitacionesUsuarios)
    .where(and(eq(invitacionesUsuarios.clinicaId, clinicaId), eq(invitacionesUsuarios.id, id)))
    .returning({ id: invitacionesUsuarios.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------

export async function listRoles(db: Database, clinicaId: string, query: Query): Promise<RolePage> {
  const where = and(
    eq(rolesClinica.clinicaId, clinicaId),
    query.buscar ? foldedContains(rolesClinica.nombre, query.buscar) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: rolesClinica.id,
        nombre: rolesClinica.nombre,
        descripcion: rolesClinica.descripcion,
        predeterminado: rolesClinica.esPredeterminado,
        usuarios: sql<number>`(select count(*) from ${usuariosRol} where ${usuariosRol.rolId} = ${rolesClinica.id})::int`,
        permisos: sql<number>`(select count(*) from ${permisosRol} where ${permisosRol.rolId} = ${rolesClinica.id})::int`,
      })
      .from(rolesClinica)
      .where(where)
      .orderBy(asc(rolesClinica.nombre), asc(rolesClinica.id))
      .limit(TEAM_PAGE_SIZE)
      .offset(page(query.pagina).offset),
    db.select({ total: count() }).from(rolesClinica).where(where),
  ]);
  return {
    roles: rows.map((r) => ({
      ...r,
      esAdministrador: isAdminRole({ nombre: r.nombre, esPredeterminado: r.predeterminado }),
    })),
    total: Number(total),
    pagina: query.pagina,
    porPagina: TEAM_PAGE_SIZE,
  };
}

export async function roleOptions(db: Database, clinicaId: string): Promise<RoleOptions> {
  const roles = await db
    .select({ id: rolesClinica.id, nombre: rolesClinica.nombre, predeterminado: rolesClinica.esPredeterminado })
    .from(rolesClinica)
    .where(eq(rolesClinica.clinicaId, clinicaId))
    .orderBy(asc(rolesClinica.nombre));
  const fallback = roles.find((r) => r.predeterminado && r.nombre === DEFAULT_INVITATION_ROLE_NAME);
  return { roles, predeterminadoInvitacion: fallback?.id ?? null };
}

export async function getRole(db: Executor, clinicaId: string, id: string): Promise<RoleDetail | null> {
  const [role] = await db
    .select({
      id: rolesClinica.id,
      nombre: rolesClinica.nombre,
      descripcion: rolesClinica.descripcion,
      predeterminado: rolesClinica.esPredeterminado,
    })
    .from(rolesClinica)
    .where(and(eq(rolesClinica.clinicaId, clinicaId), eq(rolesClinica.id, id)));
  if (!role) return null;
  const grants = await db.select({ id: permisosRol.permisoId }).from(permisosRol).where(eq(permisosRol.rolId, id));
  return {
    ...role,
    esAdministrador: isAdminRole({ nombre: role.nombre, esPredeterminado: role.predeterminado }),
    permisos: grants.map((g) => g.id).sort(),
  };
}

/** Permission names of these ids; an unknown id is refused. */
async function permissionNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: permisos.id, nombre: permisos.nombre })
    .from(permisos)
    .where(inArray(permisos.id, ids));
  if (rows.length !== ids.length)
    throw badRequest(TEAM_MESSAGES.permissionUnknown, { permisos: TEAM_MESSAGES.permissionUnknown });
  return new Map(rows.map((r) => [r.id, r.nombre]));
}

function roleNameTaken(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError(409, 'conflict', TEAM_MESSAGES.roleExists, { nombre: TEAM_MESSAGES.roleExists });
  throw error;
}

export async function createRole(db: Database, caller: Member, data: RoleData): Promise<RoleDetail> {
  return db
    .transaction(async (tx) => {
      const names = await permissionNames(tx, data.permisos);
      assertHolds(caller, [...names.values()]);
      const [role] = await tx
        .insert(rolesClinica)
        .values({
          clinicaId: caller.clinicaId,
          nombre: data.nombre,
          descripcion: data.descripcion,
          esPredeterminado: false,
        })
        .returning({ id: rolesClinica.id });
      if (data.permisos.length)
        await tx.insert(permisosRol).values(data.permisos.map((permisoId) => ({ rolId: role.id, permisoId })));
      return (await getRole(tx, caller.clinicaId, role.id))!;
    })
    .catch(roleNameTaken);
}

/**
 * Replaces a role's nombre, descripcion and permissions. Administrador is never edited; a
 * predeterminado role keeps its name; every permission added or removed must be the caller's own (a
 * manager without pacientes.eliminar neither grants it nor takes it from those who hold it). Members
 * holding the role have the new permissions on their next request.
 */
export async function updateRole(db: Database, caller: Member, id: string, data: RoleData): Promise<RoleDetail> {
  return db
    .transaction(async (tx) => {
      const [role] = await tx
        .select()
        .from(rolesClinica)
        .where(and(eq(rolesClinica.clinicaId, caller.clinicaId), eq(rolesClinica.id, id)))
        .for('update');
      if (!role) throw roleNotFound();
      if (isAdminRole(role)) throw forbidden(TEAM_MESSAGES.adminRoleLocked);
      if (role.esPredeterminado && data.nombre !== role.nombre) {
        throw badRequest(TEAM_MESSAGES.rolePredeterminadoName, { nombre: TEAM_MESSAGES.rolePredeterminadoName });
      }
      const names = await permissionNames(tx, data.permisos);
      const current = new Map(
        (
          await tx
            .select({ id: permisosRol.permisoId, nombre: permisos.nombre })
            .from(permisosRol)
            .innerJoin(permisos, eq(permisos.id, permisosRol.permisoId))
            .where(eq(permisosRol.rolId, id))
        ).map((r) => [r.id, r.nombre]),
      );
      const wanted = new Set(data.permisos);
      assertHolds(caller, [
        ...data.permisos.filter((p) => !current.has(p)).map((p) => names.get(p)!),
        ...[...current].filter(([p]) => !wanted.has(p)).map(([, nombre]) => nombre),
      ]);
      await tx
        .update(rolesClinica)
        .set({ nombre: data.nombre, descripcion: data.descripcion })
        .where(eq(rolesClinica.id, id));
      await tx.delete(permisosRol).where(eq(permisosRol.rolId, id));
      if (data.permisos.length)
        await tx.insert(permisosRol).values(data.permisos.map((permisoId) => ({ rolId: id, permisoId })));
      const holders = await tx.select({ id: usuariosRol.usuarioId }).from(usuariosRol).where(eq(usuariosRol.rolId, id));
      await publish(
        tx,
        holders.map((h) => ({ kind: 'acceso' as const, userId: h.id })),
      );
      return (await getRole(tx, caller.clinicaId, id))!;
    })
    .catch(roleNameTaken);
}

/** Deletes a custom role nobody holds or is invited with; its grants go with it. */
export async function deleteRole(db: Database, clinicaId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [role] = await tx
      .select()
      .from(rolesClinica)
      .where(and(eq(rolesClinica.clinicaId, clinicaId), eq(rolesClinica.id, id)))
      .for('update');
    if (!role) throw roleNotFound();
    if (role.esPredeterminado) throw conflict(TEAM_MESSAGES.rolePredeterminado);
    const [held] = await tx.select({ n: count() }).from(usuariosRol).where(eq(usuariosRol.rolId, id));
    const [invited] = await tx
      .select({ n: count() })
      .from(invitacionesUsuarios)
      .where(eq(invitacionesUsuarios.rolId, id));
    if (Number(held.n) > 0 || Number(invited.n) > 0) throw conflict(TEAM_MESSAGES.roleInUse);
    await tx.delete(rolesClinica).where(eq(rolesClinica.id, id));
  });
}

// ---------------------------------------------------------------------------------------------
// Permissions (the catalogue is the same for every clinic)
// ---------------------------------------------------------------------------------------------

const permisoColumns = {
  id: permisos.id,
  nombre: permisos.nombre,
  descripcion: permisos.descripcion,
  modulo: permisos.modulo,
};

export async function listPermissions(db: Database, query: Query): Promise<PermissionPage> {
  const term = query.buscar;
  const where = term
    ? or(
        foldedContains(permisos.nombre, term),
        foldedContains(permisos.descripcion, term),
        foldedContains(permisos.modulo, term),
      )
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(permisoColumns)
      .from(permisos)
      .where(where)
      .orderBy(asc(permisos.modulo), asc(permisos.nombre))
      .limit(TEAM_PAGE_SIZE)
      .offset(page(query.pagina).offset),
    db.select({ total: count() }).from(permisos).where(where),
  ]);
  return { permisos: rows, total: Number(total), pagina: query.pagina, porPagina: TEAM_PAGE_SIZE };
}

export async function permissionCatalogue(db: Database): Promise<PermissionCatalog> {
  const rows: PermissionInfo[] = await db
    .select(permisoColumns)
    .from(permisos)
    .orderBy(asc(permisos.modulo), asc(permisos.nombre));
  const modulos: PermissionCatalog['modulos'] = [];
  for (const row of rows) {
    const last = modulos.at(-1);
    if (last?.modulo === row.modulo) last.permisos.push(row);
    else modulos.push({ modulo: row.modulo, permisos: [row] });
  }
  return { modulos };
}
