import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { DEMO_CLINIC, DEMO_SUPPLIER } from '../../seed/demo.ts';
import { account, clinicas, perfilesUsuario, user } from '../../db/schema/index.ts';
import { createClinic } from './clinic.service.ts';

type DemoAccount = {
  id: string;
  email: string;
  password: string;
  nombres: string;
  apellidos: string;
  telefono: string;
};
type DemoClinicFields = {
  id: string;
  nombre: string;
  telefono: string;
  pais: string;
  ciudad: string;
  direccion: string;
};

/**
 * A demo account that owns a clinic: a real account (better-auth's credential account with its own
 * password hashing, so signing in works as for anyone) whose onboarding is complete, with the
 * clinic's four default roles and the owner as Administrador, exactly as the onboarding makes them.
 */
async function seedOwnedClinic(tx: Executor, owner: DemoAccount, clinic: DemoClinicFields): Promise<void> {
  const now = new Date();
  await tx
    .insert(user)
    .values({ id: owner.id, name: `${owner.nombres} ${owner.apellidos}`, email: owner.email, emailVerified: true });
  await tx.insert(account).values({
    id: randomUUID(),
    // better-auth's credential accounts are keyed by the user id.
    accountId: owner.id,
    providerId: 'credential',
    userId: owner.id,
    password: await hashPassword(owner.password),
  });
  await tx.insert(perfilesUsuario).values({
    id: owner.id,
    nombres: owner.nombres,
    apellidos: owner.apellidos,
    telefono: owner.telefono,
    fechaActualizacion: now,
  });
  // createClinic opens its own transaction; inside ours it becomes a savepoint. It also marks the
  // owner's onboarding as completado, so signing in lands on the dashboard.
  await createClinic(
    tx as unknown as Database,
    { id: owner.id, email: owner.email, nombres: `${owner.nombres} ${owner.apellidos}` },
    clinic,
  );
}

/** Demo data: the demo clinic and its owner. */
export async function seedDemoClinic(tx: Executor): Promise<void> {
  const { owner, ...clinic } = DEMO_CLINIC;
  await seedOwnedClinic(tx, owner, clinic);
}

/** Demo data: the supplier whose catalogue the store sells (DESIGN §1), with its own administrator. */
export async function seedDemoSupplier(tx: Executor): Promise<void> {
  const { owner, ...clinic } = DEMO_SUPPLIER;
  await seedOwnedClinic(tx, owner, clinic);
  await tx.update(clinicas).set({ esProveedor: true }).where(eq(clinicas.id, DEMO_SUPPLIER.id));
}
