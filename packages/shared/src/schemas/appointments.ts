import { z } from 'zod';
import { alertLabelsSchema } from './medical-alerts.ts';
import { ESPECIALIDAD_IDS, type SpecialtyId } from '../directory.ts';
import { ESTADOS_CITA } from '../estados.ts';
import { openWeekdays } from '../opening-hours.ts';
import {
  FIELD_MESSAGES,
  idSchema,
  isCalendarDate,
  optionalText,
  pageNumber,
  requiredText,
  searchText,
} from './fields.ts';

/**
 * The agenda: dentists and appointments (spec 001 §2 Agenda, Calendar, New/Edit appointment; §3 citas,
 * dentistas; §4; §5 Appointment; §8; §9; DESIGN §1). The contract between `/api/dentistas`,
 * `/api/citas` and the agenda screens. Times are the clinic's local time (`clinicas.zona_horaria`).
 */
export const APPOINTMENT_MESSAGES = {
  // Spec 001 §8 (appointments).
  clinicNotFound: 'No se encontró la clínica',
  errorTitle: 'Error',
  createError: 'No se pudo crear la cita',
  updateError: 'No se pudo actualizar la cita',
  deleteError: 'No se pudo eliminar la cita',
  created: 'Cita creada',
  updated: 'Cita actualizada',
  deleted: 'Cita eliminada',
  loadError: (message: string) => `Error al cargar las citas: ${message}`,
  empty: 'No hay citas programadas',
  noMatch: 'No se encontraron citas que coincidan con la búsqueda',
  emptyDay: 'No hay citas programadas para este día',
  emptyToday: 'No hay citas programadas para hoy',
  confirmTitle: '¿Estás seguro?',
  // Spec 001 §2 (New/Edit appointment) and the issue.
  notFound: 'Cita no encontrada',
  overlap: 'El dentista ya tiene una cita en ese horario',
  overlapWith: (horaInicio: string, horaFin: string) =>
    `El dentista ya tiene una cita en ese horario (de ${horaInicio} a ${horaFin})`,
  // The spec does not state these; ours, in the same voice.
  pacienteRequired: 'Selecciona un paciente',
  dentistaRequired: 'Selecciona un dentista',
  fechaRequired: 'La fecha es obligatoria',
  fechaInvalid: FIELD_MESSAGES.dateInvalid,
  horaInicioRequired: 'La hora de inicio es obligatoria',
  horaFinRequired: 'La hora de fin es obligatoria',
  horaInvalid: 'Introduce una hora válida (HH:MM)',
  horaFinAfterInicio: 'La hora de fin debe ser posterior a la hora de inicio',
  tituloRequired: 'El tratamiento o motivo es obligatorio',
  estadoInvalid: 'Elige un estado de la lista',
  /** The desk's one click (issue 24). */
  stateChanged: (paciente: string, estado: string) => `${paciente}: ${estado}`,
  stateError: 'No se pudo cambiar el estado de la cita',
  waitingRoomTitle: 'En sala de espera',
  waitingRoomEmpty: 'Nadie en sala ahora mismo',
  pacienteNotFound: 'El paciente no existe o no pertenece a la clínica',
  dentistaNotFound: 'El dentista no existe o no pertenece a la clínica',
  dentistaInactive: 'El dentista no está activo',
  solicitudNotFound: 'La solicitud no existe o no pertenece a la clínica',
  pacienteCreateForbidden: 'No tienes permiso para crear pacientes: elige un paciente existente',
  /** A local time the clocks skip (spring forward): refused rather than moved to another hour. */
  horaInexistente: (hora: string, fecha: string) => `La hora ${hora} no existe el ${fecha} por el cambio de hora`,
  rangeInvalid: 'El rango de fechas no es válido',
  rangeTooLong: (days: number) => `El rango no puede superar los ${days} días`,
} as const;

export const DENTIST_MESSAGES = {
  nombresRequired: 'El nombre es obligatorio',
  apellidosRequired: 'Los apellidos son obligatorios',
  especialidadInvalid: 'Elige una especialidad de la lista',
  colorInvalid: 'Elige un color de la paleta',
  usuarioInvalid: 'El usuario no es un dentista de la clínica',
  notFound: 'Dentista no encontrado',
  created: 'Dentista creado',
  updated: 'Dentista actualizado',
  deactivated: 'Dentista desactivado',
  empty: 'No hay dentistas registrados',
  loadError: 'Error al cargar los dentistas',
  saveError: 'Error al guardar el dentista',
} as const;

/**
 * The dentists' colours: each has at least 4.5:1 contrast against white (white text on it, or the dot
 * on a white page reads as a distinct mark). A new dentist gets the first colour no active dentist uses.
 */
export const DENTIST_COLORS = [
  { value: '#1d4ed8', nombre: 'Azul' },
  { value: '#047857', nombre: 'Verde' },
  { value: '#b91c1c', nombre: 'Rojo' },
  { value: '#7e22ce', nombre: 'Morado' },
  { value: '#b45309', nombre: 'Ámbar' },
  { value: '#0e7490', nombre: 'Turquesa' },
  { value: '#be185d', nombre: 'Rosa' },
  { value: '#4d7c0f', nombre: 'Oliva' },
  { value: '#4338ca', nombre: 'Índigo' },
  { value: '#57534e', nombre: 'Gris' },
] as const;
export const DENTIST_COLOR_VALUES = DENTIST_COLORS.map((c) => c.value) as unknown as readonly [string, ...string[]];

/** The appointments list: server-side pages of this size. */
export const APPOINTMENTS_PAGE_SIZE = 20;
export const APPOINTMENT_SEARCH_MAX = 100;
/** Spec 001 §9: the month grid shows 2 appointments a day, then "+N más". */
export const MONTH_CELL_LIMIT = 2;
/** The calendar asks for at most this many days at once (a month grid is 42). */
export const CALENDAR_RANGE_MAX_DAYS = 42;

const NAME_MAX = 100;
const TITLE_MAX = 200;
const NOTES_MAX = 5000;

/** HH:MM, 00:00 to 23:59 (what <input type="time"> gives; seconds are not kept). */
export const HORA_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const hora = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    // <input type="time" step=60> may still give HH:MM:SS in some browsers: keep HH:MM.
    .transform((v) => (/^\d{2}:\d{2}:\d{2}$/.test(v) ? v.slice(0, 5) : v))
    .refine((v) => HORA_PATTERN.test(v), APPOINTMENT_MESSAGES.horaInvalid);

const fecha = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isCalendarDate, APPOINTMENT_MESSAGES.fechaInvalid);

/** A required entity id: missing, empty or not an id all answer `message`. */
const requiredId = (message: string) => z.uuid({ error: message }).transform((v) => v.toLowerCase());

// ---------------------------------------------------------------- dentists

const dentistFields = {
  nombres: requiredText(DENTIST_MESSAGES.nombresRequired, NAME_MAX),
  apellidos: requiredText(DENTIST_MESSAGES.apellidosRequired, NAME_MAX),
  especialidad: z.enum(ESPECIALIDAD_IDS, { error: DENTIST_MESSAGES.especialidadInvalid }),
  /** Left out on create: the first palette colour no active dentist of the clinic uses. */
  color: z.enum(DENTIST_COLOR_VALUES, { error: DENTIST_MESSAGES.colorInvalid }).optional(),
  /** A team member with rol dentista: they are notified of their appointments. */
  usuarioId: z
    .union([idSchema, z.literal(''), z.null()], { error: DENTIST_MESSAGES.usuarioInvalid })
    .optional()
    .transform((v) => v || null),
};

export const createDentistSchema = z.object(dentistFields);
export const updateDentistSchema = z.object({ ...dentistFields, activo: z.boolean().default(true) });
export type DentistData = z.output<typeof createDentistSchema>;
export type UpdateDentistInput = z.input<typeof updateDentistSchema>;
export type UpdateDentistData = z.output<typeof updateDentistSchema>;

/** `?activos=true` gives only the dentists offered for new appointments. */
export const dentistListQuerySchema = z.object({
  activos: z
    .enum(['true', 'false'])
    .optional()
    .catch(undefined)
    .transform((v) => v === 'true'),
});

export type Dentist = {
  id: string;
  nombres: string;
  apellidos: string;
  especialidad: SpecialtyId;
  color: string;
  activo: boolean;
  usuarioId: string | null;
  /** The linked member's name, when there is one. */
  usuarioNombre: string | null;
};

/**
 * A dentist as the agenda offers them (`GET /api/citas/dentistas`, permission citas.ver): the active
 * ones, for the appointment form's select, the calendar's filter and the Día grid's columns. Only what
 * an appointment already shows of its dentist: not who they are linked to (that is /dentistas').
 */
export type AgendaDentist = Pick<Dentist, 'id' | 'nombres' | 'apellidos' | 'especialidad' | 'color'>;

/** A team member with rol dentista, offered as the dentist's linked account. */
export type DentistMember = { id: string; nombres: string; email: string };

// ---------------------------------------------------------------- appointments

const appointmentFields = {
  pacienteId: requiredId(APPOINTMENT_MESSAGES.pacienteRequired),
  dentistaId: requiredId(APPOINTMENT_MESSAGES.dentistaRequired),
  fecha: fecha(APPOINTMENT_MESSAGES.fechaRequired),
  horaInicio: hora(APPOINTMENT_MESSAGES.horaInicioRequired),
  horaFin: hora(APPOINTMENT_MESSAGES.horaFinRequired),
  titulo: requiredText(APPOINTMENT_MESSAGES.tituloRequired, TITLE_MAX),
  notas: optionalText(NOTES_MAX, { multiline: true }),
};

const endAfterStart = (v: { horaInicio: string; horaFin: string }, ctx: z.RefinementCtx) => {
  // HH:MM strings compare as times.
  if (HORA_PATTERN.test(v.horaInicio) && HORA_PATTERN.test(v.horaFin) && v.horaFin <= v.horaInicio) {
    ctx.addIssue({ code: 'custom', path: ['horaFin'], message: APPOINTMENT_MESSAGES.horaFinAfterInicio });
  }
};

export const createAppointmentSchema = z
  .object({
    ...appointmentFields,
    /** Left empty with a `solicitudId`: the request's patient (found by email or phone, or created from it). */
    pacienteId: z
      .union([idSchema, z.literal(''), z.null()], { error: APPOINTMENT_MESSAGES.pacienteRequired })
      .optional()
      .transform((v) => (v ? v.toLowerCase() : null)),
    /** The public-profile request this appointment answers: it becomes atendida in the same write. */
    solicitudId: z
      .union([idSchema, z.literal(''), z.null()], { error: APPOINTMENT_MESSAGES.solicitudNotFound })
      .optional()
      .transform((v) => v || null),
  })
  .refine((v) => Boolean(v.pacienteId || v.solicitudId), {
    path: ['pacienteId'],
    message: APPOINTMENT_MESSAGES.pacienteRequired,
    // Also when other fields fail, so an empty form shows every missing field at once; never when the
    // body is not an object at all (an issue without a path), where there are no fields to read.
    when: (payload) =>
      !payload.issues.some((i) => !i.path?.length || i.path[0] === 'pacienteId' || i.path[0] === 'solicitudId'),
  })
  .superRefine(endAfterStart);

export const updateAppointmentSchema = z
  .object({
    ...appointmentFields,
    estado: z.enum(ESTADOS_CITA, { error: APPOINTMENT_MESSAGES.estadoInvalid }),
  })
  .superRefine(endAfterStart);

/** `PUT /api/citas/:id/estado`: the desk's one click through the day (issue 24). */
export const appointmentStateSchema = z.object({
  estado: z.enum(ESTADOS_CITA, { error: APPOINTMENT_MESSAGES.estadoInvalid }),
});
export type AppointmentStateInput = z.input<typeof appointmentStateSchema>;

export type AppointmentInput = z.input<typeof createAppointmentSchema>;
export type AppointmentData = z.output<typeof createAppointmentSchema>;
export type UpdateAppointmentInput = z.input<typeof updateAppointmentSchema>;
export type UpdateAppointmentData = z.output<typeof updateAppointmentSchema>;

const optionalQueryDate = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => (v && isCalendarDate(v) ? v : null));
const optionalQueryId = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => (v && idSchema.safeParse(v).success ? v.toLowerCase() : null));

/**
 * The list: `?buscar=&pagina=&dentistaId=`, from today on by default; `pasadas=true` lists the past
 * ones (newest first); `desde`/`hasta` (YYYY-MM-DD, both included) choose a range instead.
 */
export const appointmentListQuerySchema = z.object({
  buscar: searchText(APPOINTMENT_SEARCH_MAX),
  pagina: pageNumber,
  dentistaId: optionalQueryId,
  desde: optionalQueryDate,
  hasta: optionalQueryDate,
  pasadas: z
    .enum(['true', 'false'])
    .optional()
    .catch(undefined)
    .transform((v) => v === 'true'),
});
export type AppointmentListQuery = z.input<typeof appointmentListQuerySchema>;

/** The calendar's range (month grid, week or day): `desde` to `hasta` included, at most 42 days. */
export const calendarQuerySchema = z
  .object({
    desde: fecha(APPOINTMENT_MESSAGES.rangeInvalid),
    hasta: fecha(APPOINTMENT_MESSAGES.rangeInvalid),
    dentistaId: optionalQueryId,
  })
  .superRefine((v, ctx) => {
    if (!isCalendarDate(v.desde) || !isCalendarDate(v.hasta)) return;
    const days = (Date.parse(v.hasta) - Date.parse(v.desde)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['hasta'], message: APPOINTMENT_MESSAGES.rangeInvalid });
    else if (days > CALENDAR_RANGE_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['hasta'],
        message: APPOINTMENT_MESSAGES.rangeTooLong(CALENDAR_RANGE_MAX_DAYS),
      });
    }
  });
export type CalendarQuery = z.input<typeof calendarQuerySchema>;

/** An appointment as read: joined with its patient and dentist (spec 001 §3). Times in the clinic's zone. */
export const appointmentSchema = z.object({
  id: z.string(),
  pacienteId: z.string(),
  dentistaId: z.string(),
  /** YYYY-MM-DD */
  fecha: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** HH:MM */
  horaInicio: z.string().regex(/^\d{2}:\d{2}$/),
  horaFin: z.string().regex(/^\d{2}:\d{2}$/),
  titulo: z.string(),
  notas: z.string().nullable(),
  estado: z.enum(ESTADOS_CITA),
  paciente: z.object({
    id: z.string(),
    nombres: z.string(),
    apellidos: z.string(),
    telefono: z.string().nullable(),
    /** The short list of the patient's medical alerts (the badge). */
    alertas: alertLabelsSchema,
  }),
  dentista: z.object({
    id: z.string(),
    nombres: z.string(),
    apellidos: z.string(),
    especialidad: z.enum(ESPECIALIDAD_IDS),
    color: z.string(),
  }),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * An appointment as the calendar (Mes, Semana, Día) and the day's agenda show it: only what a cell or
 * a card needs (a busy clinic's week is hundreds of them; the form reads the full one by id).
 */
export const calendarAppointmentSchema = appointmentSchema
  .pick({ id: true, dentistaId: true, fecha: true, horaInicio: true, horaFin: true, titulo: true, estado: true })
  .extend({
    paciente: appointmentSchema.shape.paciente.pick({ nombres: true, apellidos: true, alertas: true }),
    dentista: appointmentSchema.shape.dentista.pick({ nombres: true, apellidos: true, color: true }),
  })
  .strict();
export type CalendarAppointment = z.infer<typeof calendarAppointmentSchema>;

/** A day of the month grid (`GET /api/citas/calendario/mes`): its count and first MONTH_CELL_LIMIT appointments. */
export const monthDaySchema = z.object({
  fecha: z.string(),
  total: z.number().int().positive(),
  citas: z.array(calendarAppointmentSchema),
});
export type MonthDay = z.infer<typeof monthDaySchema>;

export const appointmentPageSchema = z.object({
  citas: z.array(appointmentSchema.strict()),
  total: z.number().int().nonnegative(),
  pagina: z.number().int().positive(),
  porPagina: z.number().int().positive(),
});
export type AppointmentPage = z.infer<typeof appointmentPageSchema>;

/**
 * `GET /api/citas/solicitudes/{id}`: what the form needs to turn a public-profile request into an
 * appointment, and the clinic's patient it matches (same email, or same phone), if any; without one,
 * saving creates the patient from the request.
 */
export type AppointmentRequestDraft = {
  solicitud: {
    id: string;
    nombre: string;
    email: string;
    telefono: string | null;
    mensaje: string;
    fechaPreferida: string | null;
    estado: string;
  };
  paciente: { id: string; nombres: string; apellidos: string; telefono: string | null } | null;
};

/** The day's opening hours the Día grid and its free-gap hints use (`GET /api/citas/horario`). */
export type ClinicHours = {
  apertura: string;
  cierre: string;
  /** False when the clinic's horario names no hours and these are AGENDA_DEFAULT_HOURS. */
  delHorario: boolean;
  /** The weekdays it opens (0 Sunday … 6 Saturday), when the horario says (`openWeekdays`). */
  dias?: number[];
};

/** The Día grid's hours when the clinic's public horario names none. */
export const AGENDA_DEFAULT_HOURS = { apertura: '08:00', cierre: '20:00' } as const;

/**
 * The clinic's opening span from its public horario (free-text rows such as { dias: 'Lunes a
 * viernes', horas: '09:30 - 14:00 y 16:00 - 20:30' }): the earliest and the latest time written in
 * any row, whatever the day ('Cerrado' rows name none). A lunch break or a shorter Saturday is not
 * modelled: the grid spans the longest day, and a gap hint may fall in a break.
 */
export function clinicHours(horario: readonly { dias?: string; horas: string }[]): ClinicHours {
  const times = horario
    .flatMap((row) => [...row.horas.matchAll(/\b([01]?\d|2[0-3])[:.h]([0-5]\d)\b/g)])
    .map((m) => `${m[1]!.padStart(2, '0')}:${m[2]}`)
    .sort();
  if (times.length < 2 || times[0] === times.at(-1)) return { ...AGENDA_DEFAULT_HOURS, delHorario: false };
  const dias = openWeekdays(horario);
  return { apertura: times[0]!, cierre: times.at(-1)!, delHorario: true, ...(dias ? { dias } : {}) };
}
