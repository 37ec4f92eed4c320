import { invitationSchema, roleSchema, TEAM_MESSAGES, teamListQuerySchema, updateMemberSchema } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { renderEmail } from '../../platform/mail.ts';
import { describeInvitation } from '../../platform/membership.ts';
import { forgetCachedSessions, requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import {
  createInvitation,
  createRole,
  deleteInvitation,
  deleteRole,
  getMember,
  getRole,
  invitationNotFound,
  listPermissions,
  listRoles,
  listTeam,
  permissionCatalogue,
  removeMember,
  roleNotFound,
  roleOptions,
  updateMember,
  updateRole,
  userNotFound,
} from './team.service.ts';

/**
 * The team (spec 001 §2 Users, Roles, Permissions). The clinic is the caller's membership; another
 * clinic's member, invitation or role answers exactly like one that does not exist.
 */
export const usersRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('usuarios.ver'), validate('query', teamListQuerySchema), async (c) => {
    return c.json(await listTeam(c.var.deps.db, c.var.member.clinicaId, c.req.valid('query')), 200);
  })
  .get('/:id', requirePermission('usuarios.ver'), idParam(userNotFound), async (c) => {
    const miembro = await getMember(c.var.deps.db, c.var.member, c.req.valid('param').id);
    if (!miembro) throw userNotFound();
    return c.json(miembro, 200);
  })
  .patch(
    '/:id',
    requirePermission('usuarios.editar'),
    idParam(userNotFound),
    validate('json', updateMemberSchema),
    async (c) => {
      const { db, auth } = c.var.deps;
      const { miembro, ended } = await updateMember(db, c.var.member, c.req.valid('param').id, c.req.valid('json'));
      // Their next request on this instance is refused now, not after the session cache's second.
      if (ended) forgetCachedSessions(auth);
      return c.json(miembro, 200);
    },
  )
  .delete('/:id', requirePermission('usuarios.eliminar'), idParam(userNotFound), async (c) => {
    const { db, auth } = c.var.deps;
    await removeMember(db, c.var.member, c.req.valid('param').id);
    forgetCachedSessions(auth);
    return c.body(null, 204);
  });

export const invitationsRoutes = new Hono<AppEnv>()
  /** Public: the register page of an invitation link shows the invited email and the clinic. */
  .get('/token/:token', async (c) => {
    return c.json(await describeInvitation(c.var.deps.db, c.req.param('token')), 200);
  })
  .post(
    '/',
    requirePermission('usuarios.crear', TEAM_MESSAGES.invitationForbidden),
    validate('json', invitationSchema),
    async (c) => {
      const { db, mailer, config, logger } = c.var.deps;
      const { invitacion, token, clinica } = await createInvitation(db, c.var.member, c.req.valid('json'));
      const url = `${config.appUrl}/auth?register=true&invitacion=${encodeURIComponent(token)}`;
      const { text, html } = renderEmail({
        title: `Te han invitado a ${clinica}`,
        paragraphs: [
          `Hola ${invitacion.nombres}: ${clinica} te invita a unirte a su equipo en Odontia con el rol ${invitacion.rol.nombre}.`,
          `Crea tu cuenta con este email (${invitacion.email}). El enlace es válido durante 7 días y solo puede usarse una vez.`,
        ],
        action: { label: 'Crear mi cuenta', url },
      });
      try {
        await mailer.send({ to: invitacion.email, subject: TEAM_MESSAGES.invitationSubject(clinica), text, html });
      } catch (error) {
        // An invitation nobody can receive is not kept: the form says so and may be sent again.
        logger.error({ err: error }, 'no se pudo enviar el correo de invitación');
        await deleteInvitation(db, c.var.member.clinicaId, invitacion.id);
        throw new AppError(503, 'service_unavailable', TEAM_MESSAGES.invitationError);
      }
      return c.json(invitacion, 201);
    },
  )
  .delete('/:id', requirePermission('usuarios.eliminar'), idParam(invitationNotFound), async (c) => {
    if (!(await deleteInvitation(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id)))
      throw invitationNotFound();
    return c.body(null, 204);
  });

export const rolesRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('roles.ver'), validate('query', teamListQuerySchema), async (c) => {
    return c.json(await listRoles(c.var.deps.db, c.var.member.clinicaId, c.req.valid('query')), 200);
  })
  /** Every role for the rol selects of the invitation and user forms. */
  .get('/opciones', requirePermission('usuarios.ver'), async (c) => {
    return c.json(await roleOptions(c.var.deps.db, c.var.member.clinicaId), 200);
  })
  .get('/:id', requirePermission('roles.ver'), idParam(roleNotFound), async (c) => {
    const role = await getRole(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id);
    if (!role) throw roleNotFound();
    return c.json(role, 200);
  })
  .post('/', requirePermission('roles.gestionar'), validate('json', roleSchema), async (c) => {
    return c.json(await createRole(c.var.deps.db, c.var.member, c.req.valid('json')), 201);
  })
  .put('/:id', requirePermission('roles.gestionar'), idParam(roleNotFound), validate('json', roleSchema), async (c) => {
    return c.json(await updateRole(c.var.deps.db, c.var.member, c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .delete('/:id', requirePermission('roles.gestionar'), idParam(roleNotFound), async (c) => {
    await deleteRole(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id);
    return c.body(null, 204);
  });

export const permissionsRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('permisos.ver'), validate('query', teamListQuerySchema), async (c) => {
    return c.json(await listPermissions(c.var.deps.db, c.req.valid('query')), 200);
  })
  /** Every permission grouped by modulo: the checkboxes of the role form. */
  .get('/catalogo', requirePermission('roles.ver'), async (c) => {
    return c.json(await permissionCatalogue(c.var.deps.db), 200);
  });
