import { consentInputSchema, DEFAULT_CONSENT_TEMPLATES, isMinor, todayInZone } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { DEMO_CLINIC, DEMO_ZONE, seededRandom, type DemoSeedContext } from '../../seed/demo.ts';
import { drawnSignaturePng } from '../../platform/signature.ts';
import { signConsent } from './consents.service.ts';

/** How many of the demo clinic's patients seen in the past get a signed consent. */
const DEMO_CONSENTS = 12;

type Visit = { paciente_id: string; fecha_nacimiento: string | null; fin: Date; autor_id: string; nombres: string };

const GUARDIANS = [
  { nombre: 'María López Fernández', relacion: 'Madre' },
  { nombre: 'Juan García Pérez', relacion: 'Padre' },
  { nombre: 'Carmen Ruiz Sánchez', relacion: 'Madre' },
];

/**
 * Signed consents for some of the demo clinic's patients seen in the past, each at the end of their
 * latest completed visit, signed through the route's own `signConsent` (real PDFs in storage, SHA-256,
 * audit rows): the general one for most, an extraction or an endodontics for some; a minor's signed by
 * a guardian. Runs after seedDemoNotes (and so after the clinic, its templates and the appointments).
 */
export async function seedDemoConsents(tx: Executor, { storage }: DemoSeedContext): Promise<void> {
  const visits = await rowsOf<Visit>(
    tx.execute(sql`
    select distinct on (c.paciente_id) c.paciente_id, p.fecha_nacimiento::text as fecha_nacimiento, c.fin,
      u.id as autor_id, p.nombres
    from citas c
      join pacientes p on p.id = c.paciente_id
      join dentistas d on d.id = c.dentista_id
      join usuarios u on u.id = coalesce(d.usuario_id, ${DEMO_CLINIC.owner.id})
    where c.clinica_id = ${DEMO_CLINIC.id} and c.estado = 'completada' and c.fin < now()
    order by c.paciente_id, c.fin desc`),
  );
  if (!visits.length) return;
  const templates = await rowsOf<{ id: string; titulo: string }>(
    tx.execute(sql`select id, titulo from plantillas_consentimientos where clinica_id = ${DEMO_CLINIC.id}`),
  );
  const templateId = (i: number) => templates.find((t) => t.titulo === DEFAULT_CONSENT_TEMPLATES[i].titulo)?.id;
  const random = seededRandom(22);
  // Every few patients, in a fixed order, so the same ones get a consent on every seed.
  const chosen = visits.filter((_, i) => i % 7 === 3).slice(0, DEMO_CONSENTS);
  for (const [i, visit] of chosen.entries()) {
    const kind = i % 4 === 1 ? 1 : i % 4 === 2 ? 2 : 0;
    const plantillaId = templateId(kind);
    if (!plantillaId) continue;
    const fecha = new Date(visit.fin);
    const minor = isMinor(visit.fecha_nacimiento, todayInZone(DEMO_ZONE, fecha));
    const data = consentInputSchema.parse({
      plantillaId,
      firmante: minor ? 'tutor' : 'paciente',
      tutor: minor ? GUARDIANS[i % GUARDIANS.length] : null,
      diente: kind === 1 ? ['38', '48', '18'][i % 3] : kind === 2 ? ['36', '46', '26'][i % 3] : null,
      firmaPaciente: (await drawnSignaturePng(random)).toString('base64'),
      firmaProfesional: (await drawnSignaturePng(random)).toString('base64'),
    });
    await signConsent(
      tx,
      storage,
      { clinicaId: DEMO_CLINIC.id, userId: visit.autor_id, direccion: '192.168.1.24' },
      visit.paciente_id,
      data,
      fecha,
    );
  }
}
