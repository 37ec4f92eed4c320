import { z } from 'zod';
import { alertLabelsSchema } from './medical-alerts.ts';
import { ESTADOS_PACIENTE } from '../estados.ts';
import {
  FIELD_MESSAGES,
  optionalDate,
  optionalEmail,
  optionalEnum,
  optionalPatientPhone,
  optionalText,
  pageNumber,
  requiredText,
  searchText,
} from './fields.ts';

/** Spec 000 §5 (patient form) and §6, §8: written once, used by the form and by the API. */
export const PATIENT_MESSAGES = {
  nombresRequired: 'El nombre es obligatorio',
  apellidosRequired: 'Los apellidos son obligatorios',
  telefonoInvalid: 'Introduce un número de teléfono válido',
  emailInvalid: 'Introduce un email válido',
  // The spec states these rules without their texts; these are ours, in the same voice.
  fechaNacimientoFuture: 'La fecha de nacimiento no puede ser posterior a hoy',
  ultimaVisitaFuture: 'La última visita no puede ser posterior a hoy',
  proximaVisitaPast: 'La próxima visita no puede ser anterior a hoy',
  dateInvalid: FIELD_MESSAGES.dateInvalid,
  generoInvalid: 'Elige un género de la lista',
  estadoInvalid: 'Elige un estado de la lista',
  notFound: 'El paciente solicitado no existe o no tienes acceso',
  photoHint: 'Formato PNG o JPG, máx. 2MB',
  // Spec 000 §8 (success toast) and DESIGN §1 (a patient with clinical records is kept).
  deleted: 'Paciente eliminado',
  archived: 'El paciente tiene historia clínica: se ha desactivado y ocultado, no eliminado',
  reactivated: 'Paciente reactivado: vuelve a aparecer en la lista y en las búsquedas',
  notDeactivated: 'El paciente no está desactivado o no tienes acceso',
  // Issue 24: the patient's consent to be written to (the outbox sends nothing without the first).
  consentimientoRecordatorios: 'Acepta recordatorios y avisos de sus citas (correo y WhatsApp)',
  consentimientoComunicaciones: 'Acepta otras comunicaciones de la clínica (revisiones, novedades)',
  consentimientoRecordatoriosInvalid: 'Indica si el paciente acepta los recordatorios de sus citas (sí o no)',
  consentimientoComunicacionesInvalid: 'Indica si el paciente acepta otras comunicaciones de la clínica (sí o no)',
  /** Under a consent given: `fecha` already written as dd/mm/aaaa (the clinic's day), `por` who recorded it. */
  consentimientoRegistrado: (fecha: string, por: string | null) =>
    por ? `Registrado el ${fecha} por ${por}` : `Registrado el ${fecha}`,
} as const;

/** 'su cita futura', 'sus 3 citas futuras': a patient's future appointments in the texts of a deletion. */
export const futureAppointmentsText = (citas: number) =>
  citas === 1 ? 'su cita futura' : `sus ${citas} citas futuras`;

/** The toast of a deletion, with the future appointments that went with it. */
export function patientDeletedMessage(resultado: PatientDeleteResult['resultado'], citas: number): string {
  const base = resultado === 'archivado' ? PATIENT_MESSAGES.archived : PATIENT_MESSAGES.deleted;
  if (citas === 0) return base;
  const n = futureAppointmentsText(citas);
  return resultado === 'archivado' ? `${base}. Se han cancelado ${n}` : `${base}, con ${n}`;
}

/**
 * What DELETE /api/pacientes/:id will do, asked before confirming (GET /api/pacientes/:id/eliminacion):
 * 'eliminado' erases the patient (and, with them, their appointments); 'archivado' when they have
 * clinical records (chart versions): deactivated and hidden instead, their future appointments cancelled.
 * `citasFuturas`: the appointments from now on that are not cancelled or done.
 */
export type PatientDeletePreview = { resultado: 'eliminado' | 'archivado'; citasFuturas: number };

/** The answer of DELETE /api/pacientes/:id: what was done, how many future appointments went, the toast. */
export type PatientDeleteResult = PatientDeletePreview & { mensaje: string };

export const PATIENTS_PAGE_SIZE = 10;
/**
 * A search counts its matches up to this many: past it the list says 'más de 1.000', as mail clients
 * do, so a term that matches a fifth of the clinic costs no more to count than a rare one.
 */
export const PATIENT_COUNT_LIMIT = 1000;
export const PATIENT_COUNT_LIMIT_TEXT = 'más de 1.000';

/** A row of the patients list. */
export const patientListItemSchema = z.object({
  id: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  email: z.string().nullable(),
  telefono: z.string().nullable(),
  fotoUrl: z.string().nullable(),
  estado: z.enum(ESTADOS_PACIENTE),
  /** YYYY-MM-DD */
  ultimaVisita: z.string().nullable(),
  proximaVisita: z.string().nullable(),
  /** The short list of medical alerts (the patient picker's badge). */
  alertas: alertLabelsSchema,
});
export type PatientListItem = z.infer<typeof patientListItemSchema>;

/**
 * A page of the patients list. `total` is exact when `totalExacto`; otherwise a search matched more
 * than PATIENT_COUNT_LIMIT patients and `total` is that limit.
 */
export const patientPageSchema = z.object({
  pacientes: z.array(patientListItemSchema),
  total: z.number().int().nonnegative(),
  totalExacto: z.boolean(),
  pagina: z.number().int().positive(),
  porPagina: z.number().int().positive(),
});
export type PatientPage = z.infer<typeof patientPageSchema>;

/** Results of the top-bar search: enough to pick from while typing. */
export const PATIENT_SUGGESTIONS_LIMIT = 8;
/** A search term longer than this is not a name; cut it instead of scanning with it. */
export const PATIENT_SEARCH_MAX = 100;

export const GENEROS = ['masculino', 'femenino', 'otro'] as const;
export type Gender = (typeof GENEROS)[number];
export const GENERO_LABELS: Record<Gender, string> = { masculino: 'Masculino', femenino: 'Femenino', otro: 'Otro' };

/**
 * A consent the patient gave (issue 24): when it was recorded (ISO 8601, UTC, milliseconds) and the name of
 * the member who recorded it (null if unknown); null when not given, or withdrawn.
 */
export const patientConsentSchema = z
  .strictObject({ fecha: z.iso.datetime({ precision: 3 }), por: z.string().nullable() })
  .nullable();
export type PatientConsent = z.infer<typeof patientConsentSchema>;

/** The patient's consents: to reminders and notices of their appointments, and to other communications. */
export const patientConsentsSchema = z.strictObject({
  recordatorios: patientConsentSchema,
  comunicaciones: patientConsentSchema,
});
export type PatientConsents = z.infer<typeof patientConsentsSchema>;

/** A patient's record as `GET /api/pacientes/{id}` answers it (its view is audited). */
export const patientRecordSchema = z.strictObject({
  id: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  email: z.string().nullable(),
  telefono: z.string().nullable(),
  direccion: z.string().nullable(),
  fechaNacimiento: z.iso.date().nullable(),
  genero: z.enum(GENEROS).nullable(),
  notas: z.string().nullable(),
  fotoUrl: z.string().nullable(),
  estado: z.enum(ESTADOS_PACIENTE),
  ultimaVisita: z.iso.date().nullable(),
  proximaVisita: z.iso.date().nullable(),
  /** When it was last edited (ISO 8601, UTC, milliseconds); null if never. */
  fechaActualizacion: z.iso.datetime({ precision: 3 }).nullable(),
  /** The short list of medical alerts (the page header's badge). */
  alertas: alertLabelsSchema,
  consentimientos: patientConsentsSchema,
});
export type PatientRecord = z.infer<typeof patientRecordSchema>;

const NAME_MAX = 100;
const SHORT_MAX = 200;
const NOTES_MAX = 5000;

const patientFields = {
  nombres: requiredText(PATIENT_MESSAGES.nombresRequired, NAME_MAX),
  apellidos: requiredText(PATIENT_MESSAGES.apellidosRequired, NAME_MAX),
  fechaNacimiento: optionalDate(),
  genero: optionalEnum(GENEROS, PATIENT_MESSAGES.generoInvalid),
  telefono: optionalPatientPhone(PATIENT_MESSAGES.telefonoInvalid),
  email: optionalEmail(PATIENT_MESSAGES.emailInvalid, SHORT_MAX),
  direccion: optionalText(SHORT_MAX),
  notas: optionalText(NOTES_MAX, { multiline: true }),
};

/**
 * The consents as a form sends them: given (true) or not (false). The server records when and by whom
 * a consent is given, and clears both when it is withdrawn; on an edit, a consent left out is unchanged.
 */
const consentFlags = {
  consentimientoRecordatorios: z.boolean({ error: PATIENT_MESSAGES.consentimientoRecordatoriosInvalid }),
  consentimientoComunicaciones: z.boolean({ error: PATIENT_MESSAGES.consentimientoComunicacionesInvalid }),
};

/**
 * "Today" depends on where the clinic is: at 23:30 UTC it is already tomorrow in Madrid. Both the
 * form and the API pass the clinic's day (`todayInZone(clinica.zonaHoraria)`), so they agree.
 */
export function createPatientSchema(today: string) {
  return z
    .object({
      ...patientFields,
      consentimientoRecordatorios: consentFlags.consentimientoRecordatorios.default(false),
      consentimientoComunicaciones: consentFlags.consentimientoComunicaciones.default(false),
    })
    .superRefine((v, ctx) => {
      if (v.fechaNacimiento && v.fechaNacimiento > today) {
        ctx.addIssue({ code: 'custom', path: ['fechaNacimiento'], message: PATIENT_MESSAGES.fechaNacimientoFuture });
      }
    });
}

export function updatePatientSchema(today: string) {
  return z
    .object({
      ...patientFields,
      consentimientoRecordatorios: consentFlags.consentimientoRecordatorios.optional(),
      consentimientoComunicaciones: consentFlags.consentimientoComunicaciones.optional(),
      estado: z.enum(ESTADOS_PACIENTE, { error: PATIENT_MESSAGES.estadoInvalid }),
      ultimaVisita: optionalDate(),
      proximaVisita: optionalDate(),
    })
    .superRefine((v, ctx) => {
      if (v.fechaNacimiento && v.fechaNacimiento > today) {
        ctx.addIssue({ code: 'custom', path: ['fechaNacimiento'], message: PATIENT_MESSAGES.fechaNacimientoFuture });
      }
      if (v.ultimaVisita && v.ultimaVisita > today) {
        ctx.addIssue({ code: 'custom', path: ['ultimaVisita'], message: PATIENT_MESSAGES.ultimaVisitaFuture });
      }
      if (v.proximaVisita && v.proximaVisita < today) {
        ctx.addIssue({ code: 'custom', path: ['proximaVisita'], message: PATIENT_MESSAGES.proximaVisitaPast });
      }
    });
}

export type CreatePatientInput = z.input<ReturnType<typeof createPatientSchema>>;
export type CreatePatientData = z.output<ReturnType<typeof createPatientSchema>>;
export type UpdatePatientInput = z.input<ReturnType<typeof updatePatientSchema>>;
export type UpdatePatientData = z.output<ReturnType<typeof updatePatientSchema>>;

/**
 * Which patients the list shows: the current ones, or those deactivated (deleted with clinical records).
 * The current ones include those whose estado is inactivo (spec 000 §4), so the first view is not called
 * «Activos», which would say otherwise.
 */
export const PATIENT_LIST_VIEWS = ['activos', 'desactivados'] as const;
export type PatientListView = (typeof PATIENT_LIST_VIEWS)[number];
export const PATIENT_LIST_VIEW_LABELS: Record<PatientListView, string> = {
  activos: 'Actuales',
  desactivados: 'Desactivados',
};

/**
 * List query: the search term, the 1-based pagina and `ver` (activos unless 'desactivados'). Anything
 * else (a clinica_id...) is dropped.
 */
export const patientListQuerySchema = z.object({
  q: searchText(PATIENT_SEARCH_MAX),
  pagina: pageNumber,
  ver: z.enum(PATIENT_LIST_VIEWS).catch('activos').default('activos'),
});
export type PatientListQuery = z.input<typeof patientListQuerySchema>;

export const patientSuggestionsQuerySchema = z.object({ q: searchText(PATIENT_SEARCH_MAX) });
