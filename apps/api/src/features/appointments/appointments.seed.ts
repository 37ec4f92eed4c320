import { DENTIST_COLOR_VALUES, type AppointmentStatus, type SpecialtyId, todayInZone } from '@odontia/shared';
import { and, eq } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { localInstant } from '../../db/local-day.ts';
import { refreshVisits } from './booking.service.ts';
import { DEMO_CLINIC, DEMO_TEAM, seededRandom } from '../../seed/demo.ts';
import { citas, clinicas, dentistas, pacientes } from '../../db/schema/index.ts';

/** The demo clinic's four dentists; the first is the demo team's Dentista member, who gets notifications. */
export const DEMO_DENTISTS: {
  id: string;
  nombres: string;
  apellidos: string;
  especialidad: SpecialtyId;
  usuarioId: string | null;
}[] = [
  {
    id: '0de70000-5a1d-4c1e-8a00-000000000401',
    nombres: 'Carlos',
    apellidos: 'Ruiz Serrano',
    especialidad: 'odontologia-general',
    usuarioId: DEMO_TEAM.members[0].id,
  },
  {
    id: '0de70000-5a1d-4c1e-8a00-000000000402',
    nombres: 'Elena',
    apellidos: 'Vidal Moreno',
    especialidad: 'ortodoncia',
    usuarioId: null,
  },
  {
    id: '0de70000-5a1d-4c1e-8a00-000000000403',
    nombres: 'Javier',
    apellidos: 'Herrero Castillo',
    especialidad: 'implantologia',
    usuarioId: null,
  },
  {
    id: '0de70000-5a1d-4c1e-8a00-000000000404',
    nombres: 'Nuria',
    apellidos: 'Campos Ibáñez',
    especialidad: 'endodoncia',
    usuarioId: null,
  },
];

const TREATMENTS = [
  'Revisión',
  'Limpieza dental',
  'Empaste',
  'Endodoncia',
  'Ortodoncia: ajuste',
  'Extracción',
  'Blanqueamiento',
  'Implante: control',
  'Urgencia',
  'Primera visita',
];
const DAY_MS = 86_400_000;
/** About three months around today: 45 days back, 45 ahead. */
const DAYS_AROUND = 45;

const addDays = (fecha: string, days: number) => new Date(Date.parse(fecha) + days * DAY_MS).toISOString().slice(0, 10);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Four dentists and about three months of appointments around today (Monday to Friday, 09:00-14:00
 * and 16:00-20:00) of most active patients: past ones completada or cancelada, today's and later
 * pendiente or confirmada.
 * Each dentist's day is laid out slot after slot, so nothing overlaps. Runs after seedDemoTeam;
 * a clinic that already has dentists is left as it is.
 */
export async function seedDemoAppointments(tx: Executor): Promise<void> {
  const [existing] = await tx
    .select({ id: dentistas.id })
    .from(dentistas)
    .where(eq(dentistas.clinicaId, DEMO_CLINIC.id))
    .limit(1);
  if (existing) return;
  await tx
    .insert(dentistas)
    .values(DEMO_DENTISTS.map((d, i) => ({ ...d, clinicaId: DEMO_CLINIC.id, color: DENTIST_COLOR_VALUES[i] })));

  const active = await tx
    .select({ id: pacientes.id })
    .from(pacientes)
    .where(and(eq(pacientes.clinicaId, DEMO_CLINIC.id), eq(pacientes.estado, 'activo')))
    .orderBy(pacientes.id);
  // One active patient in twelve is not in these months' agenda: nothing booked, and the last visit the
  // patients' seeder gave them (up to two years ago), so 'Revisiones pendientes' has patients to invite back.
  const patients = active.filter((_, i) => i % 12 !== 0);
  if (patients.length === 0) return;
  const [{ zona }] = await tx
    .select({ zona: clinicas.zonaHoraria })
    .from(clinicas)
    .where(eq(clinicas.id, DEMO_CLINIC.id));
  const today = todayInZone(zona);
  const random = seededRandom(11);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

  const rows: PgInsertValue<typeof citas>[] = [];
  for (let offset = -DAYS_AROUND; offset <= DAYS_AROUND; offset++) {
    const fecha = addDays(today, offset);
    const weekday = new Date(`${fecha}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const dentist of DEMO_DENTISTS) {
      for (const [open, close] of [
        [9 * 60, 14 * 60],
        [16 * 60, 20 * 60],
      ]) {
        let start = open + pick([0, 0, 30, 60]);
        for (;;) {
          const duration = pick([30, 30, 45, 60]);
          if (start + duration > close) break;
          const past = fecha < today;
          const estado: AppointmentStatus = past
            ? random() < 0.85
              ? 'completada'
              : 'cancelada'
            : random() < 0.6
              ? 'confirmada'
              : 'pendiente';
          rows.push({
            clinicaId: DEMO_CLINIC.id,
            pacienteId: pick(patients).id,
            dentistaId: dentist.id,
            inicio: localInstant(fecha, hhmm(start), zona),
            fin: localInstant(fecha, hhmm(start + duration), zona),
            titulo: pick(TREATMENTS),
            estado,
          });
          // A free gap now and then, as in a real day.
          start += duration + pick([0, 0, 0, 15, 30, 60]);
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(citas).values(rows.slice(i, i + 500));

  // The patients' visits follow the agenda, by the rule a booking applies.
  await refreshVisits(
    tx,
    { clinicaId: DEMO_CLINIC.id, zonaHoraria: zona },
    patients.map((p) => p.id),
  );
}
