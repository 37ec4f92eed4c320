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

/** citas.estado (spec 001 §4): created as pendiente; the edit form allows any of the four. */
export const ESTADOS_CITA = ['pendiente', 'confirmada', 'cancelada', 'completada'] as const;
export type AppointmentStatus = (typeof ESTADOS_CITA)[number];
export const ESTADO_CITA_LABELS: Record<AppointmentStatus, string> = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  cancelada: 'Cancelada',
  completada: 'Completada',
};
