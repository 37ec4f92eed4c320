import type { DatabaseHandle } from '../../apps/api/src/db/client.ts';
import { seededRandom as rng } from '../../apps/api/src/seed/demo.ts';
import {
  APELLIDOS,
  NOMBRES_COMPUESTOS,
  NOMBRES_HOMBRE,
  NOMBRES_MUJER,
  NOTAS,
} from '../../apps/api/src/features/patients/spanish-names.ts';
import { CALLES, CIUDADES, DOMINIOS, VIAS } from './names.ts';

export type GenerateOptions = {
  totalPatients: number;
  clinics: number;
  /** Patients in the big clinic (the one the bench signs into). */
  bigClinicPatients: number;
  bigClinicId: string;
  /** Deterministic data: the same seed gives the same rows. */
  seed?: number;
  onProgress?: (done: number, total: number) => void;
};

type Rand = ReturnType<typeof rng>;
/** Earlier entries are more frequent (García is commoner than Zúñiga). */
const pickSkewed = <T>(r: Rand, list: readonly T[]) => list[Math.floor(list.length * r() ** 1.8)];
const pick = <T>(r: Rand, list: readonly T[]) => list[Math.floor(list.length * r())];
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const DAY = 86_400_000;

type PatientRow = [
  clinicaId: string,
  nombres: string,
  apellidos: string,
  email: string | null,
  telefono: string | null,
  direccion: string | null,
  fechaNacimiento: string | null,
  genero: string | null,
  notas: string | null,
  estado: string,
  ultimaVisita: string | null,
  proximaVisita: string | null,
];

function patient(r: Rand, clinicaId: string, serial: number, now: number): PatientRow {
  const female = r() < 0.52;
  const nombres = r() < 0.12 ? pick(r, NOMBRES_COMPUESTOS) : pickSkewed(r, female ? NOMBRES_MUJER : NOMBRES_HOMBRE);
  const apellido1 = pickSkewed(r, APELLIDOS);
  const apellido2 = pickSkewed(r, APELLIDOS);
  const apellidos = `${apellido1} ${apellido2}`;
  const email =
    r() < 0.8 ? `${ascii(nombres.split(' ')[0])}.${ascii(apellido1)}${serial % 997}@${pick(r, DOMINIOS)}` : null;
  const telefono =
    r() < 0.9
      ? `+34 ${r() < 0.85 ? 6 : 9}${pad(Math.floor(r() * 100))} ${pad(Math.floor(r() * 1000), 3)} ${pad(Math.floor(r() * 1000), 3)}`
      : null;
  const direccion =
    r() < 0.7 ? `${pick(r, VIAS)} ${pick(r, CALLES)}, ${1 + Math.floor(r() * 150)}, ${pick(r, CIUDADES)}` : null;
  const birth = new Date(Date.UTC(1935 + Math.floor(r() * 88), Math.floor(r() * 12), 1 + Math.floor(r() * 28)));
  const genero = r() < 0.95 ? (female ? 'femenino' : 'masculino') : r() < 0.5 ? 'otro' : null;
  const ultima = r() < 0.7 ? isoDay(new Date(now - Math.floor(r() * 730) * DAY)) : null;
  const proxima = r() < 0.3 ? isoDay(new Date(now + Math.floor(r() * 180) * DAY)) : null;
  return [
    clinicaId,
    nombres,
    apellidos,
    email,
    telefono,
    direccion,
    r() < 0.97 ? isoDay(birth) : null,
    genero,
    r() < 0.25 ? pick(r, NOTAS) : null,
    r() < 0.9 ? 'activo' : 'inactivo',
    ultima,
    proxima,
  ];
}

/** Runs SQL with positional parameters on whichever driver the handle wraps. */
export async function rawQuery<T = Record<string, unknown>>(
  handle: DatabaseHandle,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (handle.pglite) return (await handle.pglite.query<T>(text, params)).rows;
  return (await handle.pool!.query(text, params)).rows as T[];
}

const INSERT_PATIENTS = `
  insert into pacientes (clinica_id, nombres, apellidos, email, telefono, direccion, fecha_nacimiento, genero, notas, estado, ultima_visita, proxima_visita)
  select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::date[], $8::text[], $9::text[], $10::text[], $11::date[], $12::date[])`;

/**
 * Loads `totalPatients` realistic Spanish patients: one clinic (already created, with its owner
 * able to sign in) gets `bigClinicPatients`, the others share the rest unevenly. The other clinics
 * and their owners are inserted directly (nobody signs into them). Multi-row inserts of a few
 * thousand rows (unnest of arrays) keep it to a few dozen statements.
 */
export async function generatePatients(handle: DatabaseHandle, options: GenerateOptions): Promise<void> {
  const r = rng(options.seed ?? 20_260_101);
  const otherCount = options.clinics - 1;
  const rest = options.totalPatients - options.bigClinicPatients;

  const owners = Array.from({ length: otherCount }, (_, i) => ({
    id: `00000000-0000-4000-8000-${pad(i + 1, 12)}`,
    email: `propietario${i + 1}@bench.odontia.test`,
  }));
  await rawQuery(
    handle,
    `insert into "user" (id, name, email, onboarding_step) select id, 'Propietario ' || n, email, 'completado' from unnest($1::text[], $2::text[]) with ordinality as t(id, email, n) on conflict do nothing`,
    [owners.map((o) => o.id), owners.map((o) => o.email)],
  );
  const clinics = await rawQuery<{ id: string }>(
    handle,
    `insert into clinicas (user_id, nombre, telefono, ciudad, pais) select id, 'Clínica Dental ' || n, '91' || lpad(n::text, 7, '0'), 'Madrid', 'España' from unnest($1::text[]) with ordinality as t(id, n) returning id`,
    [owners.map((o) => o.id)],
  );

  // Uneven sizes for the small clinics that still add up exactly.
  const weights = clinics.map(() => 0.3 + r() * 1.4);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.floor((w / weightSum) * rest));
  sizes[0] += rest - sizes.reduce((a, b) => a + b, 0);
  const plan: { clinicaId: string; count: number }[] = [
    { clinicaId: options.bigClinicId, count: options.bigClinicPatients },
    ...clinics.map((c, i) => ({ clinicaId: c.id, count: sizes[i] })),
  ];

  const now = Date.now();
  const batchSize = 5000;
  let done = 0;
  let serial = 0;
  let batch: PatientRow[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const columns = batch[0].map((_, col) => batch.map((row) => row[col]));
    await rawQuery(handle, INSERT_PATIENTS, columns);
    done += batch.length;
    batch = [];
    options.onProgress?.(done, options.totalPatients);
  };
  for (const { clinicaId, count } of plan) {
    for (let i = 0; i < count; i++) {
      batch.push(patient(r, clinicaId, serial++, now));
      if (batch.length === batchSize) await flush();
    }
  }
  await flush();
  // The steady state autovacuum reaches: visibility map set, statistics fresh.
  await rawQuery(handle, 'vacuum analyze pacientes');
}
