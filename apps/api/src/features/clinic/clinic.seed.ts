import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Database, Executor } from '../../db/client.ts';
import { DEMO_CLINIC } from '../../db/demo.ts';
import { account, perfilesUsuario, user } from '../../db/schema/index.ts';
import { createClinic } from './clinic.service.ts';

/**
 * Demo data: the demo clinic and its owner, a real account (better-auth's credential account with
 * its own password hashing, so signing in works as for anyone) whose onboarding is complete, with
 * the clinic's four default roles and the owner as Administrador, exactly as the onboarding makes them.
 */
export async function seedDemoClinic(tx: Executor): Promise<void> {
  const { owner } = DEMO_CLINIC;
  const now = new Date();
  await tx.insert(user).values({ id: owner.id, name: `${owner.nombres} ${owner.apellidos}`, email: owner.email, emailVerified: true });
  await tx.insert(account).values({
    id: randomUUID(),
    // better-auth's credential accounts are keyed by the user id.
    accountId: owner.id,
    providerId: 'credential',
    userId: owner.id,
    password: await hashPassword(owner.password),
  });
  await tx
    .insert(perfilesUsuario)
    .values({ id: owner.id, nombres: owner.nombres, apellidos: owner.apellidos, telefono: owner.telefono, fechaActualizacion: now });
  // createClinic opens its own transaction; inside ours it becomes a savepoint. It also marks the
  // owner's onboarding as completado, so signing in lands on the dashboard.
  await createClinic(
    tx as unknown as Database,
    { id: owner.id, email: owner.email, nombres: `${owner.nombres} ${owner.apellidos}` },
    {
      id: DEMO_CLINIC.id,
      nombre: DEMO_CLINIC.nombre,
      telefono: DEMO_CLINIC.telefono,
      pais: DEMO_CLINIC.pais,
      ciudad: DEMO_CLINIC.ciudad,
      direccion: DEMO_CLINIC.direccion,
    },
  );
}
