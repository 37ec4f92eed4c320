/**
 * Online booking (issue 24): its Spanish texts and its rules' numbers. Kept free of zod (the schemas
 * are in schemas/booking.ts) so that the public profile, which shows 'Reservar cita' and the next free
 * slot, does not download the validation library.
 */
import { NEXT_SLOTS_MAX, ONLINE_BOOKING_BADGE } from './directory.ts';

export const BOOKING_MESSAGES = {
  // Working hours and blocks.
  hoursTitle: 'Horario de trabajo',
  hoursSaved: 'Horario guardado',
  hoursError: 'No se pudo guardar el horario',
  horaInvalid: 'Introduce una hora válida (HH:MM)',
  horaFinAfterInicio: 'La hora de fin debe ser posterior a la de inicio',
  rangesOverlap: (dia: string) => `Los tramos del ${dia.toLowerCase()} se solapan`,
  blocksTitle: 'Bloqueos de agenda',
  blockCreated: 'Bloqueo creado',
  blockDeleted: 'Bloqueo eliminado',
  blockError: 'No se pudo guardar el bloqueo',
  blockNotFound: 'El bloqueo no existe',
  blockEndAfterStart: 'El fin debe ser posterior al inicio',
  tipoInvalid: 'Elige un tipo de la lista',
  dentistaNotFound: 'El dentista no existe o no pertenece a la clínica',
  closed: 'Fuera de horario',
  // The clinic's rules.
  rulesTitle: 'Reserva online',
  rulesSaved: 'Reglas de reserva guardadas',
  rulesError: 'No se pudieron guardar las reglas de reserva',
  rulesLoadError: 'No se pudieron cargar las reglas de reserva',
  antelacionInvalid: 'Indica entre 0 y 10080 minutos (7 días)',
  horizonteInvalid: 'Indica entre 1 y 365 días',
  maxFuturasInvalid: 'Indica entre 1 y 20 reservas',
  revisionMesesInvalid: 'Indica entre 1 y 36 meses',
  // The public booking.
  bookOnline: 'Reservar cita',
  onlineBadge: ONLINE_BOOKING_BADGE,
  nextSlot: (cuando: string) => `Próximo hueco: ${cuando}`,
  nextSlotsIdsInvalid: `Indica entre 1 y ${NEXT_SLOTS_MAX} clínicas`,
  orRequest: 'o envía una solicitud',
  checkingHuman: 'Comprobando que no eres un robot…',
  holding: 'Reservando el hueco…',
  heldFor: (tiempo: string) => `Reservado para ti durante ${tiempo}`,
  approvalNotice: 'La clínica confirmará tu cita',
  codeLifetime: (minutos: number) => `El código caduca en ${minutos} minutos.`,
  slotsLoadError: 'No se pudieron cargar los huecos libres. Inténtalo de nuevo.',
  holdError: 'No se pudo reservar el hueco',
  codeSendError: 'No se pudo enviar el código',
  confirmError: 'No se pudo confirmar la cita',
  notOnline: 'Esta clínica no acepta reservas online',
  serviceNotBookable: 'Ese servicio no se puede reservar online',
  anyDentist: 'Cualquiera',
  noSlots: 'No hay huecos libres en estos días',
  slotTaken: 'Ese hueco acaba de ocuparse. Elige otro, por favor.',
  slotNotOffered: 'Ese hueco no está disponible. Elige otro de la lista.',
  holdExpired: 'Tu reserva ha caducado. Elige de nuevo el hueco, por favor.',
  holdNotFound: 'Esta reserva no existe o ya ha caducado',
  codeSent: (email: string) => `Te hemos enviado un código de 6 dígitos a ${email}`,
  codeInvalid: 'El código no es correcto',
  codeExpired: 'El código ha caducado. Pide uno nuevo.',
  codeLocked: 'Demasiados intentos. Elige de nuevo el hueco, por favor.',
  codeFormat: 'Escribe los 6 dígitos del código',
  tooManyBookings: (max: number) =>
    `Ya tienes ${max} ${max === 1 ? 'cita reservada' : 'citas reservadas'} en esta clínica. Para otra, llama a la clínica.`,
  privacyRequired: 'Debes aceptar la política de privacidad',
  challengeFailed: 'No se pudo comprobar que no eres un robot. Recarga la página e inténtalo de nuevo.',
  booked: 'Cita reservada. Te hemos enviado la confirmación por correo.',
  awaitingApproval: 'Solicitud recibida. La clínica confirmará tu cita y te avisará por correo.',
  nombresRequired: 'El nombre es obligatorio',
  apellidosRequired: 'Los apellidos son obligatorios',
  // As the request form beside it on the public profile (spec 001 §5).
  emailRequired: 'El email es obligatorio',
  emailInvalid: 'Introduce un email válido',
  telefonoRequired: 'El teléfono es obligatorio',
  telefonoInvalid: 'Introduce un número de teléfono válido',
  recallTitle: 'Revisiones pendientes',
} as const;

/** How long a chosen slot is held, and the emailed code's life and tries. */
export const HOLD_MINUTES = 5;
export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;
/** Free slots start on this grid (minutes past the hour). */
export const SLOT_STEP_MINUTES = 15;
/** Days of slots one request answers. */
export const SLOT_DAYS_MAX = 14;
