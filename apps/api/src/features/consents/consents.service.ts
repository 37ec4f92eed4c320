import { createHash } from 'node:crypto';
import {
  CONSENT_MESSAGES as M,
  consentFileName,
  fillTemplate,
  formatDate,
  isMinor,
  templateNeedsTooth,
  todayInZone,
  type ConsentData,
  type ConsentSignerKind,
} from '@odontia/shared';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { clinicas, consentimientos, pacientes, plantillasConsentimientos, usuarios } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { assertSafeKey, type Storage } from '../../platform/storage/storage.ts';
import { logoPng } from '../../platform/pdf.ts';
import { checkSignature } from '../../platform/signature.ts';
import { renderConsentPdf } from './consents.pdf.ts';

/**
 * Signed informed consents (issue 22). Signing reads the patient, the clinic and the template, checks
 * both signatures by their bytes, fills the text, makes the PDF, stores it under the API-only prefix
 * `consentimientos/` and then, in one transaction, inserts the row (with the PDF's SHA-256) and its
 * audit row; if that transaction fails, the stored file is deleted again. The row can never change
 * (triggers, migration 0029); its PDF is read only through `consentPdf`, audited.
 */

const c = consentimientos;
const patientNotFound = () => notFound(M.patientNotFound);
const consentNotFound = () => notFound(M.consentNotFound);

/** The caller clinic's patient, unless archived (deleted with clinical records). */
async function findPatient(db: Executor, clinicaId: string, pacienteId: string) {
  const [row] = await db
    .select({
      id: pacientes.id,
      nombres: pacientes.nombres,
      apellidos: pacientes.apellidos,
      fechaNacimiento: pacientes.fechaNacimiento,
    })
    .from(pacientes)
    .where(and(eq(pacientes.id, pacienteId), eq(pacientes.clinicaId, clinicaId), isNull(pacientes.fechaArchivado)));
  return row ?? null;
}

const fullName = (p: { nombres: string; apellidos: string }) => `${p.nombres} ${p.apellidos}`.trim();

/** The metadata every answer shows (a list, a new consent, the timeline). */
const consentColumns = {
  id: c.id,
  titulo: c.titulo,
  fechaFirma: c.fechaFirma,
  firmante: c.firmante,
  tutorNombre: c.tutorNombre,
  tutorRelacion: c.tutorRelacion,
  profesionalId: c.profesionalId,
  profesionalNombre: c.profesionalNombre,
  sha256: c.sha256,
  bytes: c.bytes,
};
type ConsentRow = Pick<typeof c.$inferSelect, keyof typeof consentColumns>;

export const consentView = (r: ConsentRow) => ({
  id: r.id,
  titulo: r.titulo,
  fecha: r.fechaFirma,
  firmante: r.firmante satisfies ConsentSignerKind,
  tutor: r.firmante === 'tutor' ? { nombre: r.tutorNombre ?? '', relacion: r.tutorRelacion ?? '' } : null,
  profesional: { id: r.profesionalId, nombre: r.profesionalNombre },
  sha256: r.sha256,
  bytes: r.bytes,
});
export type ConsentView = ReturnType<typeof consentView>;

/**
 * Signs a consent for the caller clinic's patient, as the caller (the professional). `db` may be a
 * transaction (the demo seed): the row and its audit row then go in a savepoint of it.
 */
/**
 * What a signing starts from: the caller clinic's patient (404 otherwise), the clinic, the template
 * (422 when it is not the clinic's), the professional's name and the text filled as it will be
 * signed; `menor` in the clinic's calendar. The preview and the signing share it, so the patient reads
 * the very text they sign.
 */
async function prepareConsent(
  db: Executor,
  actor: AuditActor,
  pacienteId: string,
  input: { plantillaId: string; diente: string | null },
  now: Date,
) {
  const patient = await findPatient(db, actor.clinicaId, pacienteId);
  if (!patient) throw patientNotFound();
  const [clinic] = await db
    .select({
      nombre: clinicas.nombre,
      direccion: clinicas.direccion,
      ciudad: clinicas.ciudad,
      telefono: clinicas.telefono,
      logoUrl: clinicas.logoUrl,
      zona: clinicas.zonaHoraria,
    })
    .from(clinicas)
    .where(eq(clinicas.id, actor.clinicaId));
  const [template] = await db
    .select({ titulo: plantillasConsentimientos.titulo, cuerpo: plantillasConsentimientos.cuerpo })
    .from(plantillasConsentimientos)
    .where(
      and(
        eq(plantillasConsentimientos.id, input.plantillaId),
        eq(plantillasConsentimientos.clinicaId, actor.clinicaId),
      ),
    );
  if (!template) throw unprocessable(M.templateUnknown, 'plantillaId');
  const [member] = await db.select({ nombres: usuarios.nombres }).from(usuarios).where(eq(usuarios.id, actor.userId));
  const profesional = member?.nombres ?? '';
  const today = todayInZone(clinic.zona, now);
  const pacienteNombre = fullName(patient);
  const texto = fillTemplate(template.cuerpo, {
    paciente: pacienteNombre,
    fecha: formatDate(today),
    dentista: profesional,
    clinica: clinic.nombre,
    direccion: [clinic.direccion, clinic.ciudad].filter(Boolean).join(', '),
    diente: input.diente ?? undefined,
  });
  return {
    patient,
    pacienteNombre,
    clinic,
    template,
    profesional,
    texto,
    menor: isMinor(patient.fechaNacimiento, today),
    necesitaDiente: templateNeedsTooth(template.cuerpo),
  };
}

/** The text the patient will sign (the template filled by the server), and whether a guardian must sign. */
export async function previewConsent(
  db: Database,
  actor: AuditActor,
  pacienteId: string,
  input: { plantillaId: string; diente: string | null },
) {
  const p = await prepareConsent(db, actor, pacienteId, input, new Date());
  return {
    titulo: p.template.titulo,
    texto: p.texto,
    menor: p.menor,
    necesitaDiente: p.necesitaDiente,
    paciente: p.pacienteNombre,
    profesional: p.profesional,
  };
}

/**
 * Signs a consent for the caller clinic's patient, as the caller (the professional). `db` may be a
 * transaction (the demo seed): the row and its audit row then go in a savepoint of it.
 */
export async function signConsent(
  db: Executor,
  storage: Storage,
  actor: AuditActor,
  pacienteId: string,
  data: ConsentData,
  now: Date = new Date(),
): Promise<ConsentView> {
  const { patient, pacienteNombre, clinic, template, profesional, texto, menor, necesitaDiente } = await prepareConsent(
    db,
    actor,
    pacienteId,
    data,
    now,
  );
  if (data.firmante !== 'tutor' && menor) throw unprocessable(M.minorNeedsGuardian, 'firmante');
  if (necesitaDiente && !data.diente) throw unprocessable(M.toothRequired, 'diente');
  const firmaPaciente = await checkSignature(data.firmaPaciente, 'firmaPaciente');
  const firmaProfesional = await checkSignature(data.firmaProfesional, 'firmaProfesional');

  const id = crypto.randomUUID();
  const pdf = await renderConsentPdf({
    id,
    titulo: template.titulo,
    texto,
    clinica: clinic,
    logo: await logoPng(storage, clinic.logoUrl),
    paciente: { nombre: pacienteNombre, fechaNacimiento: patient.fechaNacimiento },
    tutor: data.tutor,
    profesional,
    firmaPaciente,
    firmaProfesional,
    fechaFirma: now,
  });
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const key = `consentimientos/${actor.clinicaId}/${id}.pdf`;
  assertSafeKey(key);
  // The file first: a row never points at a file that is not there. A failed insert takes the file back.
  await storage.put(key, pdf, 'application/pdf');
  try {
    const [row] = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(c)
        .values({
          id,
          clinicaId: actor.clinicaId,
          pacienteId,
          plantillaId: data.plantillaId,
          titulo: template.titulo,
          texto,
          pacienteNombre,
          firmante: data.firmante,
          tutorNombre: data.tutor?.nombre ?? null,
          tutorRelacion: data.tutor?.relacion ?? null,
          profesionalId: actor.userId,
          profesionalNombre: profesional,
          fechaFirma: now,
          archivoClave: key,
          sha256,
          bytes: pdf.byteLength,
        })
        .returning(consentColumns);
      await recordAudit(tx, actor, { accion: 'consentimiento.firmar', pacienteId, detalle: { consentimiento: id } });
      return inserted;
    });
    return consentView(row);
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** The patient's signed consents, newest first; the view is written to the audit trail. */
export async function listPatientConsents(db: Database, actor: AuditActor, pacienteId: string) {
  return db.transaction(async (tx) => {
    if (!(await findPatient(tx, actor.clinicaId, pacienteId))) throw patientNotFound();
    const rows = await tx
      .select(consentColumns)
      .from(c)
      .where(and(eq(c.clinicaId, actor.clinicaId), eq(c.pacienteId, pacienteId)))
      .orderBy(desc(c.fechaFirma), desc(c.id));
    await recordAudit(tx, actor, { accion: 'consentimientos.ver', pacienteId });
    return { consentimientos: rows.map(consentView) };
  });
}

/**
 * A signed consent's PDF, as stored, with its download name; the download is written to the audit
 * trail. Another clinic's consent, or an archived patient's, is not found.
 */
export async function consentPdf(db: Database, storage: Storage, actor: AuditActor, id: string) {
  const [row] = await db
    .select({
      pacienteId: c.pacienteId,
      titulo: c.titulo,
      pacienteNombre: c.pacienteNombre,
      fechaFirma: c.fechaFirma,
      archivoClave: c.archivoClave,
      zona: clinicas.zonaHoraria,
    })
    .from(c)
    .innerJoin(pacientes, eq(pacientes.id, c.pacienteId))
    .innerJoin(clinicas, eq(clinicas.id, c.clinicaId))
    .where(and(eq(c.id, id), eq(c.clinicaId, actor.clinicaId), isNull(pacientes.fechaArchivado)));
  if (!row) throw consentNotFound();
  const file = await storage.get(row.archivoClave);
  if (!file) throw notFound(M.fileMissing);
  await recordAudit(db, actor, {
    accion: 'consentimiento.descargar',
    pacienteId: row.pacienteId,
    detalle: { consentimiento: id },
  });
  return {
    bytes: file.bytes,
    fileName: consentFileName(row.titulo, row.pacienteNombre, todayInZone(row.zona, row.fechaFirma)),
  };
}

/* Templates: the clinic's own texts, not clinical data (a change is not audited; a delete is real). */

const t = plantillasConsentimientos;
const templateColumns = { id: t.id, titulo: t.titulo, cuerpo: t.cuerpo };

export async function listTemplates(db: Database, clinicaId: string) {
  const plantillas = await db
    .select(templateColumns)
    .from(t)
    .where(eq(t.clinicaId, clinicaId))
    .orderBy(asc(t.titulo), asc(t.id));
  return { plantillas };
}

export async function createTemplate(db: Database, clinicaId: string, data: { titulo: string; cuerpo: string }) {
  const [row] = await db
    .insert(t)
    .values({ clinicaId, ...data })
    .returning(templateColumns);
  return row;
}

export async function updateTemplate(
  db: Database,
  clinicaId: string,
  id: string,
  data: { titulo: string; cuerpo: string },
) {
  const [row] = await db
    .update(t)
    .set({ ...data, fechaActualizacion: new Date() })
    .where(and(eq(t.id, id), eq(t.clinicaId, clinicaId)))
    .returning(templateColumns);
  if (!row) throw notFound(M.templateNotFound);
  return row;
}

export async function deleteTemplate(db: Database, clinicaId: string, id: string) {
  const [row] = await db
    .delete(t)
    .where(and(eq(t.id, id), eq(t.clinicaId, clinicaId)))
    .returning({ id: t.id });
  if (!row) throw notFound(M.templateNotFound);
}
