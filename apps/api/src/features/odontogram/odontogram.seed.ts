import {
  applyStatus,
  emptyChart,
  setToothNotes,
  SURFACES,
  PERMANENT_TEETH,
  toothEntry,
  toothInfo,
  type OdontogramChart,
  type ToothId,
  type ToothStatus,
} from '@odontia/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { DEMO_CLINIC, seededRandom } from '../../seed/demo.ts';
import { auditoria } from '../../db/schema/index.ts';

/** Versions a demo patient gets at most: one per completed visit, the latest ones. */
const MAX_VERSIONS = 3;

type Visit = { paciente_id: string; inicio: Date | string; dentista: string; usuario_id: string | null };

/** A first chart as a dentist finds it: a few missing wisdom teeth, old fillings, a crown now and then. */
function firstChart(random: () => number): OdontogramChart {
  let chart = emptyChart();
  for (const id of PERMANENT_TEETH) {
    const { position, anterior } = toothInfo(id);
    const r = random();
    if (position === 8 && r < 0.35) chart = applyStatus(chart, { tooth: id, surface: null }, 'missing');
    else if (!anterior && r < 0.15) chart = applyStatus(chart, { tooth: id, surface: 'center' }, 'filled');
    else if (!anterior && r < 0.19) chart = applyStatus(chart, { tooth: id, surface: null }, 'crown');
    else if (r < 0.24) chart = applyStatus(chart, { tooth: id, surface: SURFACES[Math.floor(random() * 4)] }, 'cavity');
  }
  return chart;
}

/** What one visit changes: cavities found earlier get filled, sometimes a new one, now and then more. */
function nextChart(chart: OdontogramChart, random: () => number): OdontogramChart {
  let next = chart;
  for (const id of PERMANENT_TEETH) {
    for (const surface of SURFACES) {
      if (toothEntry(next, id).superficies[surface].estado === 'cavity' && random() < 0.8) {
        next = applyStatus(next, { tooth: id, surface }, 'filled');
        next = setToothNotes(next, id, 'Obturación con composite');
      }
    }
  }
  const present = PERMANENT_TEETH.filter((id) => toothEntry(next, id).estado !== 'missing');
  const tooth = present[Math.floor(random() * present.length)] as ToothId;
  const r = random();
  const change: [ToothStatus, string | null, string] =
    r < 0.5
      ? ['cavity', 'center', 'Caries incipiente, revisar en la próxima visita']
      : r < 0.65
        ? ['crown', null, 'Corona de zirconio tras endodoncia']
        : r < 0.75
          ? ['missing', null, 'Extracción por fractura radicular']
          : r < 0.85
            ? ['implant', null, 'Implante colocado; control en 3 meses']
            : ['cavity', 'left', 'Caries interproximal'];
  next = applyStatus(next, { tooth, surface: change[1] as (typeof SURFACES)[number] | null }, change[0]);
  return setToothNotes(next, tooth, change[2]);
}

/**
 * Charts for the demo clinic's patients seen in the past: a version per completed visit (the latest
 * MAX_VERSIONS), each by that visit's dentist at the end of the visit, evolving as a real chart does
 * (cavities found, then filled; a crown, an extraction, an implant). Versions by the dentist who is a
 * team member are in the audit trail as saves. Runs after seedDemoAppointments; one read, three writes.
 */
export async function seedDemoCharts(tx: Executor): Promise<void> {
  const visits = await rowsOf<Visit>(
    tx.execute(sql`
    select c.paciente_id, c.fin as inicio, d.nombres || ' ' || split_part(d.apellidos, ' ', 1) as dentista, d.usuario_id
    from citas c join dentistas d on d.id = c.dentista_id
    where c.clinica_id = ${DEMO_CLINIC.id} and c.estado = 'completada' and c.fin < now()
      and not exists (select 1 from odontograma_versiones v where v.paciente_id = c.paciente_id)
    order by c.paciente_id, c.inicio`),
  );
  const byPatient = new Map<string, Visit[]>();
  for (const v of visits) byPatient.set(v.paciente_id, [...(byPatient.get(v.paciente_id) ?? []), v]);

  const random = seededRandom(12);
  const versions: {
    clinica_id: string;
    paciente_id: string;
    version: number;
    carta: OdontogramChart;
    autor_id: string | null;
    autor_nombre: string;
    fecha_creacion: Date;
  }[] = [];
  const audit: (typeof auditoria.$inferInsert)[] = [];
  for (const [pacienteId, all] of byPatient) {
    let chart: OdontogramChart | null = null;
    all.slice(-MAX_VERSIONS).forEach((visit, i) => {
      chart = chart ? nextChart(chart, random) : firstChart(random);
      const fecha = new Date(visit.inicio);
      versions.push({
        clinica_id: DEMO_CLINIC.id,
        paciente_id: pacienteId,
        version: i + 1,
        carta: chart,
        autor_id: visit.usuario_id,
        autor_nombre: visit.dentista,
        fecha_creacion: fecha,
      });
      if (visit.usuario_id) {
        audit.push({
          clinicaId: DEMO_CLINIC.id,
          usuarioId: visit.usuario_id,
          usuarioNombre: visit.dentista,
          accion: 'odontograma.guardar',
          pacienteId,
          direccion: '192.168.1.24',
          detalle: { version: i + 1 },
          fecha,
        });
      }
    });
  }
  // One statement with the rows as one JSON parameter: measured 3x faster on PGlite than batched VALUES.
  await tx.execute(sql`
    insert into odontograma_versiones (clinica_id, paciente_id, version, carta, autor_id, autor_nombre, fecha_creacion)
    select clinica_id, paciente_id, version, carta, autor_id, autor_nombre, fecha_creacion
    from jsonb_to_recordset(${JSON.stringify(versions)}::jsonb) as r(
      clinica_id uuid, paciente_id uuid, version int, carta jsonb, autor_id text, autor_nombre text, fecha_creacion timestamptz)`);
  // In time order, as they would have been written.
  audit.sort((a, b) => (a.fecha as Date).getTime() - (b.fecha as Date).getTime());
  for (let i = 0; i < audit.length; i += 500) await tx.insert(auditoria).values(audit.slice(i, i + 500));
}
