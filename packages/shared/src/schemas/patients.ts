import { z } from 'zod';

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
  dateInvalid: 'Introduce una fecha válida',
  generoInvalid: 'Elige un género de la lista',
  estadoInvalid: 'Elige un estado de la lista',
  tooLong: (max: number) => `No puede superar los ${max} caracteres`,
  notFound: 'El paciente solicitado no existe o no tienes acceso',
  photoHint: 'Formato PNG o JPG, máx. 2MB',
} as const;

export const PATIENTS_PAGE_SIZE = 10;
/** Results of the top-bar search: enough to pick from while typing. */
export const PATIENT_SUGGESTIONS_LIMIT = 8;
/** A search term longer than this is not a name; cut it instead of scanning with it. */
export const PATIENT_SEARCH_MAX = 100;

export const GENEROS = ['masculino', 'femenino', 'otro'] as const;
export type Genero = (typeof GENEROS)[number];
export const GENERO_LABELS: Record<Genero, string> = { masculino: 'Masculino', femenino: 'Femenino', otro: 'Otro' };

export const ESTADOS_PACIENTE = ['activo', 'inactivo'] as const;
export type EstadoPaciente = (typeof ESTADOS_PACIENTE)[number];
export const ESTADO_PACIENTE_LABELS: Record<EstadoPaciente, string> = { activo: 'Activo', inactivo: 'Inactivo' };

/** Optional leading +, then 6 to 20 digits, spaces, parentheses or hyphens (spec 000 §5). */
export const PATIENT_PHONE_PATTERN = /^\+?[\d\s()-]{6,20}$/;

const NAME_MAX = 100;
const SHORT_MAX = 200;
const NOTES_MAX = 5000;

/** Trimmed; the empty string becomes null so that "no value" is stored as NULL. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, PATIENT_MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, PATIENT_MESSAGES.tooLong(max));

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A calendar date as YYYY-MM-DD (what <input type="date"> gives), or null when empty. */
const optionalDate = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isCalendarDate(v), PATIENT_MESSAGES.dateInvalid);

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values, { error: message }), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((v) => (v ? v : null));

const patientFields = {
  nombres: requiredText(PATIENT_MESSAGES.nombresRequired, NAME_MAX),
  apellidos: requiredText(PATIENT_MESSAGES.apellidosRequired, NAME_MAX),
  fechaNacimiento: optionalDate,
  genero: optionalEnum(GENEROS, PATIENT_MESSAGES.generoInvalid),
  telefono: optionalText(30).refine((v) => v === null || PATIENT_PHONE_PATTERN.test(v), PATIENT_MESSAGES.telefonoInvalid),
  email: optionalText(SHORT_MAX).pipe(z.email({ error: PATIENT_MESSAGES.emailInvalid }).nullable()),
  direccion: optionalText(SHORT_MAX),
  notas: optionalText(NOTES_MAX),
};

/**
 * "Today" depends on where the clinic is: at 23:30 UTC it is already tomorrow in Madrid. Both the
 * form and the API pass the clinic's day (`todayInZone(clinica.zonaHoraria)`), so they agree.
 */
export function createPatientSchema(today: string) {
  return z.object(patientFields).superRefine((v, ctx) => {
    if (v.fechaNacimiento && v.fechaNacimiento > today) {
      ctx.addIssue({ code: 'custom', path: ['fechaNacimiento'], message: PATIENT_MESSAGES.fechaNacimientoFuture });
    }
  });
}

export function updatePatientSchema(today: string) {
  return z
    .object({
      ...patientFields,
      estado: z.enum(ESTADOS_PACIENTE, { error: PATIENT_MESSAGES.estadoInvalid }),
      ultimaVisita: optionalDate,
      proximaVisita: optionalDate,
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

/** List query: the search term and the 1-based pagina. Anything else (a clinica_id...) is dropped. */
export const patientListQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().slice(0, PATIENT_SEARCH_MAX)),
  pagina: z
    .string()
    .optional()
    .transform((v) => {
      const n = Number(v);
      // A hand-edited URL with page=abc or page=0 shows the first page rather than an error.
      return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
    }),
});
export type PatientListQuery = z.input<typeof patientListQuerySchema>;

export const patientSuggestionsQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().slice(0, PATIENT_SEARCH_MAX)),
});
