import { z } from 'zod';
import { BOOKING_MESSAGES } from './booking.ts';
import { pageNumber } from './fields.ts';
import { CANAL_MENSAJE_LABELS, type LastReminder, type MessageChannel } from './messages.ts';
import { REMINDER_MESSAGES, type ReminderPhone } from './reminders.ts';

/**
 * 'Revisiones pendientes' (issue 24): the clinic's patients whose last visit is at least its recall
 * interval ago (`clinicas.revision_meses`, 6 months unless changed in 'Reserva online') and who have
 * nothing booked, so the desk invites them back by email or WhatsApp, only those who accepted the
 * clinic's communications. The contract between `/api/revisiones` and its screen.
 */
export const RECALL_MESSAGES = {
  pageTitle: BOOKING_MESSAGES.recallTitle,
  pageDescription: (meses: number) =>
    `Pacientes cuya última visita fue hace ${meses === 1 ? '1 mes' : `${meses} meses`} o más y que no tienen ninguna cita reservada.`,
  empty: 'No hay revisiones pendientes',
  emptyDetail: 'Cuando a un paciente le toque volver a revisión y no tenga cita, aparecerá aquí.',
  loadError: 'No se pudieron cargar las revisiones pendientes',
  lastVisit: 'Última visita',
  sendEmail: 'Enviar correo',
  sendWhatsapp: 'Enviar por WhatsApp',
  emailSent: 'Correo enviado',
  emailSentDetail: (paciente: string) => `${paciente} ha recibido el recordatorio de su revisión.`,
  whatsappOpened: 'WhatsApp abierto',
  whatsappOpenedDetail: (paciente: string) => `Se ha abierto WhatsApp con el mensaje para ${paciente}.`,
  openAgain: 'Abrir WhatsApp de nuevo',
  sendError: 'No se pudo enviar el recordatorio de revisión',
  lastReminder: 'Último aviso',
  noReminder: 'Ninguno',
  reminderVia: (canal: MessageChannel, fecha: string) => `${CANAL_MENSAJE_LABELS[canal]}, ${fecha}`,
  consentYes: 'Acepta comunicaciones',
  consentNo: 'Sin consentimiento',
  notFound: 'El paciente no existe o no tienes acceso',
  notDue: 'Este paciente ya no tiene una revisión pendiente: tiene una cita reservada o una visita reciente',
  noConsent: 'El paciente no ha aceptado recibir comunicaciones de la clínica',
  noEmail: 'El paciente no tiene un correo registrado',
  noPhone: REMINDER_MESSAGES.noPhone,
  invalidPhone: REMINDER_MESSAGES.invalidPhone,
  // The message itself, by email and by WhatsApp.
  subject: (clinica: string) => `Tu revisión en ${clinica}`,
  body: (nombre: string, clinica: string, telefono: string | null) =>
    `Hola, ${nombre}: hace tiempo de tu última revisión en ${clinica}. ${
      telefono ? `Pide cita llamando al ${telefono}.` : 'Pide cita en la clínica.'
    }`,
  profileLine: (url: string) => `También puedes ver la clínica y pedir cita aquí: ${url}`,
  profileAction: 'Ver la clínica',
} as const;

/** Patients per page of the list. */
export const RECALLS_PAGE_SIZE = 20;

/** GET /api/revisiones?pagina=N */
export const recallsQuerySchema = z.object({ pagina: pageNumber });
export type RecallsQuery = z.input<typeof recallsQuerySchema>;

/** One patient due a check-up. */
export type RecallPatient = {
  id: string;
  nombres: string;
  apellidos: string;
  email: string | null;
  /** As written on the record, and as WhatsApp takes it (or why not). */
  telefono: ReminderPhone;
  /** YYYY-MM-DD, the clinic's day. */
  ultimaVisita: string;
  /** The patient accepted the clinic's other communications (`pacientes.consentimiento_comunicaciones`). */
  consentimiento: boolean;
  /** The last recall the desk sent them, by email or WhatsApp; null when none. */
  ultimoRecordatorio: LastReminder | null;
};

/** Oldest last visit first. */
export type RecallPage = {
  pacientes: RecallPatient[];
  total: number;
  pagina: number;
  porPagina: number;
  /** The clinic's recall interval, in months. */
  revisionMeses: number;
};

/** POST /api/revisiones/:id/whatsapp: the `wa.me` link with the message written, to open in a new tab. */
export type WhatsappRecall = { url: string };

/** Why no recall can go to this patient by each channel, in the order the server checks; null: it can. */
export function recallBlockedReason(p: Pick<RecallPatient, 'consentimiento' | 'email' | 'telefono'>) {
  const consent = p.consentimiento ? null : RECALL_MESSAGES.noConsent;
  return {
    email: consent ?? (p.email ? null : RECALL_MESSAGES.noEmail),
    whatsapp:
      consent ??
      (p.telefono.motivo === 'sin_telefono'
        ? RECALL_MESSAGES.noPhone
        : p.telefono.motivo === 'invalido'
          ? RECALL_MESSAGES.invalidPhone
          : null),
  };
}
