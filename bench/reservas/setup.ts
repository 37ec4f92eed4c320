/**
 * The `reservas` section's data set (issue 24), on a database made anew (bench/lib/fresh-app.ts): one
 * published clinic taking online bookings (no minimum notice, a year ahead) with a bookable 30-minute
 * service, 10 dentists who work Monday to Saturday 08:00-14:00 and 15:00-20:00, 5,000 patients and
 * 1,000,000 appointments. Each dentist has 16 half-hour appointments on each working day, on the
 * half-hour grid, and 6 of the 22 grid slots of the day free (which ones moves from day to day and
 * dentist to dentist), over the 6,250 working days (about 20 years) that end a year from today: the
 * history behind today and the next 14 days as busy as the rest. Set-based SQL, one statement per
 * dentist.
 */
import type pg from 'pg';

export const BOOKING_SET = {
  dentists: 10,
  patients: 5_000,
  appointments: 1_000_000,
  /** Half-hour slots of a working day: 08:00-14:00 (12) and 15:00-20:00 (10). */
  slotsPerDay: 22,
  /** Of them, booked per dentist and day; the others are free. */
  bookedPerDay: 16,
  /** The clinic's horizon: appointments and free slots reach this many days ahead. */
  horizonDays: 365,
  serviceMinutes: 30,
} as const;

/** Working days of appointments per dentist (the whole million, exactly). */
const WORKING_DAYS = BOOKING_SET.appointments / BOOKING_SET.dentists / BOOKING_SET.bookedPerDay;

export type BookingClinic = { clinicaId: string; servicioId: string; dentists: string[]; zona: string };

/** The clock time of half-hour slot `s` (0..21) of a working day, in SQL. */
const slotTime = (s: string) =>
  `(case when ${s} < 12 then time '08:00' + ${s} * interval '30 minutes' else time '15:00' + (${s} - 12) * interval '30 minutes' end)`;

/** Fills `clinicaId` (an empty clinic made through the app) with the data set; `log` reports progress. */
export async function fillBookingClinic(
  pool: pg.Pool,
  clinicaId: string,
  log: (line: string) => void,
): Promise<BookingClinic> {
  const d = BOOKING_SET;
  const one = async <T extends object>(text: string, values: unknown[] = []) =>
    (await pool.query<T>(text, values)).rows;
  const [{ zona }] = await one<{ zona: string }>(
    `update clinicas set publicada = true, reserva_online = true, reserva_antelacion_minutos = 0,
       reserva_horizonte_dias = $2, reserva_requiere_aprobacion = false
     where id = $1 returning zona_horaria as zona`,
    [clinicaId, d.horizonDays],
  );
  const [service] = await one<{ id: string }>(
    `insert into productos (clinica_id, nombre, categoria, precio_venta, tipo_impuesto, duracion_minutos, reservable_online)
     values ($1, 'Limpieza dental', 'servicio', 6000, 'ES_EXENTO', $2, true) returning id`,
    [clinicaId, d.serviceMinutes],
  );
  // A service that is not bookable online, and one that is but longer: the context query reads only the one asked.
  await one(
    `insert into productos (clinica_id, nombre, categoria, precio_venta, tipo_impuesto, duracion_minutos, reservable_online)
     values ($1, 'Endodoncia', 'servicio', 18000, 'ES_EXENTO', 90, false), ($1, 'Revisión', 'servicio', 0, 'ES_EXENTO', 20, true)`,
    [clinicaId],
  );
  const dentists = (
    await one<{ id: string }>(
      `insert into dentistas (clinica_id, nombres, apellidos, especialidad, color)
       select $1, (array['Ana','Bruno','Carla','Diego','Elena','Fernando','Gloria','Hugo','Irene','Jorge'])[1 + (g - 1) % 10],
              'Reservas ' || g, 'odontologia-general',
              (array['#1d4ed8','#047857','#b91c1c','#7e22ce','#b45309','#0e7490','#be185d','#4d7c0f','#4338ca','#57534e'])[1 + g % 10]
       from generate_series(1, $2::int) g returning id`,
      [clinicaId, d.dentists],
    )
  ).map((r) => r.id);
  await one(
    `insert into horarios_dentista (clinica_id, dentista_id, dia_semana, hora_inicio, hora_fin)
     select $1, den, dia, r.desde, r.hasta
     from unnest($2::uuid[]) den, generate_series(1, 6) dia,
       (values (time '08:00', time '14:00'), (time '15:00', time '20:00')) as r(desde, hasta)`,
    [clinicaId, dentists],
  );
  await one(
    `insert into pacientes (clinica_id, nombres, apellidos, telefono, email)
     select $1, (array['María','José','Lucía','Antonio','Carmen','Manuel','Ana','Javier'])[1 + g % 8], 'García Reservas ' || g,
            '+34 6' || lpad((g * 7919 % 100000000)::text, 8, '0'), 'paciente' || g || '@reservas.bench.odontia.test'
     from generate_series(1, $2::int) g`,
    [clinicaId, d.patients],
  );
  // Working day k (1 = the last, a year from today, counting back over Monday-Saturday) of dentist n:
  // slot s is free when (s - 5k - 3n) mod 22 is a multiple of 4 below 24 (6 of the 22), booked otherwise.
  const started = performance.now();
  for (const [n, dentista] of dentists.entries()) {
    await one(
      `with z as (
         select zona_horaria as zona, (now() at time zone zona_horaria)::date as hoy from clinicas where id = $1
       ), dias as (
         select g::date as dia, row_number() over (order by g desc)::int as k
         from z, generate_series(z.hoy + $4::int - ($3::int * 7 / 6 + 14), z.hoy + $4::int, interval '1 day') g
         where extract(isodow from g) <= 6
       ), pac as (
         select array_agg(id order by id) as ids from pacientes where clinica_id = $1
       ), slot as (
         select dias.k, s, ((dias.dia + ${slotTime('s')}) at time zone z.zona) as inicio
         from dias cross join z cross join generate_series(0, 21) s
         where dias.k <= $3::int and (((s - dias.k * 5 - $5::int * 3) % 22 + 22) % 22) not in (0, 4, 8, 12, 16, 20)
       )
       insert into citas (clinica_id, paciente_id, dentista_id, inicio, fin, titulo, estado)
       select $1, pac.ids[1 + ((slot.k * 31 + slot.s * 7 + $5::int * 13) % array_length(pac.ids, 1))], $2, slot.inicio,
              slot.inicio + interval '30 minutes',
              (array['Limpieza','Revisión','Empaste','Endodoncia','Ortodoncia','Extracción'])[1 + (slot.k + slot.s) % 6],
              case when slot.inicio < now() then (case when (slot.k + slot.s) % 10 = 0 then 'no_asistio' else 'completada' end)
                   else (case when slot.k % 2 = 0 then 'confirmada' else 'pendiente' end) end
       from slot cross join pac`,
      [clinicaId, dentista, WORKING_DAYS, d.horizonDays, n],
    );
    log(
      `  ${((n + 1) * (d.appointments / d.dentists)).toLocaleString('es-ES')} / ${d.appointments.toLocaleString('es-ES')} citas`,
    );
  }
  await pool.query('vacuum analyze citas');
  await pool.query('vacuum analyze');
  await pool.query('checkpoint');
  log(`  citas generadas en ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { clinicaId, servicioId: service.id, dentists, zona };
}

export type FreeGridSlot = { dentistaId: string; fecha: string; hora: string };

/**
 * The free half-hour grid slots of every dentist from `fromDay` days ahead to the horizon, in time
 * order: holds that do not overlap each other, read from the data rather than from its formula.
 */
export async function freeGridSlots(pool: pg.Pool, clinicaId: string, fromDay: number): Promise<FreeGridSlot[]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    // One probe of the no-overlap constraint's index per grid slot (2 s); the planner's own choice, a hash
    // anti-join on the dentist with the overlap as a filter, compares every slot with a dentist's 100,000.
    await client.query('set local enable_hashjoin = off');
    await client.query('set local enable_mergejoin = off');
    const { rows } = await client.query<FreeGridSlot>(
      `with z as (
       select zona_horaria as zona, (now() at time zone zona_horaria)::date as hoy, reserva_horizonte_dias as h from clinicas where id = $1
     ), grid as (
       select den.id as dentista, g::date as dia, ${slotTime('s')} as hora,
              ((g::date + ${slotTime('s')}) at time zone z.zona) as inicio
       from z, generate_series(z.hoy + $2::int, z.hoy + z.h, interval '1 day') g, generate_series(0, 21) s,
            (select id from dentistas where clinica_id = $1) den
       where extract(isodow from g) <= 6
     )
     select grid.dentista as "dentistaId", to_char(grid.dia, 'YYYY-MM-DD') as fecha, to_char(grid.hora, 'HH24:MI') as hora
     from grid
     where not exists (
       select 1 from citas c where c.dentista_id = grid.dentista and c.estado not in ('cancelada', 'cancelada_paciente')
         and tstzrange(c.inicio, c.fin) && tstzrange(grid.inicio, grid.inicio + interval '30 minutes'))
     order by grid.inicio, grid.dentista`,
      [clinicaId, fromDay],
    );
    await client.query('commit');
    return rows;
  } finally {
    client.release();
  }
}
