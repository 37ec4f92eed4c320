import { todayInZone, type PatientStatus, type Gender } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { DEMO_CLINIC, DEMO_ZONE, seededRandom } from '../../seed/demo.ts';
import { pacientes } from '../../db/schema/index.ts';
import type { DemoSeedContext } from '../../seed/demo.ts';
import { memberNameOf } from '../../platform/membership.ts';
import { makeKey, publicUrl } from '../../platform/storage/storage.ts';
import { portraitTraits, renderPortrait } from './demo-portrait.ts';
import { APELLIDOS, NOMBRES_COMPUESTOS, NOMBRES_HOMBRE, NOMBRES_MUJER, NOTAS } from './spanish-names.ts';

export const DEMO_PATIENT_COUNT = 200;

/** Bogotá's addresses: a street of the grid and its number, a flat, a neighbourhood. */
const VIAS = ['Calle', 'Calle', 'Carrera', 'Carrera', 'Avenida Calle', 'Avenida Carrera', 'Transversal', 'Diagonal'];
const BARRIOS = [
  'Chicó',
  'Chapinero',
  'Usaquén',
  'Cedritos',
  'Teusaquillo',
  'La Soledad',
  'Galerías',
  'Modelia',
  'Niza',
  'Santa Bárbara',
  'Rosales',
  'Pasadena',
  'Colina Campestre',
  'Salitre',
];
const INTERIORES = [
  'Apto 201',
  'Apto 302',
  'Apto 504',
  'Casa 12',
  'Torre 2 Apto 803',
  'Interior 3 Apto 101',
  'Apto 1102',
];
const NOTAS_MENORES = [
  'Menor de edad: acude con su madre o su padre.',
  'Selladores de fisuras en los molares permanentes.',
  'Ortodoncia interceptiva: revisión cada 3 meses.',
  'Alergia a la penicilina.',
  'Miedo a la consulta: explicar cada paso antes de empezar.',
];
// Reserved domains (RFC 2606): a later feature that writes to patients can never reach a real mailbox.
const DOMINIOS = ['correo.example', 'email.example', 'buzon.example', 'mail.example'];

/** YYYY-MM-DD `days` after (or, negative, before) the calendar date `iso`. */
function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const asciiLower = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

type DemoPatient = {
  nombres: string;
  apellidos: string;
  email: string | null;
  telefono: string | null;
  direccion: string | null;
  fechaNacimiento: string | null;
  genero: Gender | null;
  notas: string | null;
  estado: PatientStatus;
  ultimaVisita: string | null;
  proximaVisita: string | null;
  edad: number;
  conFoto: boolean;
};

/** Colombia's mobile prefixes 3xy by their second digit: the third digits in use (300-305, 310-323, 350-351). */
const MOBILE_BLOCKS: Record<string, readonly string[]> = {
  '0': ['0', '1', '2', '3', '4', '5'],
  '1': ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
  '2': ['0', '1', '2', '3'],
  '5': ['0', '1'],
};

/**
 * The demo clinic's patients, built from `random` alone: names, contact details, ages and visits
 * as a neighbourhood clinic in Bogotá would have them. Dates are relative to `today`, so visits stay
 * plausible whenever the demo is installed: last visits in the past, next visits ahead.
 */
export function buildDemoPatients(random: () => number, today: string, count = DEMO_PATIENT_COUNT): DemoPatient[] {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
  // Earlier entries are commoner (García more than Zúñiga), as in a real clinic's list.
  const pickCommon = <T>(values: readonly T[]): T => values[Math.floor(values.length * random() ** 1.8)];
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const digits = (n: number) => Array.from({ length: n }, () => between(0, 9)).join('');
  const emails = new Set<string>();

  return Array.from({ length: count }, () => {
    const roll = random();
    const genero: Gender | null = roll < 0.49 ? 'femenino' : roll < 0.96 ? 'masculino' : roll < 0.98 ? 'otro' : null;
    const nombres =
      random() < 0.1
        ? pick(NOMBRES_COMPUESTOS)
        : pickCommon(
            genero === 'femenino' || (genero !== 'masculino' && random() < 0.5) ? NOMBRES_MUJER : NOMBRES_HOMBRE,
          );
    const [apellido1, apellido2] = [pickCommon(APELLIDOS), pickCommon(APELLIDOS)];
    // Ages of a family clinic: children and teenagers, then adults up to their nineties.
    const edad = random() < 0.18 ? between(3, 17) : between(18, 92);
    const fechaNacimiento =
      random() < 0.95 ? addDays(today, -(edad * 365 + between(0, 364) + Math.floor(edad / 4))) : null;

    let email: string | null = null;
    if (edad >= 14 && random() < 0.85) {
      const base = `${asciiLower(nombres.split(' ')[0])}.${asciiLower(apellido1)}`;
      let candidate = `${base}@${pick(DOMINIOS)}`;
      while (emails.has(candidate)) candidate = `${base}${between(2, 99)}@${pick(DOMINIOS)}`;
      emails.add(candidate);
      email = candidate;
    }
    // Mobiles mostly (3xx, of prefixes Colombia's operators use), a few Bogotá landlines (601); written
    // the ways people write them.
    const mobilePrefix = () => {
      const block = pick(['0', '1', '1', '2', '5']);
      return `3${block}${pick(MOBILE_BLOCKS[block]!)}`;
    };
    const roll2 = random();
    const telefono =
      roll2 < 0.05
        ? null
        : roll2 < 0.15
          ? `601 ${between(2, 7)}${digits(2)} ${digits(4)}`
          : roll2 < 0.3
            ? `+57 ${mobilePrefix()} ${digits(3)} ${digits(4)}`
            : `${mobilePrefix()} ${digits(3)} ${digits(4)}`;
    const direccion =
      random() < 0.8
        ? `${pick(VIAS)} ${between(1, 170)} # ${between(1, 120)}-${between(1, 99)}, ${pick(INTERIORES)}, ${pick(BARRIOS)}, Bogotá`
        : null;
    const estado: PatientStatus = random() < 0.85 ? 'activo' : 'inactivo';
    // Active patients came in the last two years; inactive ones have not come for over a year.
    const ultimaVisita =
      estado === 'activo'
        ? random() < 0.93
          ? addDays(today, -between(0, 720))
          : null
        : random() < 0.9
          ? addDays(today, -between(380, 1500))
          : null;
    const proximaVisita = estado === 'activo' && random() < 0.55 ? addDays(today, between(0, 120)) : null;
    const notas =
      random() < 0.4
        ? edad < 18
          ? pick(NOTAS_MENORES)
          : genero === 'femenino' && edad >= 22 && edad <= 42 && random() < 0.15
            ? 'Embarazada (segundo trimestre): evitar radiografías.'
            : pick(NOTAS)
        : null;
    return {
      nombres,
      apellidos: `${apellido1} ${apellido2}`,
      email,
      telefono,
      direccion,
      fechaNacimiento,
      genero,
      notas,
      estado,
      ultimaVisita,
      proximaVisita,
      edad,
      // Most have a photo; the others show their initials, as in any real clinic.
      conFoto: random() < 0.85,
    };
  });
}

/**
 * Demo data: about 200 patients of the demo clinic, most with an illustrated portrait made here
 * (SVG rendered by sharp, no network) and stored like an uploaded photo (patient_photos/{clinic}/...).
 * Those with an email gave their consent to reminders when they were registered (issue 24), recorded by
 * the owner; about two in three of them to the clinic's other communications too.
 */
export async function seedDemoPatients(tx: Executor, { storage }: DemoSeedContext): Promise<void> {
  const random = seededRandom(20_260_301);
  const patients = buildDemoPatients(random, todayInZone(DEMO_ZONE));
  const results = await Promise.allSettled(
    patients.map(async (p, i) => {
      if (!p.conFoto) return null;
      const bytes = await renderPortrait(portraitTraits(seededRandom(i + 1), { genero: p.genero, edad: p.edad }));
      const key = makeKey('patient_photos', DEMO_CLINIC.id, `foto-${i + 1}`, 'webp');
      await storage.put(key, bytes, 'image/webp');
      return publicUrl(key);
    }),
  );
  // Settled, not raced: every file written is known to the caller by the time a failure is thrown.
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const photos = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
  // A stream of its own, so the patients themselves stay those of earlier installs.
  const consents = seededRandom(20_260_302);
  // The statement's now(): what fecha_creacion takes by default, so each consent dates from the registration.
  const registered = sql`now()`;
  const owner = sql`nullif(${memberNameOf(DEMO_CLINIC.owner.id)}, '')`;
  await tx.insert(pacientes).values(
    patients.map(({ edad: _edad, conFoto: _conFoto, ...p }, i) => {
      const others = consents() < 2 / 3;
      return {
        ...p,
        clinicaId: DEMO_CLINIC.id,
        fotoUrl: photos[i],
        ...(p.email
          ? {
              consentimientoRecordatorios: registered,
              consentimientoRecordatoriosPor: owner,
              ...(others ? { consentimientoComunicaciones: registered, consentimientoComunicacionesPor: owner } : {}),
            }
          : {}),
      };
    }),
  );
}
