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
export const ESTADO_SOLICITUD_LABELS: Record<AppointmentRequestStatus, string> = { nueva: 'Nueva', atendida: 'Atendida' };
