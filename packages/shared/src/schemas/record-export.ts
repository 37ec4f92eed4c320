import { z } from 'zod';
import { fileSlug } from '../names.ts';
import { chartProblems, type OdontogramChart } from '../odontogram.ts';
import { ALERT_CONDITIONS, ALERT_KINDS } from './medical-alerts.ts';

/**
 * The export of a patient's record ('Exportar historia', issue 22; GDPR art. 15 and 20, Ley 41/2002
 * art. 18): `GET /api/pacientes/{id}/exportar` answers a zip with `historia.json` (this schema), a PDF
 * summary `historia.pdf`, and each signed consent's PDF as it was stored. What the record holds and the
 * patient may take: personal data, medical alerts (withdrawn ones too), signed notes with their addenda
 * and hashes, every chart version, the consents' metadata and the appointments. Subjective annotations
 * (Ley 41/2002 art. 18.3), drafts and discarded drafts are left out.
 *
 * The format is versioned (`formato`): a change that breaks a reader is a new version, so an importer
 * knows what it holds. Every object is strict, so a field that should not be there (a note's
 * `subjetiva`) fails the schema the API test parses its own output with.
 */
export const RECORD_EXPORT_FORMAT = 'odontia-historia/1';

export const RECORD_EXPORT_MESSAGES = {
  button: 'Exportar historia',
  exporting: 'Exportando…',
  failed: 'No se pudo exportar la historia',
  failedFallback: 'No se pudo descargar la historia clínica. Inténtalo de nuevo.',
  done: 'Historia exportada',
  patientNotFound: 'Paciente no encontrado',
  consentFileMissing: (titulo: string) =>
    `No se pudo leer el PDF firmado del consentimiento «${titulo}», o no coincide con su huella SHA-256. Avisa al administrador de la clínica.`,
} as const;

/** `historia-<apellidos-nombres>-<yyyy-mm-dd>.zip`, the day being the clinic's. */
export const recordExportFileName = (patient: { nombres: string; apellidos: string }, day: string): string =>
  `historia-${fileSlug(`${patient.apellidos} ${patient.nombres}`, 'paciente')}-${day}.zip`;

/** A consent's PDF inside the zip: `consentimientos/<yyyy-mm-dd>-<titulo>-<n>.pdf`, n counting from 1 in signing order. */
export const exportedConsentPath = (day: string, titulo: string, n: number): string =>
  `consentimientos/${day}-${fileSlug(titulo, 'consentimiento', 50)}-${n}.pdf`;

const instant = z.iso.datetime();
const day = z.iso.date();
const time = z.string().regex(/^\d{2}:\d{2}$/);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** Who wrote or signed something: the member's id (null once the account is gone) and their name at the time. */
const person = z.strictObject({ id: z.string().nullable(), nombre: z.string() });

/** A chart as the odontogram stores it (shared `chartProblems`: every tooth of one dentición, etapas included). */
const chart = z.custom<OdontogramChart>((value) => chartProblems(value).length === 0, {
  error: 'El odontograma no es válido',
});

export const recordExportSchema = z.strictObject({
  formato: z.literal(RECORD_EXPORT_FORMAT),
  exportadoEn: instant,
  exportadoPor: person,
  clinica: z.strictObject({
    nombre: z.string(),
    direccion: z.string().nullable(),
    ciudad: z.string().nullable(),
    pais: z.string().nullable(),
    telefono: z.string().nullable(),
    zonaHoraria: z.string(),
  }),
  paciente: z.strictObject({
    id: z.uuid(),
    nombres: z.string(),
    apellidos: z.string(),
    fechaNacimiento: day.nullable(),
    genero: z.string().nullable(),
    email: z.string().nullable(),
    telefono: z.string().nullable(),
    direccion: z.string().nullable(),
    notas: z.string().nullable(),
    estado: z.string(),
    fechaRegistro: instant,
  }),
  /** Every alert, those that hold first, newest first; a withdrawn one with its date and who withdrew it. */
  antecedentes: z.array(
    z.strictObject({
      id: z.uuid(),
      tipo: z.enum(ALERT_KINDS),
      descripcion: z.string().nullable(),
      anticoagulante: z.boolean(),
      condicion: z.enum(ALERT_CONDITIONS).nullable(),
      fechaRegistro: instant,
      autor: person,
      retirada: z.strictObject({ fecha: instant, autor: person }).nullable(),
    }),
  ),
  /**
   * Signed notes that are not subjective, oldest first, each with its addenda (oldest first). `hash` is
   * the SHA-256 of shared `canonicalNoteContent` (with `subjetiva: false`, the procedures' ids and
   * `fechaFirma` as given), so anyone holding the file can check a note was not changed.
   */
  notas: z.array(
    z.strictObject({
      id: z.uuid(),
      pacienteId: z.uuid(),
      citaId: z.uuid().nullable(),
      fecha: day,
      autor: z.strictObject({ id: z.string(), nombre: z.string() }),
      texto: z.string(),
      diagnostico: z.strictObject({ codigo: z.string(), descripcion: z.string() }).nullable(),
      procedimientos: z.array(z.strictObject({ id: z.uuid(), nombre: z.string() })),
      fechaCreacion: instant,
      fechaFirma: instant,
      hash: sha256,
      adendas: z.array(
        z.strictObject({
          id: z.uuid(),
          autor: z.strictObject({ id: z.string(), nombre: z.string() }),
          texto: z.string(),
          fecha: instant,
          hash: sha256,
        }),
      ),
    }),
  ),
  /** Every version of the chart, oldest first (the last is the current chart). */
  odontograma: z.array(
    z.strictObject({ version: z.number().int().min(1), fecha: instant, autor: person, carta: chart }),
  ),
  /** The signed consents, oldest first; `archivo` is the path of its PDF inside the zip. */
  consentimientos: z.array(
    z.strictObject({
      id: z.uuid(),
      titulo: z.string(),
      fechaFirma: instant,
      firmante: z.enum(['paciente', 'tutor']),
      pacienteNombre: z.string(),
      tutor: z.strictObject({ nombre: z.string(), relacion: z.string() }).nullable(),
      profesional: person,
      sha256,
      bytes: z.number().int().min(0),
      archivo: z.string(),
    }),
  ),
  /** The appointments (not the 5-minute online holds), oldest first, in the clinic's local time. */
  citas: z.array(
    z.strictObject({
      id: z.uuid(),
      fecha: day,
      horaInicio: time,
      horaFin: time,
      dentista: z.string(),
      estado: z.string(),
      motivo: z.string(),
    }),
  ),
});
export type RecordExport = z.infer<typeof recordExportSchema>;
