import type { AlertCondition } from '@odontia/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { refreshAlertLabels } from '../../db/alert-labels.ts';
import { DEMO_CLINIC, DEMO_TEAM, seededRandom } from '../../seed/demo.ts';
import { antecedentes, pacientes } from '../../db/schema/index.ts';

type DemoAlert =
  | { tipo: 'alergia'; descripcion: string }
  | { tipo: 'medicacion'; descripcion: string; anticoagulante: boolean }
  | { tipo: 'condicion'; condicion: AlertCondition; descripcion?: string };

/** What a clinic's alerts look like: allergies, anticoagulants (the ones that change a treatment), conditions. */
const PROFILES: DemoAlert[][] = [
  [{ tipo: 'alergia', descripcion: 'penicilina' }],
  [{ tipo: 'medicacion', descripcion: 'Sintrom (acenocumarol) 4 mg', anticoagulante: true }],
  [
    { tipo: 'medicacion', descripcion: 'Eliquis (apixabán) 5 mg', anticoagulante: true },
    { tipo: 'condicion', condicion: 'cardiopatia' },
  ],
  [{ tipo: 'alergia', descripcion: 'látex' }],
  [
    { tipo: 'condicion', condicion: 'diabetes' },
    { tipo: 'medicacion', descripcion: 'Metformina 850 mg', anticoagulante: false },
  ],
  [{ tipo: 'condicion', condicion: 'hipertension' }],
  [
    { tipo: 'alergia', descripcion: 'ibuprofeno' },
    { tipo: 'condicion', condicion: 'otra', descripcion: 'Asma' },
  ],
  [{ tipo: 'medicacion', descripcion: 'Adiro (ácido acetilsalicílico) 100 mg', anticoagulante: true }],
];

const DAY_MS = 86_400_000;

/**
 * Medical alerts for about one demo patient in ten (the profiles above, anticoagulants among them),
 * recorded by the team's Dentista months ago; one withdrawn alert shows the history. The patients'
 * short lists (`pacientes.alertas`) are written by the one label rule, `refreshAlertLabels`. A clinic
 * with alerts is left as it is.
 */
export async function seedDemoAlerts(tx: Executor): Promise<void> {
  const [existing] = await tx
    .select({ id: antecedentes.id })
    .from(antecedentes)
    .where(eq(antecedentes.clinicaId, DEMO_CLINIC.id))
    .limit(1);
  if (existing) return;
  const patients = await tx
    .select({ id: pacientes.id })
    .from(pacientes)
    .where(and(eq(pacientes.clinicaId, DEMO_CLINIC.id), isNull(pacientes.fechaArchivado)))
    .orderBy(pacientes.id);
  const random = seededRandom(14);
  const author = DEMO_TEAM.members[0];
  const now = Date.now();
  const rows: (typeof antecedentes.$inferInsert)[] = [];
  let withdrawn = false;
  patients.forEach((p, i) => {
    // One in ten, spread over the list (every tenth patient, from a seeded start).
    if (i % 10 !== 3) return;
    const profile = PROFILES[Math.floor(random() * PROFILES.length)];
    const fechaRegistro = new Date(now - (30 + Math.floor(random() * 300)) * DAY_MS);
    for (const alert of profile) {
      rows.push({
        clinicaId: DEMO_CLINIC.id,
        pacienteId: p.id,
        tipo: alert.tipo,
        descripcion: alert.tipo === 'condicion' ? (alert.descripcion ?? null) : alert.descripcion,
        anticoagulante: alert.tipo === 'medicacion' && alert.anticoagulante,
        condicion: alert.tipo === 'condicion' ? alert.condicion : null,
        fechaRegistro,
        autorId: author.id,
        autorNombre: author.nombres,
      });
    }
    if (!withdrawn && profile.some((a) => a.tipo === 'medicacion')) {
      // An alert that no longer holds: kept, withdrawn, out of the short list.
      withdrawn = true;
      rows.push({
        clinicaId: DEMO_CLINIC.id,
        pacienteId: p.id,
        tipo: 'condicion',
        condicion: 'otra',
        descripcion: 'Tratamiento con bifosfonatos (finalizado)',
        fechaRegistro: new Date(fechaRegistro.getTime() - 400 * DAY_MS),
        autorId: author.id,
        autorNombre: author.nombres,
        fechaRetirada: new Date(fechaRegistro.getTime() - 120 * DAY_MS),
        retiradaPorId: author.id,
        retiradaPorNombre: author.nombres,
      });
    }
  });
  if (!rows.length) return;
  await tx.insert(antecedentes).values(rows);
  await refreshAlertLabels(tx, eq(pacientes.clinicaId, DEMO_CLINIC.id));
}
