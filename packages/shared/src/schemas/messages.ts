import { z } from 'zod';
import type { AppointmentStatus } from '../estados.ts';
import { formatLongDate, wallClockParts } from '../format.ts';
import { requiredText } from './fields.ts';

/**
 * Messages to patients (issue 24): the outbox's channels, templates and states, the clinic's settings
 * (when reminders go, until when a patient may cancel, the templates' texts), an appointment's message
 * history and the patient's appointment page (`/cita/{token}`). The contract between
 * `/api/mensajes`, `/api/citas/:id/mensajes`, `/api/cita-paciente` and their screens.
 */

/** mensajes.canal */
export const CANALES_MENSAJE = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof CANALES_MENSAJE)[number];
export const CANAL_MENSAJE_LABELS: Record<MessageChannel, string> = { email: 'Correo', whatsapp: 'WhatsApp' };

/**
 * mensajes.estado: waiting for its time (or its next try), being sent by one instance, sent, failed for
 * good (with its reason), or dropped because it no longer applies (the appointment moved, was cancelled
 * or the patient withdrew consent before its time).
 */
export const ESTADOS_MENSAJE = ['pendiente', 'enviando', 'enviado', 'fallido', 'descartado'] as const;
export type MessageStatus = (typeof ESTADOS_MENSAJE)[number];
export const ESTADO_MENSAJE_LABELS: Record<MessageStatus, string> = {
  pendiente: 'Pendiente',
  enviando: 'Enviándose',
  enviado: 'Enviado',
  fallido: 'No se pudo enviar',
  descartado: 'Descartado',
};

/**
 * mensajes.plantilla: what the message is about. `reserva_recibida` tells a patient who booked online
 * that the clinic has their booking to approve (`reserva_requiere_aprobacion`); the approval sends
 * `confirmacion`. `whatsapp` is the text of tomorrow's WhatsApp reminder.
 */
export const PLANTILLAS_MENSAJE = [
  'confirmacion',
  'reserva_recibida',
  'cambio',
  'cancelacion',
  'recordatorio',
  'whatsapp',
] as const;
export type MessageTemplateId = (typeof PLANTILLAS_MENSAJE)[number];
/**
 * What `mensajes.plantilla` may hold (its CHECK): the appointment templates above, the reminders of a
 * balance owed (issue 25), by email through the outbox or by WhatsApp from the browser, and the check-up
 * recalls of 'Revisiones pendientes' (issue 24), emailed at once or sent by WhatsApp from the browser,
 * recorded as sent. Their texts are the product's (`PAYMENT_MESSAGES`, `RECALL_MESSAGES`), not the
 * clinic's templates.
 */
export const PLANTILLAS_GUARDADAS = [
  ...PLANTILLAS_MENSAJE,
  'saldo',
  'saldo_whatsapp',
  'revision',
  'revision_whatsapp',
] as const;
export type StoredMessageTemplate = (typeof PLANTILLAS_GUARDADAS)[number];

/** The latest reminder of some kind a patient was sent (or is being sent): how, and when (ISO). */
export type LastReminder = { canal: MessageChannel; fecha: string };
export const PLANTILLA_MENSAJE_LABELS: Record<MessageTemplateId, string> = {
  confirmacion: 'Cita reservada',
  reserva_recibida: 'Reserva online por aprobar',
  cambio: 'Cita cambiada',
  cancelacion: 'Cita cancelada por la clínica',
  recordatorio: 'Recordatorio por correo',
  whatsapp: 'Recordatorio por WhatsApp',
};

/** The data a template may name, as `{nombre}`. */
export const DATOS_PLANTILLA = {
  paciente: 'Nombre (de pila) del paciente',
  clinica: 'Nombre de la clínica',
  fecha: 'Fecha de la cita',
  hora: 'Hora de la cita',
  dentista: 'Dentista',
  direccion: 'Dirección de la clínica',
  telefono: 'Teléfono de la clínica',
  enlace: 'Enlace para confirmar o cancelar',
} as const;
export type TemplateDatum = keyof typeof DATOS_PLANTILLA;
export type MessageValues = Record<TemplateDatum, string>;

export type MessageTemplate = { asunto: string; cuerpo: string };
export type MessageTemplates = Record<MessageTemplateId, MessageTemplate>;

/** What every clinic sends until it writes its own. The WhatsApp text has no subject. */
export const PLANTILLAS_PREDETERMINADAS: MessageTemplates = {
  confirmacion: {
    asunto: 'Tu cita en {clinica}',
    cuerpo:
      'Hola, {paciente}:\n\nTu cita en {clinica} queda reservada para el {fecha} a las {hora} con {dentista}.\n\nDirección: {direccion}\n\nPuedes confirmar tu asistencia o cancelar la cita aquí: {enlace}',
  },
  reserva_recibida: {
    asunto: 'Hemos recibido tu solicitud de cita en {clinica}',
    cuerpo:
      'Hola, {paciente}:\n\nHemos recibido tu solicitud de cita en {clinica} para el {fecha} a las {hora} con {dentista}.\n\nLa clínica tiene que aprobarla: te escribiremos en cuanto lo haga. Hasta entonces la cita no está confirmada.\n\nSi tienes alguna duda, llámanos al {telefono}.',
  },
  cambio: {
    asunto: 'Tu cita en {clinica} ha cambiado',
    cuerpo:
      'Hola, {paciente}:\n\nTu cita en {clinica} ahora es el {fecha} a las {hora} con {dentista}.\n\nDirección: {direccion}\n\nPuedes confirmar tu asistencia o cancelar la cita aquí: {enlace}',
  },
  cancelacion: {
    asunto: 'Tu cita en {clinica} ha sido cancelada',
    cuerpo:
      'Hola, {paciente}:\n\nLa clínica ha cancelado tu cita del {fecha} a las {hora} con {dentista}.\n\nSi quieres pedir otra, llámanos al {telefono}.',
  },
  recordatorio: {
    asunto: 'Recordatorio: tu cita en {clinica} el {fecha}',
    cuerpo:
      'Hola, {paciente}:\n\nTe recordamos tu cita en {clinica} el {fecha} a las {hora} con {dentista}.\n\nDirección: {direccion}\n\nConfirma tu asistencia o cancela la cita aquí: {enlace}',
  },
  whatsapp: {
    asunto: '',
    cuerpo:
      'Hola, {paciente}. Te recordamos tu cita en {clinica} el {fecha} a las {hora} con {dentista}. Confirma tu asistencia o cancela la cita aquí: {enlace}',
  },
};

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The names a text uses as `{nombre}` that are not data of DATOS_PLANTILLA. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !(name in DATOS_PLANTILLA));
}

/** A template's text with each `{dato}` replaced by its value. */
export function fillMessage(text: string, values: MessageValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in DATOS_PLANTILLA ? values[name as TemplateDatum] : whole,
  );
}

/** What a message about an appointment says: its facts as the patient reads them, and the page's link. */
export type MessageFacts = {
  paciente: string;
  clinica: string;
  direccion: string | null;
  ciudad: string | null;
  telefono: string | null;
  dentista: string;
  /** The appointment's start, read on the clinic's clock (`zona`). */
  inicio: Date;
  zona: string;
};

export function messageValues(facts: MessageFacts, enlace: string): MessageValues {
  const { fecha, hora } = wallClockParts(facts.zona, facts.inicio);
  return {
    paciente: facts.paciente,
    clinica: facts.clinica,
    fecha: formatLongDate(fecha),
    hora,
    dentista: facts.dentista,
    direccion: [facts.direccion, facts.ciudad].filter(Boolean).join(', '),
    telefono: facts.telefono ?? '',
    enlace,
  };
}

/** The clinic's templates: its own where it wrote them, the defaults elsewhere. */
export const templatesOf = (stored: Partial<MessageTemplates> | null | undefined): MessageTemplates => ({
  ...PLANTILLAS_PREDETERMINADAS,
  ...stored,
});

export const MESSAGE_MESSAGES = {
  settingsTitle: 'Mensajes a pacientes',
  settingsSaved: 'Mensajes guardados',
  settingsError: 'No se pudieron guardar los mensajes',
  settingsLoadError: 'No se pudieron cargar los mensajes. Inténtalo de nuevo más tarde.',
  recordatorioHorasInvalid: 'Indica entre 1 y 168 horas',
  cancelacionHorasInvalid: 'Indica entre 0 y 168 horas',
  asuntoRequired: 'El asunto es obligatorio',
  cuerpoRequired: 'El texto es obligatorio',
  unknownPlaceholder: (names: string[]) =>
    `La plantilla usa ${names.length === 1 ? 'un dato que no existe' : 'datos que no existen'}: ${names.map((n) => `{${n}}`).join(', ')}`,
  historyTitle: 'Mensajes al paciente',
  historyEmpty: 'Aún no se ha enviado ningún mensaje para esta cita',
  historyError: 'No se pudieron cargar los mensajes de la cita',
  /** The patient's appointment page. */
  linkNotFound: 'Este enlace no es válido o la cita ya ha pasado',
  confirmed: 'Gracias. Hemos avisado a la clínica de que asistirás.',
  cancelledByPatient: 'Tu cita ha sido cancelada. La clínica ya lo sabe.',
  cannotConfirm: 'Esta cita ya no se puede confirmar',
  cannotCancel: 'Esta cita ya no se puede cancelar',
  cancelTooLate: (horas: number, telefono: string | null) =>
    `Ya no es posible cancelar en línea: se puede hasta ${horas} ${horas === 1 ? 'hora' : 'horas'} antes de la cita.${telefono ? ` Llama a la clínica al ${telefono}.` : ''}`,
  patientPageTitle: 'Tu cita',
  /** `fecha` already written out (formatLongDate), `hora` HH:MM: both on the clinic's clock. */
  cancelUntil: (fecha: string, hora: string) => `Puedes cancelar en línea hasta el ${fecha} a las ${hora}.`,
  cancelDialogDescription:
    'Avisaremos a la clínica de que no vas a asistir y tu hora quedará libre. Si más adelante quieres otra cita, tendrás que pedirla de nuevo.',
  patientLoadError: 'No se pudo cargar tu cita. Inténtalo de nuevo más tarde.',
  patientActionError: 'No se pudo registrar tu respuesta',
  /** What the clinic's staff are told when the patient answers. */
  patientConfirmedTitle: 'Cita confirmada por el paciente',
  patientCancelledTitle: 'Cita cancelada por el paciente',
} as const;

const hours = (min: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(168, message);

const templateText = (required: string, max: number, multiline: boolean) =>
  requiredText(required, max, { multiline }).superRefine((value, ctx) => {
    const unknown = unknownPlaceholders(value);
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: MESSAGE_MESSAGES.unknownPlaceholder(unknown) });
  });

const emailTemplateSchema = z.object({
  asunto: templateText(MESSAGE_MESSAGES.asuntoRequired, 200, false),
  cuerpo: templateText(MESSAGE_MESSAGES.cuerpoRequired, 4000, true),
});

/** PUT /api/mensajes/ajustes: every template is sent whole; the WhatsApp text has no subject. */
export const messageSettingsSchema = z.object({
  recordatorioHoras: hours(1, MESSAGE_MESSAGES.recordatorioHorasInvalid),
  cancelacionHoras: hours(0, MESSAGE_MESSAGES.cancelacionHorasInvalid),
  plantillas: z.object({
    confirmacion: emailTemplateSchema,
    reserva_recibida: emailTemplateSchema,
    cambio: emailTemplateSchema,
    cancelacion: emailTemplateSchema,
    recordatorio: emailTemplateSchema,
    whatsapp: z.object({
      // A WhatsApp message has no subject.
      asunto: z
        .string()
        .optional()
        .transform(() => ''),
      cuerpo: templateText(MESSAGE_MESSAGES.cuerpoRequired, 1000, true),
    }),
  }),
});
export type MessageSettingsInput = z.input<typeof messageSettingsSchema>;
export type MessageSettings = z.output<typeof messageSettingsSchema>;

/** The defaults of a clinic that has changed nothing (DESIGN: 48 h before, cancel until 24 h before). */
export const AJUSTES_MENSAJES_PREDETERMINADOS = { recordatorioHoras: 48, cancelacionHoras: 24 } as const;

/** No reminder is sent between these hours of the clinic's day (issue 24): it waits for the morning. */
export const HORAS_SILENCIO = { desde: 21, hasta: 8 } as const;

/** GET /api/citas/:id/mensajes: what was sent (or tried) about an appointment, newest first. */
export type AppointmentMessage = {
  id: string;
  canal: MessageChannel;
  plantilla: MessageTemplateId;
  destinatario: string;
  estado: MessageStatus;
  intentos: number;
  /** When it is (or was) due: ISO instant. */
  enviarEn: string;
  fechaEnvio: string | null;
  ultimoError: string | null;
  /** The member who sent it by hand (WhatsApp); null for the outbox's emails. */
  enviadoPor: string | null;
};

/** GET /api/cita-paciente/:token: what the patient's page shows. Times are the clinic's wall clock. */
export type PatientAppointment = {
  clinica: { nombre: string; direccion: string | null; ciudad: string | null; telefono: string | null };
  cita: {
    fecha: string;
    horaInicio: string;
    horaFin: string;
    dentista: string;
    estado: AppointmentStatus;
  };
  puedeConfirmar: boolean;
  puedeCancelar: boolean;
  /** Until when the patient may cancel online (ISO instant). */
  cancelarHasta: string;
  cancelacionHoras: number;
};

/** The link's token: 32 random bytes, base64url (43 characters). */
export const APPOINTMENT_TOKEN = /^[A-Za-z0-9_-]{43}$/;
