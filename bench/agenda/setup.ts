import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { user } from '../../apps/api/src/db/schema/index.ts';
import { seedReferenceData } from '../../apps/api/src/seed/seed.ts';
import { createClinic, findClinicForUser } from '../../apps/api/src/features/clinic/clinic.service.ts';
import type { Deps } from '../../apps/api/src/platform/context.ts';
import { rawQuery } from '../patients/generate.ts';

export const AGENDA_OWNER = { email: 'bench-agenda@odontia.test', password: 'bench-secreto-123' };
/**
 * 20 clinics of 20 dentists and 50,000 appointments each: 1,000,000 in the table, 50,000 in the
 * clinic the bench signs into. Each dentist works Monday to Friday, three appointments a day
 * (9-10, 11-12, 16-17, or an hour later on odd dentists; 30 to 60 min long, so none overlap),
 * from about 2.7 years ago to half a year ahead: 300 a week and about 1,300 a month in the clinic.
 */
export const AGENDA_DATASET = {
  clinics: 20,
  dentistsPerClinic: 20,
  patientsPerClinic: 2_000,
  appointmentsPerClinic: 50_000,
  perDay: 3,
  /** Weeks ahead of the current one that hold appointments (the rest is history). */
  weeksAhead: 26,
} as const;
export const AGENDA_TOTAL = AGENDA_DATASET.clinics * AGENDA_DATASET.appointmentsPerClinic;
/** Appointments created by the bench (write load, concurrency) go after this day and are removed on setup. */
export const BENCH_WRITES_FROM = '2031-01-01';

const SYNTHETIC_OWNER = '00000000-0000-4000-8000-';

async function fillClinic(handle: DatabaseHandle, clinicaId: string): Promise<void> {
  const d = AGENDA_DATASET;
  await rawQuery(
    handle,
    `insert into dentistas (clinica_id, nombres, apellidos, especialidad, color)
     select $1, 'Dentista ' || g, 'Bench', 'odontologia-general', (array['#1d4ed8','#047857','#b91c1c','#7e22ce','#b45309','#0e7490','#be185d','#4d7c0f','#4338ca','#57534e'])[1 + g % 10]
     from generate_series(1, $2::int) g`,
    [clinicaId, d.dentistsPerClinic],
  );
  await rawQuery(
    handle,
    `insert into pacientes (clinica_id, nombres, apellidos, telefono, email)
     select $1, (array['María','José','Lucía','Antonio','Carmen','Manuel','Ana','Javier'])[1 + g % 8], 'García Bench ' || g,
            '+34 6' || lpad((g * 7919 % 100000000)::text, 8, '0'), 'paciente' || g || '@bench.odontia.test'
     from generate_series(1, $2::int) g`,
    [clinicaId, d.patientsPerClinic],
  );
  // One set-based insert per clinic ($2 appointments per dentist): slot k of dentist n falls on working day k / perDay counted
  // from a Monday, at one of three hours (shifted by an hour on odd dentists) in the clinic's zone.
  await rawQuery(
    handle,
    `with den as (
       select id, (row_number() over (order by id) - 1)::int as n from dentistas where clinica_id = $1
     ), pac as (
       select array_agg(id order by id) as ids from pacientes where clinica_id = $1
     ), start as (
       select (date_trunc('week', now() at time zone z.zona)::date - (($2::int / $3::int / 5 - $4::int) * 7)) as monday, z.zona
       from (select zona_horaria as zona from clinicas where id = $1) z
     ), slot as (
       select den.id as dentista_id, den.n, k,
              ((start.monday + ((k / $3) / 5) * 7 + ((k / $3) % 5))
                + make_interval(hours => (array[9, 11, 16])[1 + k % $3] + den.n % 2)) at time zone start.zona as inicio
       from den cross join start cross join generate_series(0, $2::int - 1) k
     )
     insert into citas (clinica_id, paciente_id, dentista_id, inicio, fin, titulo, estado)
     select $1, pac.ids[1 + ((slot.k * 31 + slot.n * 7) % array_length(pac.ids, 1))], slot.dentista_id, slot.inicio,
            slot.inicio + make_interval(mins => 30 + 15 * ((slot.k + slot.n) % 3)),
            (array['Limpieza','Revisión','Empaste','Endodoncia','Ortodoncia','Extracción'])[1 + (slot.k + slot.n) % 6],
            case when slot.inicio < now() then (case when (slot.k + slot.n) % 10 = 0 then 'cancelada' else 'completada' end)
                 else (case when slot.k % 2 = 0 then 'confirmada' else 'pendiente' end) end
     from slot cross join pac`,
    [clinicaId, d.appointmentsPerClinic / d.dentistsPerClinic, d.perDay, d.weeksAhead],
  );
}

/**
 * Migrates the agenda's bench database and loads the data set once (set-based inserts, about a
 * minute); later runs reuse it after removing what the previous run's writes added.
 */
export async function prepareAgendaData(
  handle: DatabaseHandle,
  deps: Pick<Deps, 'auth' | 'db'>,
  log: (line: string) => void,
): Promise<{ clinicaId: string }> {
  await runMigrations(handle);
  await seedReferenceData(handle.db);
  let [owner] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, AGENDA_OWNER.email));
  if (!owner) {
    const created = await deps.auth.api.signUpEmail({
      body: { email: AGENDA_OWNER.email, password: AGENDA_OWNER.password, name: '' },
    });
    owner = { id: created.user.id };
  }
  const clinica =
    (await findClinicForUser(handle.db, owner.id)) ??
    (await createClinic(
      handle.db,
      { id: owner.id, email: AGENDA_OWNER.email, nombres: 'Bench' },
      { nombre: 'Clínica Agenda Bench', telefono: '910000001' },
    ));

  await rawQuery(handle, `delete from citas where clinica_id = $1 and inicio >= $2::date`, [
    clinica.id,
    BENCH_WRITES_FROM,
  ]);
  // The previous run's thousands of bookings, just deleted: vacuumed now rather than by autovacuum in
  // the middle of the first measurement.
  await rawQuery(handle, 'vacuum analyze citas');
  const [{ total, big }] = await rawQuery<{ total: string; big: string }>(
    handle,
    'select count(*) as total, count(*) filter (where clinica_id = $1) as big from citas',
    [clinica.id],
  );
  if (Number(total) === AGENDA_TOTAL && Number(big) === AGENDA_DATASET.appointmentsPerClinic) {
    log(`datos existentes reutilizados (${AGENDA_TOTAL.toLocaleString('es-ES')} citas)`);
    return { clinicaId: clinica.id };
  }

  const started = performance.now();
  await rawQuery(handle, `delete from clinicas where user_id like '${SYNTHETIC_OWNER}%'`);
  await rawQuery(handle, `delete from "user" where id like '${SYNTHETIC_OWNER}%'`);
  await rawQuery(handle, 'delete from citas where clinica_id = $1', [clinica.id]);
  await rawQuery(handle, 'delete from dentistas where clinica_id = $1', [clinica.id]);
  await rawQuery(handle, 'delete from pacientes where clinica_id = $1', [clinica.id]);
  const others = await rawQuery<{ id: string }>(
    handle,
    `with owners as (
       insert into "user" (id, name, email, onboarding_step)
       select '${SYNTHETIC_OWNER}' || lpad(g::text, 12, '0'), 'Propietario ' || g, 'propietario' || g || '@agenda.bench.odontia.test', 'completado'
       from generate_series(1, $1::int) g returning id
     )
     insert into clinicas (user_id, nombre, telefono, ciudad, pais) select id, 'Clínica Agenda ' || id, '910000002', 'Madrid', 'España' from owners returning id`,
    [AGENDA_DATASET.clinics - 1],
  );
  for (const [i, clinicaId] of [clinica.id, ...others.map((o) => o.id)].entries()) {
    await fillClinic(handle, clinicaId);
    log(
      `  ${((i + 1) * AGENDA_DATASET.appointmentsPerClinic).toLocaleString('es-ES')} / ${AGENDA_TOTAL.toLocaleString('es-ES')} citas`,
    );
  }
  await rawQuery(handle, 'vacuum analyze citas');
  await rawQuery(handle, 'vacuum analyze pacientes');
  await rawQuery(handle, 'vacuum analyze dentistas');
  log(`datos generados en ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { clinicaId: clinica.id };
}
