import { z } from 'zod';
import { ESTADOS_CITA_PREVISTA } from '../estados.ts';
import { idSchema } from './fields.ts';

/**
 * 'Recordatorios de mañana' (issue 24): WhatsApp the way clinics use it today, without an unofficial
 * client. The desk lists tomorrow's appointments and, per patient, opens `wa.me` with the clinic's
 * reminder already written; the server records that it was sent and by whom. The contract between
 * `/api/recordatorios` and its screen.
 */

export const REMINDER_MESSAGES = {
  pageTitle: 'Recordatorios de mañana',
  pageDescription:
    'Envía a cada paciente que aceptó recibirlos un recordatorio por WhatsApp con el enlace para confirmar o cancelar su cita.',
  empty: 'No hay citas para mañana',
  loadError: 'No se pudieron cargar los recordatorios',
  send: 'Enviar por WhatsApp',
  sendError: 'No se pudo preparar el recordatorio',
  sent: 'Recordatorio registrado',
  sentDetail: (paciente: string) => `Se ha abierto WhatsApp con el recordatorio para ${paciente}.`,
  openAgain: 'Abrir WhatsApp de nuevo',
  notSent: 'Sin enviar',
  consentYes: 'Acepta recordatorios',
  noConsent: 'El paciente no ha aceptado recibir recordatorios',
  noPhone: 'El paciente no tiene un teléfono registrado',
  invalidPhone: 'El teléfono del paciente no es un número válido',
  notUpcoming: 'Solo se envían recordatorios de citas pendientes o confirmadas',
  notFromTomorrow: 'Solo se envían recordatorios de citas de mañana en adelante',
  /** A send of today reads its time; one of an earlier day its date too. */
  sentBy: (nombre: string | null, hora: string, fecha: string | null) =>
    `Enviado por ${nombre ?? 'un miembro que ya no está en la clínica'}${fecha ? ` el ${fecha}` : ''} a las ${hora}`,
} as const;

/** Why a patient's phone gives no WhatsApp number. */
export const MOTIVOS_TELEFONO = ['sin_telefono', 'invalido'] as const;
export type PhoneProblem = (typeof MOTIVOS_TELEFONO)[number];
export const MOTIVO_TELEFONO_LABELS: Record<PhoneProblem, string> = {
  sin_telefono: REMINDER_MESSAGES.noPhone,
  invalido: REMINDER_MESSAGES.invalidPhone,
};

/** The patient's phone as typed, and as WhatsApp takes it: E.164 read with the clinic's country. */
export const reminderPhoneSchema = z.object({
  /** As written on the patient's record. */
  original: z.string().nullable(),
  /** `+34612345678`; null when there is none or it is not a valid number (`motivo` says which). */
  e164: z.string().nullable(),
  motivo: z.enum(MOTIVOS_TELEFONO).nullable(),
});
export type ReminderPhone = z.infer<typeof reminderPhoneSchema>;

/** A WhatsApp reminder recorded as sent: when (ISO instant, and the clinic's day and time of it) and by whom. */
export const reminderSendSchema = z.object({
  id: idSchema,
  fechaEnvio: z.string(),
  fecha: z.string(),
  hora: z.string(),
  /** The member's name; null when they are no longer in the clinic. */
  enviadoPor: z.string().nullable(),
});
export type ReminderSend = z.infer<typeof reminderSendSchema>;

/** One of tomorrow's appointments on the screen. Times are the clinic's wall clock. */
export const tomorrowReminderSchema = z.object({
  citaId: idSchema,
  horaInicio: z.string(),
  horaFin: z.string(),
  titulo: z.string(),
  estado: z.enum(ESTADOS_CITA_PREVISTA),
  paciente: z.object({ id: idSchema, nombres: z.string(), apellidos: z.string() }),
  dentista: z.string(),
  telefono: reminderPhoneSchema,
  /** The patient accepted reminders (`pacientes.consentimiento_recordatorios`): without it, none is sent. */
  consentimiento: z.boolean(),
  /** Oldest first. */
  envios: z.array(reminderSendSchema),
});
export type TomorrowReminder = z.infer<typeof tomorrowReminderSchema>;

/** GET /api/recordatorios/manana: the clinic's tomorrow (`fecha`, YYYY-MM-DD) and its appointments still to come, by time. */
export const tomorrowRemindersSchema = z.object({
  fecha: z.string(),
  citas: z.array(tomorrowReminderSchema),
});
export type TomorrowReminders = z.infer<typeof tomorrowRemindersSchema>;

/** POST /api/recordatorios/:id/whatsapp: the `wa.me` link with the reminder written, to open in a new tab. */
export const whatsappReminderSchema = z.object({ url: z.string() });
export type WhatsappReminder = z.infer<typeof whatsappReminderSchema>;

/** `https://wa.me/34612345678?text=…`: WhatsApp's click-to-chat link takes the number's digits without the `+`. */
export const whatsappUrl = (e164: string, text: string) =>
  `https://wa.me/${e164.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
