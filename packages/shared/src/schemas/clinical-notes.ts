import { z } from 'zod';
import { isCie10DentalCode } from '../cie10-dental.ts';
import { FIELD_MESSAGES, isCalendarDate, pageNumber, requiredText } from './fields.ts';

/**
 * Clinical notes (evoluciones, issue 22): a note is a draft until its author signs it; a signed note is
 * locked (its SHA-256 kept) and corrected only by addenda. The contract between the `/notas`,
 * `/pacientes/:id/notas`, `/pacientes/:id/historia` and `/plantillas-notas` routes and their screens.
 */

export const NOTE_TEXT_MAX = 20_000;
export const ADDENDUM_TEXT_MAX = 5_000;
export const NOTE_PROCEDURES_MAX = 30;
export const TEMPLATE_TITLE_MAX = 120;
export const TEMPLATE_BODY_MAX = 5_000;
export const HISTORY_PAGE_SIZE = 20;
/** A draft older than this is listed on its author's dashboard ('Notas sin firmar'). */
export const UNSIGNED_NOTE_HOURS = 24;

export const NOTE_STATES = ['borrador', 'firmada', 'descartada'] as const;
export type NoteState = (typeof NOTE_STATES)[number];
export const NOTE_STATE_LABELS: Record<NoteState, string> = {
  borrador: 'Borrador',
  firmada: 'Firmada',
  descartada: 'Descartada',
};

export const CLINICAL_NOTE_MESSAGES = {
  textRequired: 'Escribe el texto de la nota',
  addendumRequired: 'Escribe el texto de la adenda',
  dateRequired: 'Indica la fecha de la nota',
  dateInvalid: FIELD_MESSAGES.dateInvalid,
  dateFuture: 'La fecha de la nota no puede ser posterior a hoy',
  diagnosisUnknown: 'El diagnóstico no es un código CIE-10 del capítulo dental (K00-K14)',
  procedureInvalid: 'Procedimiento no válido',
  proceduresTooMany: `Indica como máximo ${NOTE_PROCEDURES_MAX} procedimientos`,
  procedureUnknown: 'Alguno de los procedimientos no es un servicio del catálogo de la clínica',
  appointmentInvalid: 'Cita no válida',
  appointmentUnknown: 'La cita no existe o no es de este paciente',
  templateTitleRequired: 'Escribe el título de la plantilla',
  templateBodyRequired: 'Escribe el texto de la plantilla',
  patientNotFound: 'Paciente no encontrado',
  noteNotFound: 'Nota no encontrada',
  templateNotFound: 'Plantilla no encontrada',
  notAuthor: 'Solo el autor de la nota puede modificarla, firmarla o descartarla',
  locked: 'La nota ya está firmada y no se puede modificar: añade una adenda para corregirla',
  discarded: 'La nota fue descartada',
  addendumOnlySigned: 'Solo se pueden añadir adendas a una nota firmada',
  filterInvalid: 'El filtro no es válido',
} as const;

const M = CLINICAL_NOTE_MESSAGES;

const noteDate = z
  .string({ error: M.dateRequired })
  .trim()
  .refine((v) => v.length > 0, M.dateRequired)
  .refine((v) => v === '' || isCalendarDate(v), M.dateInvalid);

/** A CIE-10 code of the dental chapter, or nothing ('' and null become null). */
const diagnosis = z
  .string({ error: M.diagnosisUnknown })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || isCie10DentalCode(v), M.diagnosisUnknown)
  .nullish()
  .transform((v) => v || null);

const lowerId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(z.uuid({ error: message }));

/** The fields of a draft, as the editor sends them (a new draft and each save of it). */
export const noteInputSchema = z.object({
  fecha: noteDate,
  citaId: z
    .union([lowerId(M.appointmentInvalid), z.literal(''), z.null()], { error: M.appointmentInvalid })
    .optional()
    .transform((v) => v || null),
  texto: requiredText(M.textRequired, NOTE_TEXT_MAX, { multiline: true }),
  diagnostico: diagnosis,
  procedimientos: z
    .array(lowerId(M.procedureInvalid), { error: M.procedureInvalid })
    .max(NOTE_PROCEDURES_MAX, M.proceduresTooMany)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  subjetiva: z.boolean({ error: 'Indica si es una anotación subjetiva' }).default(false),
});
/**
 * The draft's fields for the clinic's `today` (its zone's day): a note tells what was done, so it is
 * never dated after today (signed, it could not be corrected). The form and the API use the same.
 */
export const noteInputSchemaAt = (today: string) =>
  noteInputSchema.refine((v) => v.fecha <= today, { path: ['fecha'], message: M.dateFuture });
export type NoteInput = z.input<typeof noteInputSchema>;
export type NoteData = z.output<typeof noteInputSchema>;

export const addendumInputSchema = z.object({
  texto: requiredText(M.addendumRequired, ADDENDUM_TEXT_MAX, { multiline: true }),
});
export type AddendumInput = z.input<typeof addendumInputSchema>;

export const noteTemplateInputSchema = z.object({
  titulo: requiredText(M.templateTitleRequired, TEMPLATE_TITLE_MAX),
  cuerpo: requiredText(M.templateBodyRequired, TEMPLATE_BODY_MAX, { multiline: true }),
});
export type NoteTemplateInput = z.input<typeof noteTemplateInputSchema>;

export const HISTORY_KINDS = ['nota', 'odontograma', 'cita', 'consentimiento'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export const HISTORY_KIND_LABELS: Record<HistoryKind, string> = {
  nota: 'Notas clínicas',
  odontograma: 'Odontograma',
  cita: 'Citas',
  consentimiento: 'Consentimientos',
};

/** `?tipo=&dentista=&pagina=`: a kind (empty: all), a dentist id (dentistas.id; empty: all). */
export const historyQuerySchema = z.object({
  tipo: z
    .union([z.enum(HISTORY_KINDS), z.literal('')], { error: M.filterInvalid })
    .optional()
    .transform((v) => v || null),
  dentista: z
    .union([lowerId(M.filterInvalid), z.literal('')], { error: M.filterInvalid })
    .optional()
    .transform((v) => v || null),
  pagina: pageNumber,
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

/** The template placeholders and what the editor fills them with. */
export const TEMPLATE_PLACEHOLDERS = ['{paciente}', '{fecha}', '{dentista}', '{diente}'] as const;

/** What a template's placeholders are filled with: notes use the first four, consents all of them. */
export type TemplateValues = {
  paciente?: string;
  fecha?: string;
  dentista?: string;
  diente?: string;
  clinica?: string;
  direccion?: string;
};

/**
 * A template's body with its placeholders filled (note and consent templates); a value left empty keeps its placeholder, so the
 * author sees what is still to write ('{diente}' when no tooth was given).
 */
export function fillTemplate(cuerpo: string, values: TemplateValues): string {
  return cuerpo.replace(
    /\{(paciente|fecha|dentista|diente|clinica|direccion)\}/g,
    (whole, key: keyof TemplateValues) => {
      const value = values[key]?.trim();
      return value ? value : whole;
    },
  );
}

/** The five templates every clinic starts with (a new clinic at creation, existing ones by migration 0027). */
export const DEFAULT_NOTE_TEMPLATES: readonly { titulo: string; cuerpo: string }[] = [
  {
    titulo: 'Revisión',
    cuerpo:
      'Revisión de {paciente} el {fecha}.\nMotivo de consulta: revisión periódica.\nExploración intraoral: tejidos blandos sin alteraciones. Higiene oral: \nHallazgos: \nPlan: próxima revisión en 6 meses.\nAtendido por {dentista}.',
  },
  {
    titulo: 'Limpieza',
    cuerpo:
      'Profilaxis dental de {paciente} el {fecha}.\nTartrectomía supra y subgingival con ultrasonidos, pulido y aplicación de flúor.\nSangrado al sondaje: \nInstrucciones de higiene oral explicadas.\nAtendido por {dentista}.',
  },
  {
    titulo: 'Obturación',
    cuerpo:
      'Obturación del diente {diente} de {paciente} el {fecha}.\nAnestesia: \nEliminación de caries, aislamiento, grabado ácido, adhesivo y restauración con composite. Superficies: \nOclusión comprobada.\nAtendido por {dentista}.',
  },
  {
    titulo: 'Endodoncia',
    cuerpo:
      'Endodoncia del diente {diente} de {paciente} el {fecha}.\nAnestesia: \nApertura cameral, localización de conductos, conductometría: \nInstrumentación, irrigación con hipoclorito y obturación de conductos. Radiografía final: \nObturación provisional. Indicaciones postoperatorias explicadas.\nAtendido por {dentista}.',
  },
  {
    titulo: 'Extracción',
    cuerpo:
      'Extracción del diente {diente} de {paciente} el {fecha}.\nAnestesia: \nLuxación y extracción sin incidencias, hemostasia con gasa. Sutura: \nIndicaciones postoperatorias entregadas por escrito.\nAtendido por {dentista}.',
  },
];

/** What a signed note's SHA-256 is computed over, in this order: the note as signed. */
export type SignedNoteContent = {
  id: string;
  pacienteId: string;
  citaId: string | null;
  autorId: string;
  autorNombre: string;
  fecha: string;
  texto: string;
  diagnostico: string | null;
  procedimientos: string[];
  subjetiva: boolean;
  fechaFirma: string;
};

/**
 * The canonical text of a signed note: its fields as JSON in a fixed order, the procedures sorted.
 * The server hashes it when the note is signed; anyone holding the note can hash it again and compare.
 */
export function canonicalNoteContent(n: SignedNoteContent): string {
  return JSON.stringify([
    n.id,
    n.pacienteId,
    n.citaId,
    n.autorId,
    n.autorNombre,
    n.fecha,
    n.texto,
    n.diagnostico,
    [...n.procedimientos].sort(),
    n.subjetiva,
    n.fechaFirma,
  ]);
}
