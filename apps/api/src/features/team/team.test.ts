import { createHash } from 'node:crypto';
import { TEAM_MESSAGES, TEAM_PAGE_SIZE, type TeamPage, type PermissionCatalog } from '@odontia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invitacionesUsuarios,
  notificaciones,
  permisosRol,
  rolesClinica,
  session,
  user,
  usuarios,
  usuariosRol,
} from '../../db/schema/index.ts';
import {
  addTeamMember,
  createClinicOwner,
  createTestApp,
  errorOf,
  signUp,
  uniqueEmail,
  type TestApp,
} from '../../test/app.ts';
import { readOutbox } from '../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof createClinicOwner>>;

const roleId = async (clinicaId: string, nombre: string) =>
  (
    await t.db
      .select({ id: rolesClinica.id })
      .from(rolesClinica)
      .where(and(eq(rolesClinica.clinicaId, clinicaId), eq(rolesClinica.nombre, nombre)))
  )[0].id;

const invite = (cookie: string, json: { nombres: string; email: string; rolId: string }) =>
  t.request('/api/invitaciones', { method: 'POST', cookie, json });

/** The token of the newest invitation mailed to `email`, read from the outbox as the person would. */
async function invitationToken(email: string): Promise<string> {
  const message = (await readOutbox(t.deps.mailer.outboxDir!)).find((m) => m.to.includes(email));
  if (!message) throw new Error(`no invitation for ${email}`);
  const match = /\/auth\?register=true&invitacion=([A-Za-z0-9_-]+)/.exec(message.text);
  return match![1];
}

const register = (email: string, invitacion?: string) =>
  t.request('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password: 'secreto123', acceptTerms: true, ...(invitacion ? { invitacion } : {}) },
  });

const team = async (cookie: string, query = '') => {
  const res = await t.request(`/api/usuarios${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as TeamPage;
};

async function invited(owner: Owner, rol = 'Asistente', email = uniqueEmail('invitada')) {
  const res = await invite(owner.cookie, { nombres: 'Lucía Pérez', email, rolId: await roleId(owner.clinica.id, rol) });
  expect(res.status).toBe(201);
  return { email, token: await invitationToken(email), body: (await res.json()) as { id: string } };
}

describe('invitations that join the clinic', () => {
  it('mails a link; registering with that email joins with the role, skips the clinic step, notifies the inviter', async () => {
    const owner = await createClinicOwner(t, { nombre: 'Clínica Sonrisa' });
    const email = uniqueEmail('nueva');
    const res = await invite(owner.cookie, {
      nombres: '  Lucía Pérez ',
      email: `  ${email.toUpperCase()} `,
      rolId: await roleId(owner.clinica.id, 'Dentista'),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      nombres: 'Lucía Pérez',
      email,
      estado: 'pendiente',
      rol: { nombre: 'Dentista' },
    });
    const token = await invitationToken(email);

    // Stored hashed only.
    const [row] = await t.db.select().from(invitacionesUsuarios).where(eq(invitacionesUsuarios.email, email));
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await team(owner.cookie)).filas.find((f) => f.email === email)).toMatchObject({
      tipo: 'invitacion',
      estado: 'pendiente',
    });

    const publicView = await t.request(`/api/invitaciones/token/${token}`);
    expect(await publicView.json()).toEqual({
      email,
      nombres: 'Lucía Pérez',
      clinica: 'Clínica Sonrisa',
      rol: 'Dentista',
    });

    const signUpRes = await register(email, token);
    expect(signUpRes.status).toBe(200);
    const cookie = signUpRes.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { user: newUser } = (await signUpRes.json()) as { user: { id: string } };
    const [member] = await t.db.select().from(usuarios).where(eq(usuarios.id, newUser.id));
    expect(member).toMatchObject({
      clinicaId: owner.clinica.id,
      rol: 'dentista',
      nombres: 'Lucía Pérez',
      activo: true,
    });
    const [after] = await t.db.select().from(invitacionesUsuarios).where(eq(invitacionesUsuarios.id, row.id));
    expect(after.estado).toBe('registrado');

    // Profile step next, then straight to the dashboard (no clinic step).
    const me = await t.request('/api/me', { cookie });
    expect(((await me.json()) as { user: { onboardingStep: string } }).user.onboardingStep).toBe('pendiente');
    const profile = await t.request('/api/perfil', {
      method: 'PUT',
      cookie,
      json: { nombres: 'Lucía', apellidos: 'Pérez', telefono: '600111222' },
    });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { onboardingStep: string }).onboardingStep).toBe('completado');
    expect((await t.request('/api/pacientes', { cookie })).status).toBe(200);

    // The member list shows the member Registrado (the accepted invitation is that row).
    const rows = (await team(owner.cookie)).filas.filter((f) => f.email === email);
    expect(rows).toEqual([
      expect.objectContaining({
        tipo: 'miembro',
        estado: 'registrado',
        rol: expect.objectContaining({ nombre: 'Dentista' }),
      }),
    ]);
    const notes = await t.db.select().from(notificaciones).where(eq(notificaciones.userId, owner.userId));
    expect(notes.map((n) => n.mensaje)).toContain(TEAM_MESSAGES.invitationAccepted('Lucía Pérez'));
  });

  it('is single use, bound to its email, refuses tampered and expired tokens', async () => {
    const owner = await createClinicOwner(t);
    const { email, token } = await invited(owner);

    const other = uniqueEmail('otra');
    const wrongEmail = await register(other, token);
    expect(wrongEmail.status).toBe(400);
    expect((await errorOf(wrongEmail)).message).toBe(TEAM_MESSAGES.invitationOtherEmail);
    expect(await t.db.select().from(user).where(eq(user.email, other))).toEqual([]);

    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const tamperedRes = await register(email, tampered);
    expect(tamperedRes.status).toBe(404);
    expect((await errorOf(tamperedRes)).message).toBe(TEAM_MESSAGES.invitationInvalid);
    expect((await t.request(`/api/invitaciones/token/${tampered}`)).status).toBe(404);

    expect((await register(email, token)).status).toBe(200);
    const reuse = await t.request(`/api/invitaciones/token/${token}`);
    expect(reuse.status).toBe(404);
    const again = await register(uniqueEmail('tercera'), token);
    expect((await errorOf(again)).message).toBe(TEAM_MESSAGES.invitationInvalid);

    const late = await invited(owner, 'Recepción');
    await t.db
      .update(invitacionesUsuarios)
      .set({ fechaExpiracion: new Date(Date.now() - 1000) })
      .where(eq(invitacionesUsuarios.email, late.email));
    const expired = await register(late.email, late.token);
    expect(expired.status).toBe(410);
    expect((await errorOf(expired)).message).toBe(TEAM_MESSAGES.invitationExpired);
    expect(await t.db.select().from(user).where(eq(user.email, late.email))).toEqual([]);
    expect((await team(owner.cookie)).filas.find((f) => f.email === late.email)).toMatchObject({ estado: 'expirado' });
  });

  it('answers the spec messages: duplicate, existing account, no permission, unknown role', async () => {
    const owner = await createClinicOwner(t);
    const { email } = await invited(owner);
    const rolId = await roleId(owner.clinica.id, 'Asistente');
    const dup = await invite(owner.cookie, { nombres: 'Otra', email, rolId });
    expect(dup.status).toBe(409);
    expect((await errorOf(dup)).message).toBe(TEAM_MESSAGES.invitationExists);

    const account = await signUp(t);
    const taken = await invite(owner.cookie, { nombres: 'Con cuenta', email: account.email, rolId });
    expect((await errorOf(taken)).message).toBe(TEAM_MESSAGES.emailHasAccount);

    const reception = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const refused = await invite(reception.cookie, { nombres: 'X', email: uniqueEmail(), rolId });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(TEAM_MESSAGES.invitationForbidden);

    const empty = await invite(owner.cookie, { nombres: '', email: 'no-es-email', rolId: '' });
    expect((await errorOf(empty)).fields).toEqual({
      nombres: TEAM_MESSAGES.nombresRequired,
      email: TEAM_MESSAGES.emailInvalid,
      rolId: TEAM_MESSAGES.rolRequired,
    });
    const foreign = await createClinicOwner(t);
    const foreignRole = await invite(owner.cookie, {
      nombres: 'X',
      email: uniqueEmail(),
      rolId: await roleId(foreign.clinica.id, 'Asistente'),
    });
    expect((await errorOf(foreignRole)).message).toBe(TEAM_MESSAGES.rolRequired);
  });
});

describe('members', () => {
  it('lists members and invitations, searches without case or accents, pages by 10', async () => {
    const owner = await createClinicOwner(t);
    await t.db.update(usuarios).set({ nombres: 'José Núñez' }).where(eq(usuarios.id, owner.userId));
    for (let i = 0; i < 11; i++) await invited(owner, 'Asistente', uniqueEmail(`lote${i}`));
    const first = await team(owner.cookie);
    expect(first.total).toBe(12);
    expect(first.filas).toHaveLength(TEAM_PAGE_SIZE);
    expect(first.filas[0]).toMatchObject({
      tipo: 'miembro',
      nombres: 'José Núñez',
      esPropietario: true,
      estado: 'registrado',
    });
    expect((await team(owner.cookie, '?pagina=2')).filas).toHaveLength(2);
    const found = await team(owner.cookie, '?buscar=JOSE%20nunez');
    expect(found.filas.map((f) => f.nombres)).toEqual(['José Núñez']);
  });

  it('edits nombres and rol; refuses own rol/activo, the owner, and escalation', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const dentista = await roleId(owner.clinica.id, 'Dentista');
    const res = await t.request(`/api/usuarios/${member.userId}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { nombres: 'Carmen', rolId: dentista },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      nombres: 'Carmen',
      rol: { id: dentista, nombre: 'Dentista' },
      email: member.email,
    });
    expect((await t.db.select().from(usuarios).where(eq(usuarios.id, member.userId)))[0].rol).toBe('dentista');

    const self = await t.request(`/api/usuarios/${owner.userId}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { activo: false },
    });
    expect((await errorOf(self)).message).toBe(TEAM_MESSAGES.selfChange);

    // A second admin cannot touch the owner.
    const admin2 = await addTeamMember(t, owner.clinica.id, 'Administrador', 'admin');
    for (const json of [{ activo: false }, { rolId: dentista }]) {
      const r = await t.request(`/api/usuarios/${owner.userId}`, { method: 'PATCH', cookie: admin2.cookie, json });
      expect((await errorOf(r)).message).toBe(TEAM_MESSAGES.ownerProtected);
    }
    const del = await t.request(`/api/usuarios/${owner.userId}`, { method: 'DELETE', cookie: admin2.cookie });
    expect((await errorOf(del)).message).toBe(TEAM_MESSAGES.ownerProtected);

    // A manager with a custom role may not hand out Administrador, nor edit an admin.
    const managerRole = await createCustomRole(owner, 'Gestor', [
      'usuarios.ver',
      'usuarios.editar',
      'usuarios.crear',
      'pacientes.ver',
    ]);
    const manager = await joinWithRole(owner, managerRole);
    const admin = await roleId(owner.clinica.id, 'Administrador');
    const up = await t.request(`/api/usuarios/${member.userId}`, {
      method: 'PATCH',
      cookie: manager.cookie,
      json: { rolId: admin },
    });
    expect(up.status).toBe(403);
    expect((await errorOf(up)).message).toBe(TEAM_MESSAGES.escalation);
    const down = await t.request(`/api/usuarios/${admin2.userId}`, {
      method: 'PATCH',
      cookie: manager.cookie,
      json: { activo: false },
    });
    expect((await errorOf(down)).message).toBe(TEAM_MESSAGES.escalation);
    const viaInvite = await invite(manager.cookie, { nombres: 'X', email: uniqueEmail(), rolId: admin });
    expect((await errorOf(viaInvite)).message).toBe(TEAM_MESSAGES.escalation);
    const ownRole = await t.request(`/api/usuarios/${manager.userId}`, {
      method: 'PATCH',
      cookie: manager.cookie,
      json: { rolId: admin },
    });
    expect(ownRole.status).toBe(403);
    expect((await t.db.select().from(usuariosRol).where(eq(usuariosRol.usuarioId, manager.userId)))[0].rolId).toBe(
      managerRole,
    );
  });

  it('keeps the last active admin', async () => {
    const owner = await createClinicOwner(t);
    const admin = await roleId(owner.clinica.id, 'Administrador');
    const admin2 = await addTeamMember(t, owner.clinica.id, 'Administrador', 'admin');
    // A clinic whose owner is no longer an admin (changed outside the app): admin2 is the last one.
    await t.db
      .update(usuariosRol)
      .set({ rolId: await roleId(owner.clinica.id, 'Dentista') })
      .where(eq(usuariosRol.usuarioId, owner.userId));
    const everythingRole = await createCustomRole(owner, 'Todo', null, admin2.cookie);
    const boss = await joinWithRole(owner, everythingRole);
    for (const req of [
      { method: 'PATCH', json: { activo: false } },
      { method: 'PATCH', json: { rolId: everythingRole } },
      { method: 'DELETE' },
    ]) {
      const res = await t.request(`/api/usuarios/${admin2.userId}`, { ...req, cookie: boss.cookie });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(TEAM_MESSAGES.lastAdmin);
    }
    expect((await t.db.select().from(usuariosRol).where(eq(usuariosRol.usuarioId, admin2.userId)))[0].rolId).toBe(
      admin,
    );
  });

  it('deactivating a member ends their session and their open stream at once', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Asistente', 'asistente');
    expect((await t.request('/api/pacientes', { cookie: member.cookie })).status).toBe(200);
    const stream = await t.request('/api/notificaciones/stream', { cookie: member.cookie });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    const res = await t.request(`/api/usuarios/${member.userId}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { activo: false },
    });
    expect(res.status).toBe(200);
    expect((await t.request('/api/pacientes', { cookie: member.cookie })).status).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.userId, member.userId))).toEqual([]);
    await expect(Promise.race([ended, new Promise((r) => setTimeout(() => r('open'), 3000))])).resolves.toBe(true);
    expect((await team(owner.cookie)).filas.find((f) => f.id === member.userId)).toMatchObject({ estado: 'inactivo' });
  });

  it('removing a member ends their sessions; the row leaves the list', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Dentista', 'dentista');
    expect((await t.request(`/api/usuarios/${member.userId}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(
      204,
    );
    expect((await t.request('/api/pacientes', { cookie: member.cookie })).status).toBe(401);
    expect((await team(owner.cookie)).filas.some((f) => f.id === member.userId)).toBe(false);
    const again = await t.request(`/api/usuarios/${member.userId}`, { cookie: owner.cookie });
    expect((await errorOf(again)).message).toBe(TEAM_MESSAGES.userNotFound);
  });
});

async function createCustomRole(
  owner: Owner,
  nombre: string,
  names: string[] | null,
  cookie = owner.cookie,
): Promise<string> {
  const catalogue = (await (await t.request('/api/permisos/catalogo', { cookie })).json()) as PermissionCatalog;
  const all = catalogue.modulos.flatMap((m) => m.permisos);
  const permisos = all.filter((p) => names === null || names.includes(p.nombre)).map((p) => p.id);
  const res = await t.request('/api/roles', { method: 'POST', cookie, json: { nombre, descripcion: null, permisos } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function joinWithRole(owner: Owner, rolId: string) {
  const account = await signUp(t);
  await t.db.insert(usuarios).values({
    id: account.userId,
    clinicaId: owner.clinica.id,
    nombres: 'Gestor',
    email: account.email,
    rol: 'personalizado',
  });
  await t.db.insert(usuariosRol).values({ usuarioId: account.userId, rolId });
  await t.db.update(user).set({ onboardingStep: 'completado' }).where(eq(user.id, account.userId));
  return account;
}

describe('roles', () => {
  it('creates, edits and deletes a custom role; its grants go with it', async () => {
    const owner = await createClinicOwner(t);
    const id = await createCustomRole(owner, 'Higienista', ['pacientes.ver', 'citas.ver']);
    const list = (await (await t.request('/api/roles?buscar=higienista', { cookie: owner.cookie })).json()) as {
      roles: { nombre: string; predeterminado: boolean; permisos: number }[];
    };
    expect(list.roles).toEqual([expect.objectContaining({ nombre: 'Higienista', predeterminado: false, permisos: 2 })]);
    const dupe = await t.request('/api/roles', {
      method: 'POST',
      cookie: owner.cookie,
      json: { nombre: 'Higienista', permisos: [] },
    });
    expect((await errorOf(dupe)).message).toBe(TEAM_MESSAGES.roleExists);
    expect((await t.request(`/api/roles/${id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect(await t.db.select().from(permisosRol).where(eq(permisosRol.rolId, id))).toEqual([]);
    expect((await t.request(`/api/roles/${id}`, { cookie: owner.cookie })).status).toBe(404);
  });

  it('a clinic with invitations can still be deleted as a whole (its roles and invitations go together)', async () => {
    const owner = await createClinicOwner(t);
    await invited(owner);
    await t.db.delete(user).where(eq(user.id, owner.userId));
    expect(
      await t.db.select().from(invitacionesUsuarios).where(eq(invitacionesUsuarios.clinicaId, owner.clinica.id)),
    ).toEqual([]);
  });

  it('refuses to delete predeterminado or held roles, and to edit Administrador', async () => {
    const owner = await createClinicOwner(t);
    const dentista = await roleId(owner.clinica.id, 'Dentista');
    const pre = await t.request(`/api/roles/${dentista}`, { method: 'DELETE', cookie: owner.cookie });
    expect((await errorOf(pre)).message).toBe(TEAM_MESSAGES.rolePredeterminado);
    const custom = await createCustomRole(owner, 'Caja', ['pacientes.ver']);
    await joinWithRole(owner, custom);
    const held = await t.request(`/api/roles/${custom}`, { method: 'DELETE', cookie: owner.cookie });
    expect((await errorOf(held)).message).toBe(TEAM_MESSAGES.roleInUse);
    const admin = await roleId(owner.clinica.id, 'Administrador');
    const locked = await t.request(`/api/roles/${admin}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { nombre: 'Administrador', permisos: [] },
    });
    expect((await errorOf(locked)).message).toBe(TEAM_MESSAGES.adminRoleLocked);
    expect((await t.db.select().from(permisosRol).where(eq(permisosRol.rolId, admin))).length).toBeGreaterThan(20);
  });

  it('a permission change applies to the very next request; nobody grants what they lack', async () => {
    const owner = await createClinicOwner(t);
    const reception = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    expect((await t.request('/api/pacientes', { cookie: reception.cookie })).status).toBe(200);
    const rolId = await roleId(owner.clinica.id, 'Recepción');
    const detail = (await (await t.request(`/api/roles/${rolId}`, { cookie: owner.cookie })).json()) as {
      permisos: string[];
    };
    const catalogue = (await (
      await t.request('/api/permisos/catalogo', { cookie: owner.cookie })
    ).json()) as PermissionCatalog;
    const pacientesVer = catalogue.modulos.flatMap((m) => m.permisos).find((p) => p.nombre === 'pacientes.ver')!.id;
    const res = await t.request(`/api/roles/${rolId}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { nombre: 'Recepción', descripcion: 'x', permisos: detail.permisos.filter((p) => p !== pacientesVer) },
    });
    expect(res.status).toBe(200);
    expect((await t.request('/api/pacientes', { cookie: reception.cookie })).status).toBe(403);

    // A role manager without pacientes.eliminar cannot grant it.
    const managerRole = await createCustomRole(owner, 'Gestor de roles', [
      'roles.ver',
      'roles.gestionar',
      'pacientes.ver',
    ]);
    const manager = await joinWithRole(owner, managerRole);
    const eliminar = catalogue.modulos.flatMap((m) => m.permisos).find((p) => p.nombre === 'pacientes.eliminar')!.id;
    const grant = await t.request('/api/roles', {
      method: 'POST',
      cookie: manager.cookie,
      json: { nombre: 'Borrador', permisos: [eliminar] },
    });
    expect((await errorOf(grant)).message).toBe(TEAM_MESSAGES.escalation);
    const self = await t.request(`/api/roles/${managerRole}`, {
      method: 'PUT',
      cookie: manager.cookie,
      json: { nombre: 'Gestor de roles', permisos: [...(await setRolePermissionIds(managerRole)), eliminar] },
    });
    expect((await errorOf(self)).message).toBe(TEAM_MESSAGES.escalation);
  });

  it('nobody removes a permission they lack from a role others hold; what they hold they may remove', async () => {
    const owner = await createClinicOwner(t);
    const catalogue = (await (
      await t.request('/api/permisos/catalogo', { cookie: owner.cookie })
    ).json()) as PermissionCatalog;
    const idOf = (nombre: string) => catalogue.modulos.flatMap((m) => m.permisos).find((p) => p.nombre === nombre)!.id;
    const cleanerRole = await createCustomRole(owner, 'Archivo', ['pacientes.ver', 'pacientes.eliminar']);
    await joinWithRole(owner, cleanerRole);
    const manager = await joinWithRole(
      owner,
      await createCustomRole(owner, 'Gestor de roles', ['roles.ver', 'roles.gestionar', 'pacientes.ver']),
    );
    const before = (await setRolePermissionIds(cleanerRole)).sort();

    const remove = await t.request(`/api/roles/${cleanerRole}`, {
      method: 'PUT',
      cookie: manager.cookie,
      json: { nombre: 'Archivo', permisos: [idOf('pacientes.ver')] },
    });
    expect(remove.status).toBe(403);
    expect((await errorOf(remove)).message).toBe(TEAM_MESSAGES.escalation);
    expect((await setRolePermissionIds(cleanerRole)).sort()).toEqual(before);

    // Renaming, or removing one they hold, leaves pacientes.eliminar as it is and is allowed.
    const own = await t.request(`/api/roles/${cleanerRole}`, {
      method: 'PUT',
      cookie: manager.cookie,
      json: { nombre: 'Archivo muerto', permisos: [idOf('pacientes.eliminar')] },
    });
    expect(own.status).toBe(200);
    expect(await setRolePermissionIds(cleanerRole)).toEqual([idOf('pacientes.eliminar')]);
  });

  it('lists the permissions by module, searchable, 10 per page', async () => {
    const owner = await createClinicOwner(t);
    const res = await t.request('/api/permisos?buscar=ODONTOGRAMA', { cookie: owner.cookie });
    const body = (await res.json()) as { permisos: { modulo: string }[]; total: number };
    expect(body.total).toBe(2);
    expect(body.permisos.every((p) => p.modulo === 'odontograma')).toBe(true);
    const all = (await (await t.request('/api/permisos', { cookie: owner.cookie })).json()) as {
      permisos: unknown[];
      total: number;
    };
    expect(all.permisos).toHaveLength(TEAM_PAGE_SIZE);
    expect(all.total).toBeGreaterThan(TEAM_PAGE_SIZE);
  });
});

const setRolePermissionIds = async (rolId: string) =>
  (await t.db.select().from(permisosRol).where(eq(permisosRol.rolId, rolId))).map((r) => r.permisoId);

describe('another clinic', () => {
  it("answers 404 for another clinic's members, invitations and roles, and changes nothing", async () => {
    const a = await createClinicOwner(t);
    const b = await createClinicOwner(t);
    const bMember = await addTeamMember(t, b.clinica.id, 'Dentista', 'dentista');
    const bInvitation = await invited(b);
    const bRole = await createCustomRole(b, 'Ajeno', ['pacientes.ver']);
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/usuarios/${bMember.userId}`],
      ['PATCH', `/api/usuarios/${bMember.userId}`, { nombres: 'Hackeado', activo: false }],
      ['DELETE', `/api/usuarios/${bMember.userId}`],
      ['DELETE', `/api/invitaciones/${bInvitation.body.id}`],
      ['GET', `/api/roles/${bRole}`],
      ['PUT', `/api/roles/${bRole}`, { nombre: 'Mío', permisos: [] }],
      ['DELETE', `/api/roles/${bRole}`],
    ];
    for (const [method, path, json] of attempts) {
      const res = await t.request(path, { method, cookie: a.cookie, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.db.select().from(usuarios).where(eq(usuarios.id, bMember.userId)))[0]).toMatchObject({
      nombres: 'Miembro',
      activo: true,
    });
    expect(
      await t.db.select().from(invitacionesUsuarios).where(eq(invitacionesUsuarios.id, bInvitation.body.id)),
    ).toHaveLength(1);
    expect((await t.db.select().from(rolesClinica).where(eq(rolesClinica.id, bRole)))[0].nombre).toBe('Ajeno');
    const listA = await team(a.cookie);
    expect(listA.filas.map((f) => f.email)).toEqual([a.email]);
    const rolesA = (await (await t.request('/api/roles', { cookie: a.cookie })).json()) as { roles: { id: string }[] };
    expect(rolesA.roles.map((r) => r.id)).not.toContain(bRole);
  });
});
