import { z } from 'zod';
import { ESPECIALIDAD_IDS } from '../directory.ts';
import { ESTADOS_SOLICITUD } from '../estados.ts';
import {
  FIELD_MESSAGES,
  optionalDate,
  optionalEmail,
  optionalPatientPhone,
  optionalText,
  pageNumber,
  requiredEmail,
  requiredText,
  searchText,
} from './fields.ts';

/** Public profile (spec 001 §2) and appointment requests: texts written once for the forms and the API. */
export const DIRECTORY_MESSAGES = {
  notFound: 'Clínica no encontrada',
  especialidadInvalid: 'Elige una especialidad de la lista',
  servicioRequired: 'Escribe el nombre del servicio',
  serviciosMax: (max: number) => `Puedes añadir hasta ${max} servicios`,
  diasRequired: 'Indica los días',
  horasRequired: 'Indica el horario',
  horarioMax: (max: number) => `Puedes añadir hasta ${max} filas de horario`,
  emailInvalid: 'Introduce un email válido',
  sitioWebInvalid: 'Introduce una dirección web válida que empiece por http:// o https://',
  // Appointment request form.
  nombreRequired: 'El nombre es obligatorio',
  emailRequired: 'El email es obligatorio',
  telefonoInvalid: 'Introduce un número de teléfono válido',
  mensajeRequired: 'El mensaje es obligatorio',
  fechaInvalid: FIELD_MESSAGES.dateInvalid,
  fechaPasada: 'La fecha preferida no puede ser anterior a hoy',
  solicitudEnviada: 'Solicitud enviada',
  solicitudEnviadaDetalle: 'La clínica ha recibido tu solicitud y se pondrá en contacto contigo lo antes posible.',
  formularioRapido: 'Has enviado el formulario demasiado rápido. Espera unos segundos e inténtalo de nuevo.',
  formularioCaducado: 'El formulario ha caducado. Recarga la página e inténtalo de nuevo.',
  demasiadasSolicitudes: 'Has enviado demasiadas solicitudes. Inténtalo de nuevo más tarde.',
  solicitudNoEncontrada: 'La solicitud no existe o no tienes acceso',
  estadoInvalid: 'Elige un estado de la lista',
} as const;

export const PUBLIC_PROFILE_LIMITS = {
  descripcion: 1000,
  servicios: 30,
  servicio: 100,
  horario: 10,
  horarioTexto: 60,
  email: 200,
  sitioWeb: 300,
} as const;

export const APPOINTMENT_REQUEST_LIMITS = { nombre: 100, email: 200, telefono: 30, mensaje: 2000 } as const;

const m = DIRECTORY_MESSAGES;

/** http(s) only: a javascript: or data: "website" would run in the visitor's browser. */
const WEB_URL = /^https?:\/\/([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?([/?#][^\s<>"]*)?$/i;
export function isWebUrl(value: string): boolean {
  return WEB_URL.test(value);
}

const sitioWeb = z
  .string()
  .trim()
  .max(PUBLIC_PROFILE_LIMITS.sitioWeb, m.sitioWebInvalid)
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || isWebUrl(v), m.sitioWebInvalid);

export const scheduleRowSchema = z.object({
  dias: requiredText(m.diasRequired, PUBLIC_PROFILE_LIMITS.horarioTexto),
  horas: requiredText(m.horasRequired, PUBLIC_PROFILE_LIMITS.horarioTexto),
});

/**
 * What the clinic's staff edit in 'Perfil público' (the clinic image is a separate upload). Its
 * 'Profesionales' are the clinic's active dentists (/dentistas), not a list of their own.
 */
export const publicProfileSchema = z.object({
  publicada: z.boolean(),
  descripcion: optionalText(PUBLIC_PROFILE_LIMITS.descripcion, { multiline: true }),
  especialidades: z
    .array(z.enum(ESPECIALIDAD_IDS, { error: m.especialidadInvalid }))
    .max(ESPECIALIDAD_IDS.length, m.especialidadInvalid)
    .transform((list) => [...new Set(list)]),
  servicios: z
    .array(requiredText(m.servicioRequired, PUBLIC_PROFILE_LIMITS.servicio))
    .max(PUBLIC_PROFILE_LIMITS.servicios, m.serviciosMax(PUBLIC_PROFILE_LIMITS.servicios)),
  horario: z.array(scheduleRowSchema).max(PUBLIC_PROFILE_LIMITS.horario, m.horarioMax(PUBLIC_PROFILE_LIMITS.horario)),
  email: optionalEmail(m.emailInvalid, PUBLIC_PROFILE_LIMITS.email),
  sitioWeb,
});
export type PublicProfileInput = z.input<typeof publicProfileSchema>;
export type PublicProfile = z.output<typeof publicProfileSchema>;

/** The visitor's appointment request (Contacto tab). The preferred date is checked against "today" separately. */
export const appointmentRequestSchema = z.object({
  nombre: requiredText(m.nombreRequired, APPOINTMENT_REQUEST_LIMITS.nombre),
  email: requiredEmail({ required: m.emailRequired, invalid: m.emailInvalid }, APPOINTMENT_REQUEST_LIMITS.email),
  // Same rule as a patient's phone (spec 000 §5).
  telefono: optionalPatientPhone(m.telefonoInvalid),
  mensaje: requiredText(m.mensajeRequired, APPOINTMENT_REQUEST_LIMITS.mensaje, { multiline: true }),
  fechaPreferida: optionalDate(m.fechaInvalid),
});
export type AppointmentRequestInput = z.input<typeof appointmentRequestSchema>;

/**
 * The preferred date may not be before `hoy` (YYYY-MM-DD, the clinic's day): the form's schema and the
 * server (which knows the clinic only after validating the body) both ask this.
 */
export const isPreferredDateInPast = (fechaPreferida: string | null, hoy: string) =>
  fechaPreferida !== null && fechaPreferida < hoy;

/** The form's schema, with the date rule for `hoy`. */
export function createAppointmentRequestSchema(hoy: string) {
  return appointmentRequestSchema.refine((v) => !isPreferredDateInPast(v.fechaPreferida, hoy), {
    path: ['fechaPreferida'],
    message: m.fechaPasada,
  });
}

/**
 * What the API receives: the form plus the bot defences. `website` is a honeypot people never see;
 * `token` is signed by the server when it hands out the profile and carries the time it was shown.
 */
export const appointmentRequestBodySchema = appointmentRequestSchema.extend({
  website: z.string().max(500).optional(),
  token: z.string({ error: m.formularioCaducado }).min(1, m.formularioCaducado).max(200, m.formularioCaducado),
});
export type AppointmentRequestBody = z.output<typeof appointmentRequestBodySchema>;

/** Query of /api/directorio/clinicas: all optional and combinable. */
export const directoryQuerySchema = z.object({
  q: searchText(100),
  especialidad: searchText(60),
  ciudad: searchText(100),
  pagina: pageNumber,
});
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

export const appointmentRequestsQuerySchema = z.object({
  estado: z.enum(ESTADOS_SOLICITUD).optional().catch(undefined),
  pagina: pageNumber,
});

/** 'Marcar como atendida' and back. */
export const appointmentRequestStatusSchema = z.object({
  estado: z.enum(ESTADOS_SOLICITUD, { error: m.estadoInvalid }),
});

export const APPOINTMENT_REQUESTS_PAGE_SIZE = 10;
