import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_ROLES, TEAM_MESSAGES, type PublicInvitation, type MemberRole } from '@odontia/shared';
import { eq, sql, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  clinicas,
  invitacionesUsuarios,
  rolesClinica,
  session,
  user,
  usuarios,
  usuariosRol,
} from '../db/schema/index.ts';
import { AppError } from './errors.ts';
import { notify } from './notifications.ts';
import { publish } from './realtime/index.ts';

/** The member's name as it is now, kept with what they record: SQL read beside a statement's other columns. */
export const memberNameOf = (userId: string | Placeholder) =>
  sql<string>`coalesce((select ${usuarios.nombres} from ${usuarios} where ${usuarios.id} = ${userId}), '')`;

/**
 * Joining and leaving a clinic, shared by the team feature (invite, edit, remove) and sign-up
 * (accepting an invitation): the invitation token, the `usuarios.rol` key of a role, and ending a
 * member's sessions.
 */

/** `usuarios.rol` of a member with this role: the key of a predeterminado role, else 'personalizado'. */
export function rolKey(role: { nombre: string; esPredeterminado: boolean }): MemberRole {
  return (role.esPredeterminado && DEFAULT_ROLES.find((r) => r.nombre === role.nombre)?.rol) || 'personalizado';
}

/** A new invitation token (sent in the link) and what is stored of it. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens are 43 base64url characters; anything else is refused before a lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

const invalid = () => new AppError(404, 'not_found', TEAM_MESSAGES.invitationInvalid);
const expired = () => new AppError(410, 'not_found', TEAM_MESSAGES.invitationExpired);

type OpenInvitation = {
  id: string;
  clinicaId: string;
  email: string;
  nombres: string;
  rolId: string;
  rolNombre: string;
  rolPredeterminado: boolean;
  invitadoPor: string | null;
  clinica: string;
};

/** The pendiente, unexpired invitation of a token, or the Spanish reason it cannot be used. */
async function openInvitation(db: Executor, token: string, options: { lock?: boolean } = {}): Promise<OpenInvitation> {
  if (!TOKEN_PATTERN.test(token)) throw invalid();
  const query = db
    .select({
      id: invitacionesUsuarios.id,
      clinicaId: invitacionesUsuarios.clinicaId,
      email: invitacionesUsuarios.email,
      nombres: invitacionesUsuarios.nombres,
      estado: invitacionesUsuarios.estado,
      fechaExpiracion: invitacionesUsuarios.fechaExpiracion,
      invitadoPor: invitacionesUsuarios.invitadoPor,
      rolId: rolesClinica.id,
      rolNombre: rolesClinica.nombre,
      rolPredeterminado: rolesClinica.esPredeterminado,
      clinica: clinicas.nombre,
    })
    .from(invitacionesUsuarios)
    .innerJoin(rolesClinica, eq(rolesClinica.id, invitacionesUsuarios.rolId))
    .innerJoin(clinicas, eq(clinicas.id, invitacionesUsuarios.clinicaId))
    .where(eq(invitacionesUsuarios.tokenHash, hashInvitationToken(token)));
  const [row] = options.lock ? await query.for('update', { of: invitacionesUsuarios }) : await query;
  if (!row || row.estado !== 'pendiente') throw invalid();
  if (row.fechaExpiracion.getTime() <= Date.now()) throw expired();
  return row;
}

/** What the register page shows for `?invitacion=<token>` (public). */
export async function describeInvitation(db: Executor, token: string): Promise<PublicInvitation> {
  const row = await openInvitation(db, token);
  return { email: row.email, nombres: row.nombres, clinica: row.clinica, rol: row.rolNombre };
}

/** Before an account is created for `email` with `token`: the invitation is open and is for that email. */
export async function checkInvitationFor(db: Executor, token: string, email: string): Promise<void> {
  const row = await openInvitation(db, token);
  if (row.email !== email.toLowerCase())
    throw new AppError(400, 'validation_error', TEAM_MESSAGES.invitationOtherEmail);
}

/**
 * The new account `userId` joins the invitation's clinic with its role, in one transaction: the
 * membership, the role, the invitation marked registrado (single use: locked, then checked), the
 * onboarding set so that the profile step is next and the clinic step is skipped, and a notification
 * for whoever invited them. Throws (nothing changed) when the token is no longer usable.
 */
export async function acceptInvitation(
  db: Executor,
  token: string,
  account: { userId: string; email: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token, { lock: true });
    if (invitation.email !== account.email.toLowerCase())
      throw new AppError(400, 'validation_error', TEAM_MESSAGES.invitationOtherEmail);
    const now = new Date();
    await tx.insert(usuarios).values({
      id: account.userId,
      clinicaId: invitation.clinicaId,
      nombres: invitation.nombres,
      email: invitation.email,
      rol: rolKey({ nombre: invitation.rolNombre, esPredeterminado: invitation.rolPredeterminado }),
    });
    await tx.insert(usuariosRol).values({ usuarioId: account.userId, rolId: invitation.rolId });
    await tx
      .update(invitacionesUsuarios)
      .set({ estado: 'registrado', fechaRegistro: now, usuarioId: account.userId })
      .where(eq(invitacionesUsuarios.id, invitation.id));
    // The profile step (pendiente) comes next; saving it ends onboarding, as a member needs no clinic step.
    await tx.update(user).set({ onboardingStep: 'pendiente', updatedAt: now }).where(eq(user.id, account.userId));
    if (invitation.invitadoPor) {
      await notify(tx, {
        clinicaId: invitation.clinicaId,
        userIds: [invitation.invitadoPor],
        titulo: TEAM_MESSAGES.invitationAcceptedTitle,
        mensaje: TEAM_MESSAGES.invitationAccepted(invitation.nombres),
        prioridad: 'media',
        tipo: 'equipo',
        enlace: `/usuarios/${account.userId}`,
      });
    }
  });
}

/** Whether an account exists for this email (each user belongs to one clinic). */
export async function accountExists(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/**
 * Ends every session of a member at once (deactivated or removed), inside the caller's
 * transaction: their sessions are deleted and an event tells their open streams to check again.
 * After the commit the caller calls `forgetCachedSessions(auth)` so this instance drops its cached ones.
 */
export async function endMemberSessions(tx: Executor, userId: string): Promise<void> {
  await tx.delete(session).where(eq(session.userId, userId));
  await publish(tx, { kind: 'acceso', userId });
}
