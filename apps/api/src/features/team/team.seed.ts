import { INVITATION_TTL_DAYS, type Permission } from '@odontia/shared';
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { DEMO_CLINIC, DEMO_TEAM } from '../../seed/demo.ts';
import {
  account,
  invitacionesUsuarios,
  perfilesUsuario,
  permisos,
  permisosRol,
  rolesClinica,
  user,
  usuarios,
  usuariosRol,
} from '../../db/schema/index.ts';
import { newInvitationToken, rolKey } from '../../platform/membership.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo clinic's team (DEMO_TEAM): a custom role, one member per role with the owner's password
 * (hashed once for all of them), a pending and an expired invitation. Runs after seedDemoClinic;
 * every insert skips what already exists, so running it twice changes nothing.
 */
export async function seedDemoTeam(tx: Executor): Promise<void> {
  const { customRole } = DEMO_TEAM;
  await tx
    .insert(rolesClinica)
    .values({
      id: customRole.id,
      clinicaId: DEMO_CLINIC.id,
      nombre: customRole.nombre,
      descripcion: customRole.descripcion,
      esPredeterminado: false,
    })
    .onConflictDoNothing();
  const grants = await tx
    .select({ id: permisos.id })
    .from(permisos)
    .where(inArray(permisos.nombre, [...customRole.permisos] as Permission[]));
  if (grants.length)
    await tx
      .insert(permisosRol)
      .values(grants.map((p) => ({ rolId: customRole.id, permisoId: p.id })))
      .onConflictDoNothing();

  const roles = await tx
    .select({ id: rolesClinica.id, nombre: rolesClinica.nombre, esPredeterminado: rolesClinica.esPredeterminado })
    .from(rolesClinica)
    .where(eq(rolesClinica.clinicaId, DEMO_CLINIC.id));
  const role = (nombre: string) => roles.find((r) => r.nombre === nombre)!;

  const password = await hashPassword(DEMO_TEAM.password);
  for (const m of DEMO_TEAM.members) {
    const inserted = await tx
      .insert(user)
      .values({ id: m.id, name: m.nombres, email: m.email, emailVerified: true, onboardingStep: 'completado' })
      .onConflictDoNothing()
      .returning({ id: user.id });
    if (inserted.length === 0) continue;
    await tx
      .insert(account)
      .values({ id: randomUUID(), accountId: m.id, providerId: 'credential', userId: m.id, password });
    await tx
      .insert(usuarios)
      .values({ id: m.id, clinicaId: DEMO_CLINIC.id, nombres: m.nombres, email: m.email, rol: rolKey(role(m.rol)) });
    await tx.insert(usuariosRol).values({ usuarioId: m.id, rolId: role(m.rol).id });
    // Their profile, as each would have filled it in onboarding: the app greets and signs them by it.
    const [nombres, ...apellidos] = m.nombres.split(' ');
    await tx
      .insert(perfilesUsuario)
      .values({ id: m.id, nombres, apellidos: apellidos.join(' '), fechaActualizacion: new Date() });
  }

  const now = Date.now();
  for (const inv of DEMO_TEAM.invitations) {
    const sent = new Date(now - (inv.expired ? INVITATION_TTL_DAYS + 3 : 1) * DAY_MS);
    await tx
      .insert(invitacionesUsuarios)
      .values({
        id: inv.id,
        clinicaId: DEMO_CLINIC.id,
        email: inv.email,
        nombres: inv.nombres,
        rolId: role(inv.rol).id,
        invitadoPor: DEMO_CLINIC.owner.id,
        // Nobody holds these links: the demo shows the rows, it does not send mail.
        tokenHash: newInvitationToken().tokenHash,
        fechaInvitacion: sent,
        fechaExpiracion: new Date(sent.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      })
      .onConflictDoNothing();
  }
}
