import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { DEMO_CLINIC, seededRandom } from '../../seed/demo.ts';
import { adendasNotas, notasClinicas } from '../../db/schema/index.ts';
import { addendumHash, noteHash } from './clinical-notes.service.ts';

/** Notes a demo patient gets at most: one per completed visit, the latest ones. */
const MAX_NOTES = 2;

/** What a visit of this title finds and does: CIE-10 codes to choose from, the service's catalogue code, the text. */
const BY_TREATMENT: Record<string, { diagnosticos: string[]; servicio: string | null; texto: string }> = {
  Revisión: {
    diagnosticos: ['K03.6', 'K05.1', 'K02.0'],
    servicio: 'SRV-001',
    texto:
      'Revisión periódica. Exploración intraoral: tejidos blandos sin alteraciones. Higiene oral aceptable. Se recomienda revisión en 6 meses.',
  },
  'Limpieza dental': {
    diagnosticos: ['K03.6', 'K05.1'],
    servicio: 'SRV-002',
    texto:
      'Tartrectomía supra y subgingival con ultrasonidos, pulido y aplicación de flúor. Sangrado leve al sondaje. Instrucciones de higiene oral explicadas.',
  },
  Empaste: {
    diagnosticos: ['K02.1', 'K02.0'],
    servicio: 'SRV-004',
    texto:
      'Anestesia infiltrativa. Eliminación de caries, aislamiento relativo, grabado ácido, adhesivo y restauración con composite. Oclusión comprobada.',
  },
  Endodoncia: {
    diagnosticos: ['K04.0', 'K04.1', 'K04.5'],
    servicio: 'SRV-005',
    texto:
      'Apertura cameral, conductometría e instrumentación rotatoria. Irrigación con hipoclorito y obturación de conductos. Radiografía final correcta. Obturación provisional.',
  },
  'Ortodoncia: ajuste': {
    diagnosticos: ['K07.3', 'K07.2'],
    servicio: 'SRV-011',
    texto: 'Control de ortodoncia: cambio de arco y ligaduras. Buena evolución. Higiene con cepillo interdental.',
  },
  Extracción: {
    diagnosticos: ['K08.3', 'K04.7', 'K05.3'],
    servicio: 'SRV-007',
    texto:
      'Anestesia troncular. Luxación y extracción sin incidencias, hemostasia con gasa. Indicaciones postoperatorias entregadas por escrito.',
  },
  Blanqueamiento: {
    diagnosticos: ['K03.7'],
    servicio: 'SRV-003',
    texto:
      'Blanqueamiento en consultorio con peróxido de hidrógeno, una sesión. Sensibilidad leve, se pauta pasta desensibilizante.',
  },
  'Implante: control': {
    diagnosticos: ['K08.1'],
    servicio: 'SRV-012',
    texto: 'Control del implante: tejidos periimplantarios sanos, sin movilidad. Radiografía periapical de control.',
  },
  Urgencia: {
    diagnosticos: ['K04.0', 'K04.7', 'K02.5'],
    servicio: 'SRV-014',
    texto:
      'Acude por dolor. Pruebas de vitalidad y percusión. Apertura y drenaje, se pauta analgesia y se cita para tratamiento.',
  },
  'Primera visita': {
    diagnosticos: ['K02.1', 'K05.1', 'K03.6'],
    servicio: 'SRV-001',
    texto: 'Primera visita: anamnesis, exploración y radiografías. Se explica el diagnóstico y el plan de tratamiento.',
  },
};

const ADDENDA = [
  'Llama al día siguiente: sin dolor ni sangrado.',
  'Corrección: la pieza tratada es la contigua a la indicada en la nota; el tratamiento es el descrito.',
  'Se entrega presupuesto del plan de tratamiento.',
];

type Visit = {
  cita_id: string;
  paciente_id: string;
  fecha: string;
  fin: Date | string;
  titulo: string;
  autor_id: string;
  autor_nombre: string;
};

/**
 * Signed notes for the demo clinic's patients seen in the past: one per completed visit (the latest
 * MAX_NOTES), with a diagnosis (CIE-10), the visit's service of the catalogue and a text that fits the
 * appointment's title; a few carry an addendum. Written by the visit's dentist when a team member is
 * linked to them, else by the owner; signed twenty minutes after the visit, hashed by the service's
 * own `noteHash`. Runs after seedDemoAppointments and seedDemoCatalog.
 */
export async function seedDemoNotes(tx: Executor): Promise<void> {
  const visits = await rowsOf<Visit>(
    tx.execute(sql`
    select c.id as cita_id, c.paciente_id, (c.inicio at time zone cl.zona_horaria)::date::text as fecha, c.fin,
      c.titulo, u.id as autor_id, u.nombres as autor_nombre
    from citas c
      join clinicas cl on cl.id = c.clinica_id
      join dentistas d on d.id = c.dentista_id
      join usuarios u on u.id = coalesce(d.usuario_id, ${DEMO_CLINIC.owner.id})
    where c.clinica_id = ${DEMO_CLINIC.id} and c.estado = 'completada' and c.fin < now()
      and not exists (select 1 from notas_clinicas n where n.paciente_id = c.paciente_id)
    order by c.paciente_id, c.inicio`),
  );
  if (!visits.length) return;
  const services = await rowsOf<{ id: string; codigo: string }>(
    tx.execute(sql`select id, codigo from productos
      where clinica_id = ${DEMO_CLINIC.id} and categoria = 'servicio' and codigo is not null`),
  );
  const serviceId = new Map(services.map((s) => [s.codigo, s.id]));
  const byPatient = new Map<string, Visit[]>();
  for (const v of visits) byPatient.set(v.paciente_id, [...(byPatient.get(v.paciente_id) ?? []), v]);

  const random = seededRandom(13);
  const notes: (typeof notasClinicas.$inferInsert)[] = [];
  const addenda: (typeof adendasNotas.$inferInsert)[] = [];
  for (const all of byPatient.values()) {
    for (const visit of all.slice(-MAX_NOTES)) {
      const plan = BY_TREATMENT[visit.titulo] ?? BY_TREATMENT.Revisión;
      const id = crypto.randomUUID();
      const fechaCreacion = new Date(visit.fin);
      const fechaFirma = new Date(fechaCreacion.getTime() + 20 * 60_000);
      const service = plan.servicio ? serviceId.get(plan.servicio) : undefined;
      const content = {
        id,
        pacienteId: visit.paciente_id,
        citaId: visit.cita_id,
        autorId: visit.autor_id,
        autorNombre: visit.autor_nombre,
        fecha: visit.fecha,
        texto: plan.texto,
        diagnostico: plan.diagnosticos[Math.floor(random() * plan.diagnosticos.length)],
        procedimientos: service ? [service] : [],
        subjetiva: false,
      };
      notes.push({
        ...content,
        clinicaId: DEMO_CLINIC.id,
        estado: 'firmada',
        fechaCreacion,
        fechaActualizacion: fechaFirma,
        fechaFirma,
        hash: noteHash(content, fechaFirma),
      });
      const addendumAt = new Date(fechaFirma.getTime() + 22 * 3_600_000);
      if (random() < 0.08 && addendumAt.getTime() < Date.now()) {
        const adenda = {
          id: crypto.randomUUID(),
          notaId: id,
          autorId: visit.autor_id,
          autorNombre: visit.autor_nombre,
          texto: ADDENDA[Math.floor(random() * ADDENDA.length)],
          fecha: addendumAt,
        };
        addenda.push({ ...adenda, clinicaId: DEMO_CLINIC.id, hash: addendumHash(adenda) });
      }
    }
  }
  for (let i = 0; i < notes.length; i += 500) await tx.insert(notasClinicas).values(notes.slice(i, i + 500));
  if (addenda.length) await tx.insert(adendasNotas).values(addenda);
}
