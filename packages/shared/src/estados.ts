/**
 * The states an entity can be in, written once: the schemas validate against these lists, the
 * database stores their values and the web app labels them. Free of zod, like directory.ts.
 */

/** pacientes.estado */
export const ESTADOS_PACIENTE = ['activo', 'inactivo'] as const;
export type PatientStatus = (typeof ESTADOS_PACIENTE)[number];
export const ESTADO_PACIENTE_LABELS: Record<PatientStatus, string> = { activo: 'Activo', inactivo: 'Inactivo' };

/** solicitudes_cita.estado */
export const ESTADOS_SOLICITUD = ['nueva', 'atendida'] as const;
export type AppointmentRequestStatus = (typeof ESTADOS_SOLICITUD)[number];
export const ESTADO_SOLICITUD_LABELS: Record<AppointmentRequestStatus, string> = {
  nueva: 'Nueva',
  atendida: 'Atendida',
};

/**
 * citas.estado: spec 001 §4's four (created as pendiente; the edit form allows any), and the states of
 * the day (issue 24, DESIGN §1): confirmed or cancelled by the patient, en sala (arrived), atendida, no
 * asistió. Every state is offered by the edit form; the desk moves a day's appointment in one click
 * (`CITA_PASOS`).
 */
export const ESTADOS_CITA = [
  'pendiente',
  'confirmada',
  'confirmada_paciente',
  'en_sala',
  'atendida',
  'completada',
  'no_asistio',
  'cancelada',
  'cancelada_paciente',
] as const;
export type AppointmentStatus = (typeof ESTADOS_CITA)[number];
export const ESTADO_CITA_LABELS: Record<AppointmentStatus, string> = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  confirmada_paciente: 'Confirmada por el paciente',
  en_sala: 'En sala',
  atendida: 'Atendida',
  completada: 'Completada',
  no_asistio: 'No asistió',
  cancelada: 'Cancelada',
  cancelada_paciente: 'Cancelada por el paciente',
};

/**
 * What `citas.estado` may hold: the agenda's states, and `retenida`, an online booking's hold on its slot
 * for a few minutes (issue 24) before the patient is known. No screen shows or sets it: every agenda
 * read leaves holds out (`isHold`).
 */
export const ESTADO_CITA_RETENIDA = 'retenida' as const;
export type StoredAppointmentStatus = AppointmentStatus | typeof ESTADO_CITA_RETENIDA;

/** The states that free the slot: the no-overlap rule skips them, as the database's constraint does. */
export const ESTADOS_CITA_ANULADA = ['cancelada', 'cancelada_paciente'] as const satisfies readonly AppointmentStatus[];
export const isCancelledAppointment = (estado: AppointmentStatus): boolean =>
  (ESTADOS_CITA_ANULADA as readonly string[]).includes(estado);

/** The states of a visit still to come: the patient's next visit is the earliest of them. */
export const ESTADOS_CITA_PREVISTA = [
  'pendiente',
  'confirmada',
  'confirmada_paciente',
] as const satisfies readonly AppointmentStatus[];

/** The states of a visit that took place: the patient's last visit is the latest of them. */
export const ESTADOS_CITA_HECHA = ['atendida', 'completada'] as const satisfies readonly AppointmentStatus[];

/** The desk's one-click steps through the day (issue 24), from each state; the edit form allows any. */
export const CITA_PASOS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  pendiente: ['confirmada', 'en_sala', 'no_asistio'],
  confirmada: ['en_sala', 'no_asistio'],
  confirmada_paciente: ['en_sala', 'no_asistio'],
  en_sala: ['atendida'],
  atendida: [],
  completada: [],
  no_asistio: [],
  cancelada: [],
  cancelada_paciente: [],
};
/**
 * The steps the desk is offered for an appointment on `fecha` when the clinic's day is `today`
 * (YYYY-MM-DD): confirming is for one still to come, arriving and being attended for today's, a no-show
 * for today's or a past one.
 */
export function appointmentSteps(estado: AppointmentStatus, fecha: string, today: string): AppointmentStatus[] {
  return CITA_PASOS[estado].filter((next) =>
    next === 'confirmada' ? fecha >= today : next === 'no_asistio' ? fecha <= today : fecha === today,
  );
}

/** Each step's button. */
export const CITA_PASO_LABELS: Partial<Record<AppointmentStatus, string>> = {
  confirmada: 'Confirmar',
  en_sala: 'En sala',
  atendida: 'Atendida',
  no_asistio: 'No asistió',
};
