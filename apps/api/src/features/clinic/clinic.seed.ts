import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database, Executor } from '../../db/client.ts';
import { DEMO_CLINIC, DEMO_MADRID_CLINIC, DEMO_SUPPLIER, type DemoSeedContext } from '../../seed/demo.ts';
import { account, clinicas, perfilesUsuario, user } from '../../db/schema/index.ts';
import { createClinic, setClinicLogo } from './clinic.service.ts';

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

/** The demo clinic's logo: a tooth on its colour, drawn here. */
const DEMO_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="#0e7490"/>
  <path fill="#fff" d="M22 14c-6 0-10 5-10 11 0 6 3 9 4 15 1 7 2 12 6 12 3 0 4-5 5-9 1-3 2-5 5-5s4 2 5 5c1 4 2 9 5 9 4 0 5-5 6-12 1-6 4-9 4-15 0-6-4-11-10-11-4 0-6 2-10 2s-6-2-10-2z"/>
</svg>`;

/**
 * Demo data: the demo clinic and its owner, set up as a clinic that finished its first steps (logo,
 * hours, public profile: the dashboard's 'Primeros pasos' does not show). Not published: the public
 * directory's sample clinics are counted by other tests.
 */
export async function seedDemoClinic(tx: Executor, { storage }: DemoSeedContext): Promise<void> {
  const { owner, ...clinic } = DEMO_CLINIC;
  await seedOwnedClinic(tx, owner, clinic);
  await tx
    .update(clinicas)
    .set({
      descripcion: 'Clínica familiar en el barrio Chicó: prevención, ortodoncia e implantes.',
      especialidades: ['odontologia-general', 'ortodoncia', 'implantologia'],
      // The hours of the demo's appointments (seeded on weekdays, 09:00-14:00 and 16:00-20:00).
      horario: [
        { dias: 'Lunes a viernes', horas: '09:00 - 20:00' },
        { dias: 'Sábados, domingos y festivos', horas: 'Cerrado' },
      ],
    })
    .where(eq(clinicas.id, DEMO_CLINIC.id));
  const logo = await sharp(Buffer.from(DEMO_LOGO_SVG)).png().toBuffer();
  await setClinicLogo(tx as unknown as Database, storage, DEMO_CLINIC.id, new Uint8Array(logo));
}

/**
 * Demo data: the small demo clinic in Madrid (issue 23), which counts in euros; its catalogue shows
 * Spain's taxes (seedDemoCatalog). Set up like the big one: hours, finished first steps but the team.
 */
export async function seedDemoMadridClinic(tx: Executor): Promise<void> {
  const { owner, ...clinic } = DEMO_MADRID_CLINIC;
  await seedOwnedClinic(tx, owner, clinic);
  await tx
    .update(clinicas)
    .set({
      descripcion: 'Odontología general y estética junto al Retiro.',
      especialidades: ['odontologia-general', 'estetica-dental'],
      horario: [
        { dias: 'Lunes a jueves', horas: '09:30 - 19:30' },
        { dias: 'Viernes', horas: '09:30 - 15:00' },
      ],
    })
    .where(eq(clinicas.id, DEMO_MADRID_CLINIC.id));
}

/** Demo data: the supplier whose catalogue the store sells (DESIGN §1), with its own administrator. */
export async function seedDemoSupplier(tx: Executor): Promise<void> {
  const { owner, ...clinic } = DEMO_SUPPLIER;
  await seedOwnedClinic(tx, owner, clinic);
  await tx.update(clinicas).set({ esProveedor: true }).where(eq(clinicas.id, DEMO_SUPPLIER.id));
}
