import { clinicZoneFor } from '@odontia/shared';
import { verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { account, clinicas, user } from '../db/schema/index.ts';

/** What a demo seeder may use besides the transaction: the storage for files (photos, logos...). */
export type DemoSeedContext = { storage: Storage };

/**
 * A feature's contribution to the demo data: it inserts its rows in the seeding transaction. Seeders
 * live with the feature that owns the data (`features/<x>/<x>.seed.ts`) and are listed, in order, in
 * `seed/seed.ts`, the one module that imports features to seed them; this file imports none.
 */
export type DemoSeeder = (tx: Executor, context: DemoSeedContext) => Promise<void>;

/**
 * The demo clinic, seeded with SEED_DEMO on (the default) into an empty database: the place where a
 * visitor tries the product, signing in as its owner.
 *
 * Later features add their demo data to this clinic (appointments, charts, catalogue, orders...):
 * write a seeder in the feature (`features/<x>/<x>.seed.ts`, a `DemoSeeder`) that
 * inserts its rows for `DEMO_CLINIC.id` (the owner is `DEMO_CLINIC.owner.id`; the patients are the
 * clinic's `pacientes`), and register it in `demoSeeders` after `seedDemoPatients`. The ids are
 * fixed so that seeders, tests and scripts find the clinic without looking it up.
 */
export const DEMO_CLINIC = {
  id: '0de70000-5a1d-4c1e-8a00-000000000001',
  nombre: 'Clínica Dental Sonrisas (demo)',
  // In Bogotá since issue 23: it counts in pesos and buys from the store's Colombian supplier.
  telefono: '601 555 0123',
  pais: 'Colombia',
  ciudad: 'Bogotá',
  direccion: 'Calle 93 # 11-27, Chicó',
  owner: {
    id: '0de70000-5a1d-4c1e-8a00-000000000002',
    email: 'demo@odontia.local',
    /** Printed by `npm start` and shown on /auth: this account exists to be signed into. */
    password: 'demo1234',
    nombres: 'Laura',
    apellidos: 'Martín Ortega',
    telefono: '310 555 0123',
  },
} as const;

/** The demo clinic's zone (Bogotá's), which its seeders count days in. */
export const DEMO_ZONE = clinicZoneFor(DEMO_CLINIC.pais, DEMO_CLINIC.ciudad)!;

/**
 * A second, small demo clinic in Madrid (issue 23): it counts in euros and its catalogue shows
 * Spain's tax rules (dental care exempt from IVA, aesthetic treatments and goods at 21 %). The store
 * has no supplier in euros, so its store is empty and says why. Listed in the README's demo section.
 */
export const DEMO_MADRID_CLINIC = {
  id: '0de70000-5a1d-4c1e-8a00-000000000501',
  nombre: 'Clínica Dental Retiro (demo)',
  telefono: '910 555 321',
  pais: 'España',
  ciudad: 'Madrid',
  direccion: 'Calle de Ibiza 35, 28009 Madrid',
  owner: {
    id: '0de70000-5a1d-4c1e-8a00-000000000502',
    email: 'madrid@odontia.local',
    password: 'demo1234',
    nombres: 'Lucía',
    apellidos: 'Fernández Soto',
    telefono: '600 555 321',
  },
} as const;

/**
 * The supplier of the demo store (issue 14, DESIGN §1: the store sells supplier clinics' catalogues):
 * its catalogue of dental supplies is what the demo clinic buys; its owner sees the orders on /ventas.
 * Listed in the README's demo section.
 */
export const DEMO_SUPPLIER = {
  id: '0de70000-5a1d-4c1e-8a00-000000000201',
  nombre: 'Depósito Dental Ibérico',
  telefono: '601 555 0199',
  pais: 'Colombia',
  ciudad: 'Bogotá',
  direccion: 'Carrera 15 # 93-60, Bogotá',
  owner: {
    id: '0de70000-5a1d-4c1e-8a00-000000000202',
    email: 'proveedor@odontia.local',
    password: DEMO_CLINIC.owner.password,
    nombres: 'Javier',
    apellidos: 'Ortiz Rueda',
    telefono: '310 555 0199',
  },
} as const;

/**
 * The demo clinic's team (issue 10): one member for each of the other default roles and one for a
 * custom role, all signing in with the owner's password; a pending and an expired invitation.
 * Listed in the README's demo section.
 */
export const DEMO_TEAM = {
  password: DEMO_CLINIC.owner.password,
  members: [
    {
      id: '0de70000-5a1d-4c1e-8a00-000000000101',
      email: 'dentista@odontia.local',
      nombres: 'Carlos Ruiz Serrano',
      rol: 'Dentista',
    },
    {
      id: '0de70000-5a1d-4c1e-8a00-000000000102',
      email: 'asistente@odontia.local',
      nombres: 'Marta Gil Navarro',
      rol: 'Asistente',
    },
    {
      id: '0de70000-5a1d-4c1e-8a00-000000000103',
      email: 'recepcion@odontia.local',
      nombres: 'Sofía López Díaz',
      rol: 'Recepción',
    },
    {
      id: '0de70000-5a1d-4c1e-8a00-000000000104',
      email: 'higienista@odontia.local',
      nombres: 'Pablo Romero Vega',
      rol: 'Higienista',
    },
  ],
  customRole: {
    id: '0de70000-5a1d-4c1e-8a00-000000000110',
    nombre: 'Higienista',
    descripcion: 'Limpiezas y prevención: consulta pacientes, odontograma y agenda',
    permisos: ['clinica.ver', 'pacientes.ver', 'odontograma.ver', 'citas.ver', 'notificaciones.ver'],
  },
  invitations: [
    {
      id: '0de70000-5a1d-4c1e-8a00-000000000120',
      email: 'nuevo.dentista@ejemplo.com',
      nombres: 'Andrés Molina',
      rol: 'Dentista',
      expired: false,
    },
    {
      id: '0de70000-5a1d-4c1e-8a00-000000000121',
      email: 'antigua.asistente@ejemplo.com',
      nombres: 'Elena Castro',
      rol: 'Asistente',
      expired: true,
    },
  ],
} as const;

/**
 * A small, fast, seeded PRNG (mulberry32) for demo and benchmark data: the same seed gives the same
 * data on every install. Demo seeders draw from it, never from Math.random.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The credentials anyone may use to try the product; what `GET /api/demo` answers. */
export type DemoCredentials = { email: string; password: string };

/** The last stored hash checked against the demo password, and the answer: one scrypt per hash. */
let checked: { hash: string; matches: boolean } | null = null;

/**
 * The demo owner's credentials when the demo clinic exists and they still sign in (its owner has
 * not changed the password), else null. The password check runs once per stored hash, so this
 * public question costs one indexed query, not a password hashing per request.
 */
export async function findDemoCredentials(db: Executor): Promise<DemoCredentials | null> {
  const [row] = await db
    .select({ hash: account.password })
    .from(clinicas)
    .innerJoin(user, eq(user.id, clinicas.userId))
    .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
    .where(and(eq(clinicas.id, DEMO_CLINIC.id), eq(user.email, DEMO_CLINIC.owner.email)));
  if (!row?.hash) return null;
  if (checked?.hash !== row.hash) {
    checked = {
      hash: row.hash,
      matches: await verifyPassword({ hash: row.hash, password: DEMO_CLINIC.owner.password }),
    };
  }
  return checked.matches ? { email: DEMO_CLINIC.owner.email, password: DEMO_CLINIC.owner.password } : null;
}
