import { z } from 'zod';
import {
  FIELD_MESSAGES,
  idSchema,
  isCalendarDate,
  optionalText,
  PATIENT_PHONE_PATTERN,
  requiredEmail,
  requiredText,
} from './fields.ts';
import { BOOKING_MESSAGES, SLOT_DAYS_MAX } from '../booking.ts';
import { NEXT_SLOTS_MAX } from '../directory.ts';

// The texts and numbers live in ../booking.ts, free of zod for the public profile; they are exported
// from here too, as before.
export {
  BOOKING_MESSAGES,
  CODE_MINUTES,
  CODE_TRIES,
  HOLD_MINUTES,
  SLOT_DAYS_MAX,
  SLOT_STEP_MINUTES,
} from '../booking.ts';

/**
 * Online booking (issue 24): the dentists' working hours and the agenda's blocks, the clinic's booking
 * rules, and the public booking of a real free slot (options, slots, hold, the patient's details and the
 * emailed code). The contract between `/api/dentistas/:id/horario`, `/api/bloqueos`,
 * `/api/reservas/ajustes`, the public `/api/reservas/...` and their screens. Days and times are the
 * clinic's wall clock.
 */

/** ISO weekdays, as `horarios_dentista.dia_semana` stores them. */
export const DIAS_SEMANA = [1, 2, 3, 4, 5, 6, 7] as const;
export type IsoWeekday = (typeof DIAS_SEMANA)[number];
export const DIA_SEMANA_LABELS: Record<IsoWeekday, string> = {
  1: 'Lunes',
  2: 'Martes',
  3: 'Miércoles',
  4: 'Jueves',
  5: 'Viernes',
  6: 'Sábado',
  7: 'Domingo',
};

/** bloqueos_agenda.tipo */
export const TIPOS_BLOQUEO = ['vacaciones', 'festivo', 'formacion', 'descanso', 'otro'] as const;
export type BlockKind = (typeof TIPOS_BLOQUEO)[number];
export const TIPO_BLOQUEO_LABELS: Record<BlockKind, string> = {
  vacaciones: 'Vacaciones',
  festivo: 'Festivo',
  formacion: 'Formación',
  descanso: 'Descanso',
  otro: 'Otro',
};

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;
const hora = z.string({ error: BOOKING_MESSAGES.horaInvalid }).regex(HORA, BOOKING_MESSAGES.horaInvalid);
const fecha = z.string({ error: FIELD_MESSAGES.dateInvalid }).refine(isCalendarDate, FIELD_MESSAGES.dateInvalid);

const rangeSchema = z
  .object({
    diaSemana: z.union(DIAS_SEMANA.map((d) => z.literal(d)) as [z.ZodLiteral<1>, ...z.ZodLiteral<IsoWeekday>[]], {
      error: 'Elige un día de la semana',
    }),
    horaInicio: hora,
    horaFin: hora,
  })
  .refine((r) => r.horaFin > r.horaInicio, { message: BOOKING_MESSAGES.horaFinAfterInicio, path: ['horaFin'] });
export type WorkingRange = z.output<typeof rangeSchema>;

/** PUT /api/dentistas/:id/horario: the dentist's whole week, replaced. */
export const workingHoursSchema = z.object({ rangos: z.array(rangeSchema).max(7 * 6) }).superRefine((value, ctx) => {
  for (const dia of DIAS_SEMANA) {
    const day = value.rangos
      .map((r, i) => ({ ...r, i }))
      .filter((r) => r.diaSemana === dia)
      .sort((a, b) => a.horaInicio.localeCompare(b.horaInicio));
    for (let k = 1; k < day.length; k++) {
      if (day[k]!.horaInicio < day[k - 1]!.horaFin) {
        ctx.addIssue({
          code: 'custom',
          message: BOOKING_MESSAGES.rangesOverlap(DIA_SEMANA_LABELS[dia]),
          path: ['rangos', day[k]!.i, 'horaInicio'],
        });
      }
    }
  }
});
export type WorkingHours = z.output<typeof workingHoursSchema>;

/** POST /api/bloqueos: a whole day or days (no times), or a span between two moments. */
export const blockSchema = z
  .object({
    dentistaId: idSchema.nullable(),
    desde: fecha,
    horaDesde: hora.nullable().default(null),
    hasta: fecha,
    horaHasta: hora.nullable().default(null),
    tipo: z.enum(TIPOS_BLOQUEO, { error: BOOKING_MESSAGES.tipoInvalid }),
    motivo: optionalText(200),
  })
  .refine((b) => `${b.hasta} ${b.horaHasta ?? '24:00'}` > `${b.desde} ${b.horaDesde ?? '00:00'}`, {
    message: BOOKING_MESSAGES.blockEndAfterStart,
    path: ['hasta'],
  });
export type BlockInput = z.input<typeof blockSchema>;
export type BlockData = z.output<typeof blockSchema>;

export type AgendaBlock = {
  id: string;
  dentistaId: string | null;
  /** ISO instants. */
  inicio: string;
  fin: string;
  tipo: BlockKind;
  motivo: string | null;
};

/** The longest span of days one GET /api/bloqueos answers (a year and a day). */
export const BLOCK_LIST_MAX_DAYS = 366;

/** GET /api/bloqueos: the blocks that touch these clinic days (both included). */
export const blockListQuerySchema = z.object({ desde: fecha, hasta: fecha }).superRefine((v, ctx) => {
  if (!isCalendarDate(v.desde) || !isCalendarDate(v.hasta)) return;
  const days = (Date.parse(v.hasta) - Date.parse(v.desde)) / 86_400_000 + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['hasta'], message: BOOKING_MESSAGES.blockEndAfterStart });
  else if (days > BLOCK_LIST_MAX_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['hasta'],
      message: `El rango no puede superar los ${BLOCK_LIST_MAX_DAYS} días`,
    });
  }
});
export type BlockListQuery = z.input<typeof blockListQuerySchema>;

/** GET /api/citas/horario-dentistas: one clinic day of the Día grid. */
export const dayScheduleQuerySchema = z.object({ fecha });
export type DayScheduleQuery = z.input<typeof dayScheduleQuerySchema>;

/** A span of one clinic day, 'HH:MM' to 'HH:MM' ('24:00' when it runs to the end of the day). */
export type DaySpan = { horaInicio: string; horaFin: string };

/**
 * What the Día grid shows as closed time on a day. `horarios` has a row per dentist with working hours
 * configured (any day): that day's ranges, none when they do not work that day; a dentist without a row
 * has no hours set, so none of their day is closed. `bloqueos` are the blocks that touch the day, cut
 * to it: `dentistaId` null closes every column.
 */
export type DaySchedule = {
  horarios: { dentistaId: string; rangos: DaySpan[] }[];
  bloqueos: (DaySpan & { id: string; dentistaId: string | null; tipo: BlockKind; motivo: string | null })[];
};

/** GET/PUT /api/reservas/ajustes */
export const bookingRulesSchema = z.object({
  reservaOnline: z.boolean(),
  antelacionMinutos: z
    .number({ error: BOOKING_MESSAGES.antelacionInvalid })
    .int(BOOKING_MESSAGES.antelacionInvalid)
    .min(0, BOOKING_MESSAGES.antelacionInvalid)
    .max(10080, BOOKING_MESSAGES.antelacionInvalid),
  horizonteDias: z
    .number({ error: BOOKING_MESSAGES.horizonteInvalid })
    .int(BOOKING_MESSAGES.horizonteInvalid)
    .min(1, BOOKING_MESSAGES.horizonteInvalid)
    .max(365, BOOKING_MESSAGES.horizonteInvalid),
  maxFuturas: z
    .number({ error: BOOKING_MESSAGES.maxFuturasInvalid })
    .int(BOOKING_MESSAGES.maxFuturasInvalid)
    .min(1, BOOKING_MESSAGES.maxFuturasInvalid)
    .max(20, BOOKING_MESSAGES.maxFuturasInvalid),
  requiereAprobacion: z.boolean(),
  revisionMeses: z
    .number({ error: BOOKING_MESSAGES.revisionMesesInvalid })
    .int(BOOKING_MESSAGES.revisionMesesInvalid)
    .min(1, BOOKING_MESSAGES.revisionMesesInvalid)
    .max(36, BOOKING_MESSAGES.revisionMesesInvalid),
});
export type BookingRules = z.output<typeof bookingRulesSchema>;

/** GET /api/reservas/:clinicaId/opciones */
export type BookingOptions = {
  servicios: { id: string; nombre: string; duracionMinutos: number }[];
  dentistas: { id: string; nombre: string; especialidad: string }[];
  horizonteDias: number;
  requiereAprobacion: boolean;
  /** The clinic's today (YYYY-MM-DD). */
  hoy: string;
};

/** GET /api/reservas/:clinicaId/huecos */
export const slotQuerySchema = z.object({
  servicioId: idSchema,
  dentistaId: idSchema.optional(),
  desde: fecha,
  dias: z.coerce.number().int().min(1).max(SLOT_DAYS_MAX).default(7),
});
export type SlotQuery = z.input<typeof slotQuerySchema>;
export type FreeSlot = { hora: string; dentistaId: string };
export type SlotDay = { fecha: string; huecos: FreeSlot[] };
export type FreeSlots = { dias: SlotDay[] };

/**
 * GET /api/reservas/proximos?ids=…: the next free slot of each listed clinic that takes online bookings
 * (the cards of a page, comma-separated ids, at most NEXT_SLOTS_MAX), as its profile shows it.
 */
export const nextSlotsQuerySchema = z.object({
  ids: z.string({ error: BOOKING_MESSAGES.nextSlotsIdsInvalid }).transform((text, ctx) => {
    const ids = [...new Set(text.split(','))];
    if (ids.length > NEXT_SLOTS_MAX || !ids.every((id) => idSchema.safeParse(id).success)) {
      ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.nextSlotsIdsInvalid });
      return z.NEVER;
    }
    return ids;
  }),
});
/** A clinic's next free slot: its day and time, and the clinic's today (for 'hoy' and 'mañana'). */
export type NextSlot = { clinicaId: string; fecha: string; hora: string; hoy: string };
export type NextSlots = { proximos: NextSlot[] };

/** POST /api/reservas/:clinicaId/retener: the slot chosen; `dentistaId` null is 'cualquiera'. */
export const holdSchema = z.object({
  servicioId: idSchema,
  dentistaId: idSchema.nullable(),
  fecha,
  hora,
  /** The proof-of-work payload of the ALTCHA widget. */
  altcha: z.string().min(1, BOOKING_MESSAGES.challengeFailed).max(5000, BOOKING_MESSAGES.challengeFailed),
});
export type HoldInput = z.input<typeof holdSchema>;
export type Hold = {
  token: string;
  /** ISO instant. */
  retenidaHasta: string;
  fecha: string;
  hora: string;
  horaFin: string;
  dentista: string;
  servicio: string;
};

/** POST /api/reservas/retenciones/:token/datos: who books; sends the code. */
export const bookingDetailsSchema = z.object({
  nombres: requiredText(BOOKING_MESSAGES.nombresRequired, 100),
  apellidos: requiredText(BOOKING_MESSAGES.apellidosRequired, 100),
  email: requiredEmail({ required: BOOKING_MESSAGES.emailRequired, invalid: BOOKING_MESSAGES.emailInvalid }),
  telefono: z
    .string({ error: BOOKING_MESSAGES.telefonoRequired })
    .trim()
    .min(1, BOOKING_MESSAGES.telefonoRequired)
    .regex(PATIENT_PHONE_PATTERN, BOOKING_MESSAGES.telefonoInvalid),
  aceptaPrivacidad: z.literal(true, { error: BOOKING_MESSAGES.privacyRequired }),
  aceptaRecordatorios: z.boolean().default(false),
});
export type BookingDetailsInput = z.input<typeof bookingDetailsSchema>;

/** POST /api/reservas/retenciones/:token/confirmar */
export const bookingCodeSchema = z.object({
  codigo: z.string({ error: BOOKING_MESSAGES.codeFormat }).regex(/^\d{6}$/, BOOKING_MESSAGES.codeFormat),
});
export type BookingResult = {
  estado: 'confirmada' | 'pendiente';
  mensaje: string;
  fecha: string;
  hora: string;
  dentista: string;
};

/** The token of a booking in progress: 32 random bytes, base64url. */
export const BOOKING_TOKEN = /^[A-Za-z0-9_-]{43}$/;
