import { ADMIN_ROLE_NAME, PERMISSIONS } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { seedDemoAppointments } from '../features/appointments/appointments.seed.ts';
import { seedDemoCatalog, seedDemoMadridCatalog } from '../features/catalog/catalog.seed.ts';
import { seedDemoNotes } from '../features/clinical-notes/clinical-notes.seed.ts';
import { seedDemoConsents } from '../features/consents/consents.seed.ts';
import { seedDemoAlerts } from '../features/medical-alerts/medical-alerts.seed.ts';
import { seedDemoCharts } from '../features/odontogram/odontogram.seed.ts';
import { seedDemoClinic, seedDemoMadridClinic, seedDemoSupplier } from '../features/clinic/clinic.seed.ts';
import { seedDemoStore } from '../features/store/store.seed.ts';
import { seedDemoPaymentHistory } from '../features/payments/demo-history.seed.ts';
import { seedDemoPatients } from '../features/patients/patients.seed.ts';
import { seedDemoTeam } from '../features/team/team.seed.ts';
import { seedTerms } from '../features/terms/terms.service.ts';
import { seedNews } from '../features/dashboard/news.seed.ts';
import type { Storage } from '../platform/storage/storage.ts';
import type { DemoSeeder } from './demo.ts';
import { seedDirectoryDemo, seedSpecialties } from './directory.seed.ts';
import { antecedentes, pacientes, permisos } from '../db/schema/index.ts';
import { refreshAlertLabels } from '../db/alert-labels.ts';

/**
 * Reference data every installation needs, whatever SEED_DEMO says: the permission catalogue
 * (new permissions appear on upgrade, granted to every Administrador role; descriptions follow the
 * code), the terms and conditions
 * every registration accepts, and the community news of the dashboard.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(permisos)
    .values(PERMISSIONS.map((p) => ({ nombre: p.nombre, descripcion: p.descripcion, modulo: p.modulo })))
    .onConflictDoUpdate({
      target: permisos.nombre,
      set: { descripcion: sql`excluded.descripcion`, modulo: sql`excluded.modulo` },
    });
  // The Administrador role always holds every permission: on upgrade, existing clinics' Administrador
  // roles get the permissions added since (auditoria.ver…). Only missing rows are written.
  await db.execute(sql`
    insert into permisos_rol (rol_id, permiso_id)
    select r.id, p.id from roles_clinica r cross join permisos p
    where r.es_predeterminado and r.nombre = ${ADMIN_ROLE_NAME}
      and not exists (select 1 from permisos_rol pr where pr.rol_id = r.id and pr.permiso_id = p.id)
    on conflict do nothing`);
  // Alerts written before pacientes.alertas existed get their short list (a no-op otherwise).
  await refreshAlertLabels(
    db,
    sql`exists (select 1 from ${antecedentes} where ${antecedentes.pacienteId} = ${pacientes.id})`,
  );
  await seedTerms(db);
  await seedSpecialties(db);
  await seedNews(db);
}

/**
 * Demo data (sample clinics, the demo clinic and its patients...) is contributed by the features
 * that own it and runs once, on an empty database (no user yet), when SEED_DEMO is on. Data for the
 * demo clinic goes after `seedDemoClinic` (see DEMO_CLINIC in seed/demo.ts).
 */
export const demoSeeders: DemoSeeder[] = [
  seedDirectoryDemo,
  seedDemoClinic,
  seedDemoPatients,
  seedDemoTeam,
  seedDemoAppointments,
  // Notes name the catalogue's services; charts name them too, and the notes that record their work.
  seedDemoCatalog,
  seedDemoNotes,
  // Signed consents with their PDFs in storage, through the signing route's own service.
  seedDemoConsents,
  seedDemoAlerts,
  seedDemoCharts,
  seedDemoSupplier,
  seedDemoStore,
  // The small clinic in Madrid, in euros (issue 23).
  seedDemoMadridClinic,
  seedDemoMadridCatalog,
  // A year of treatments, budgets, payments and closed cash days in both clinics, for the reports (issue 25):
  // after the catalogues, patients, team and agenda it builds on.
  seedDemoPaymentHistory,
];

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ empty: sql<boolean>`not exists (select 1 from "user") and not exists (select 1 from clinicas)` })
    .from(sql`(select 1) as uno`);
  return Boolean(row?.empty);
}

export async function seed(db: Database, options: { demo: boolean; storage: Storage }): Promise<{ demo: boolean }> {
  await seedReferenceData(db);
  if (!options.demo || !(await isDatabaseEmpty(db))) return { demo: false };
  // Files stored by the seeders are removed again if the data that points at them is rolled back.
  const stored: string[] = [];
  const { storage } = options;
  const tracked: Storage = {
    ...storage,
    put: async (key, bytes, contentType) => {
      await storage.put(key, bytes, contentType);
      stored.push(key);
    },
  };
  try {
    // All or nothing: a half-seeded database would never be seeded again (it is no longer empty).
    await db.transaction(async (tx) => {
      for (const seeder of demoSeeders) await seeder(tx, { storage: tracked });
    });
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return { demo: true };
}
