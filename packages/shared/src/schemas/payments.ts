import { z } from 'zod';
import { COUNTRIES, countryOf } from '../countries.ts';
import type { CurrencyCode } from '../money.ts';
import type { LastReminder } from './messages.ts';
import { idSchema, optionalText, pageNumber, requiredText } from './fields.ts';

/**
 * Payments (cobros), the patient's account, the daily cash close and the debtors' list (issue 25,
 * docs/decisions/0023). Every amount is an integer of the clinic's currency's smallest unit; a payment is
 * applied to treatments done or accepted budget lines, or left on account as an advance. A payment is never
 * deleted: an annulment writes a reversing entry. The contract between `/api/cobros`, `/api/caja`,
 * `/api/saldos`, `/api/pacientes/:id/cuenta` and their screens.
 */
export const PAYMENT_MESSAGES = {
  title: 'Cobros',
  newPayment: 'Registrar cobro',
  registered: (numero: string) => `Cobro registrado: recibo ${numero}`,
  annulled: 'Cobro anulado',
  applyAdvance: 'Aplicar anticipo',
  advanceApplied: (importe: string) => `Anticipo aplicado: ${importe}`,
  advanceApplyError: 'No se pudo aplicar el anticipo',
  advanceNone: 'El paciente no tiene anticipo que aplicar',
  advanceNothingPending: 'El paciente no tiene nada pendiente a lo que aplicar el anticipo',
  notFound: 'El cobro no existe o no tienes acceso',
  patientNotFound: 'El paciente no existe o no tienes acceso',
  amountRequired: 'Escribe el importe cobrado',
  amountInvalid: 'El importe debe ser mayor que cero',
  amountDecimals: 'El importe no admite decimales en la moneda de la clínica',
  /** As typed in the form: euros take cents, pesos none. */
  amountTooManyDecimals: (decimales: number) =>
    decimales
      ? `El importe admite como mucho ${decimales} decimales`
      : 'El importe no admite decimales en la moneda de la clínica',
  amountNotANumber: 'Escribe el importe con números',
  amountTooLarge: 'El importe es demasiado grande',
  methodInvalid: 'Elige una forma de pago',
  methodOfOtherCountry: 'Esa forma de pago no se usa en el país de la clínica',
  referenceTooLong: 'La referencia tiene como mucho 100 caracteres',
  dateInvalid: 'La fecha del cobro no es válida',
  dateFuture: 'La fecha del cobro no puede ser posterior a hoy',
  dayClosed: (dia: string) => `La caja del ${dia} está cerrada: no admite más cobros`,
  itemsRequired: 'Elige a qué tratamientos se aplica el cobro',
  itemsInvalid: 'Los tratamientos elegidos no son de este paciente o ya están pagados',
  amountOverApplied: (pendiente: string) =>
    `El importe supera lo pendiente de los tratamientos elegidos (${pendiente}). Déjalo a cuenta o elige más tratamientos`,
  annulReasonRequired: 'Escribe el motivo de la anulación',
  alreadyAnnulled: 'Este cobro ya está anulado',
  annulDayClosed: 'La caja de hoy está cerrada: la anulación se registrará cuando se abra la de mañana',
  receiptNotInvoice: 'Este recibo no es una factura',
  receiptSent: (email: string) => `Recibo enviado a ${email}`,
  noEmail: 'El paciente no tiene email: añádelo en su ficha para enviarle el recibo',
  emailError: 'No se pudo enviar el email. Inténtalo de nuevo más tarde.',
  receiptSubject: (clinica: string, numero: string) => `Recibo ${numero} de ${clinica}`,
  loadError: 'Error al cargar la cuenta del paciente',
  saveError: 'No se pudo registrar el cobro',
  // Account
  accountTitle: 'Estado de cuenta',
  noMovements: 'Sin tratamientos ni cobros',
  // Cash desk
  cashTitle: 'Caja',
  cashOpened: 'Caja abierta',
  cashClosed: 'Caja cerrada',
  cashAlreadyOpen: 'Tu caja de hoy ya está abierta',
  cashAlreadyClosed: 'Tu caja de hoy ya está cerrada',
  cashDayAlreadyClosed: (dia: string) => `Tu caja del ${dia} ya está cerrada`,
  cashCountRequired: 'Escribe el efectivo contado',
  cashCountInvalid: 'El efectivo contado no es un importe válido',
  cashFloatInvalid: 'El fondo de caja no es un importe válido',
  cashNoteRequired: 'Explica la diferencia en la nota',
  cashLoadError: 'Error al cargar la caja',
  cashDayInvalid: 'El día de la caja no es válido',
  cashDayFuture: 'Ese día aún no ha llegado: no tiene caja que cerrar',
  cashNotOpened: (dia: string) => `No abriste caja el ${dia}: no hay nada que cerrar`,
  cashUnclosed: 'Tienes cajas de días anteriores sin cerrar. Ciérralas para que sus cobros cuadren:',
  cashPastNotOpened: 'No abriste caja ese día.',
  // Debtors
  debtorsTitle: 'Pacientes con saldo pendiente',
  debtorsEmpty: 'Ningún paciente tiene saldo pendiente',
  debtReminderQueued: (email: string) => `Recordatorio de saldo enviado a ${email}`,
  debtReminderNoDebt: 'El paciente no tiene saldo pendiente',
  debtReminderSubject: (clinica: string) => `Saldo pendiente en ${clinica}`,
  debtorsDescription: 'Pacientes con tratamientos realizados sin pagar. Recuérdales su saldo por email o por WhatsApp.',
  debtorsLoadError: 'No se pudieron cargar los saldos pendientes',
  debtorsTotal: 'Total pendiente',
  debtorsCount: (n: number) => (n === 1 ? '1 paciente' : `${n} pacientes`),
  debtorsOrder: 'Ordenar por',
  debtorsOrderAmount: 'Importe',
  debtorsOrderAge: 'Antigüedad',
  debtorsBalance: 'Saldo',
  debtorsSince: 'Pendiente desde',
  debtorsDays: (dias: number) => (dias === 0 ? 'hoy' : dias === 1 ? 'hace 1 día' : `hace ${dias} días`),
  debtorsLastReminder: 'Último recordatorio',
  debtorsNoReminder: 'Ninguno',
  debtorsReminderVia: (canal: 'email' | 'whatsapp', fecha: string) =>
    `${canal === 'email' ? 'Email' : 'WhatsApp'}, ${fecha}`,
  debtReminderEmail: 'Recordar por email',
  debtReminderWhatsapp: 'Recordar por WhatsApp',
  debtReminderNoEmail: 'El paciente no tiene email: añádelo en su ficha para enviarle el recordatorio',
  debtReminderWhatsappRecorded: (paciente: string) => `Recordatorio de saldo por WhatsApp registrado para ${paciente}`,
  debtReminderWhatsappOpened: 'Se ha abierto WhatsApp con el recordatorio escrito.',
  debtReminderOpenAgain: 'Abrir WhatsApp de nuevo',
  debtReminderError: 'No se pudo enviar el recordatorio de saldo',
  /** The balance reminder's paragraphs (email) and, joined, its WhatsApp text. */
  debtReminderBody: (paciente: string, clinica: string, saldo: string, telefono: string | null) => [
    `Hola, ${paciente}:`,
    `Te escribimos de ${clinica} para recordarte que tienes un saldo pendiente de ${saldo} por tratamientos realizados.`,
    telefono
      ? `Puedes pagarlo en tu próxima visita o llamarnos al ${telefono} si tienes cualquier duda.`
      : 'Puedes pagarlo en tu próxima visita o preguntarnos si tienes cualquier duda.',
    'Si ya lo has pagado, ignora este mensaje.',
  ],
} as const;

// ---------------------------------------------------------------------------------------------------------
// Methods per country

export const COLLECTION_METHODS = ['efectivo', 'tarjeta', 'transferencia', 'bizum', 'nequi', 'daviplata'] as const;
export type CollectionMethod = (typeof COLLECTION_METHODS)[number];
export const COLLECTION_METHOD_LABELS: Record<CollectionMethod, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
  bizum: 'Bizum',
  nequi: 'Nequi',
  daviplata: 'Daviplata',
};
/** Every country takes cash, card and transfer; Spain Bizum, Colombia Nequi and Daviplata. */
const METHODS_BY_COUNTRY: Record<(typeof COUNTRIES)[number]['codigo'], readonly CollectionMethod[]> = {
  ES: ['efectivo', 'tarjeta', 'transferencia', 'bizum'],
  CO: ['efectivo', 'tarjeta', 'transferencia', 'nequi', 'daviplata'],
};
/** The methods a clinic of that country (`clinicas.pais`) takes; the common three without a country. */
export function collectionMethodsOf(pais: string | null | undefined): readonly CollectionMethod[] {
  const country = countryOf(pais);
  return country
    ? METHODS_BY_COUNTRY[country.codigo as keyof typeof METHODS_BY_COUNTRY]
    : COLLECTION_METHODS.slice(0, 3);
}

// ---------------------------------------------------------------------------------------------------------
// Requests

/** A thousand million minor units: a typo beyond it. */
export const PAYMENT_AMOUNT_MAX = 1_000_000_000;
const REFERENCE_MAX = 100;
const REASON_MAX = 500;

const amount = (required: string) =>
  z
    .number({ error: required })
    .refine((v) => Number.isFinite(v), required)
    .refine((v) => Number.isInteger(v), PAYMENT_MESSAGES.amountDecimals)
    .refine((v) => v > 0, PAYMENT_MESSAGES.amountInvalid)
    .refine((v) => v <= PAYMENT_AMOUNT_MAX, PAYMENT_MESSAGES.amountTooLarge);

/** How a payment is applied: oldest pending first (a remainder goes on account), to chosen items, or all on account. */
export const PAYMENT_ALLOCATIONS = ['automatica', 'elegida', 'anticipo'] as const;
export type PaymentAllocation = (typeof PAYMENT_ALLOCATIONS)[number];

/** What a payment may be applied to: a treatment done, or an accepted budget line not yet done. */
export const ACCOUNT_ITEM_KINDS = ['tratamiento', 'linea'] as const;
export type AccountItemKind = (typeof ACCOUNT_ITEM_KINDS)[number];

/**
 * `POST /api/pacientes/:id/cobros`: the amount (minor units), method, optional reference and date (the
 * clinic's day, today by default, never later), and how it is applied. With `elegida`, the chosen items
 * (each with an optional amount; by default what it still owes, oldest first) must owe at least the amount.
 */
export const createPaymentSchema = z
  .object({
    importe: amount(PAYMENT_MESSAGES.amountRequired),
    metodo: z.enum(COLLECTION_METHODS, { error: PAYMENT_MESSAGES.methodInvalid }),
    referencia: optionalText(REFERENCE_MAX),
    fecha: z.iso.date({ error: PAYMENT_MESSAGES.dateInvalid }).nullable().default(null),
    aplicacion: z.enum(PAYMENT_ALLOCATIONS, { error: PAYMENT_MESSAGES.itemsRequired }).default('automatica'),
    partidas: z
      .array(z.object({ tipo: z.enum(ACCOUNT_ITEM_KINDS), id: idSchema }), { error: PAYMENT_MESSAGES.itemsInvalid })
      .max(200, PAYMENT_MESSAGES.itemsInvalid)
      .default([]),
  })
  .superRefine((input, ctx) => {
    if (input.aplicacion === 'elegida' && input.partidas.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['partidas'], message: PAYMENT_MESSAGES.itemsRequired });
    }
  });
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;
export type CreatePaymentData = z.output<typeof createPaymentSchema>;

/** `POST /api/cobros/:id/anular`: why (kept on the reversing entry and in the audit trail). */
export const annulPaymentSchema = z.object({
  motivo: requiredText(PAYMENT_MESSAGES.annulReasonRequired, REASON_MAX, { multiline: true }),
});
export type AnnulPaymentInput = z.input<typeof annulPaymentSchema>;

const cashAmount = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(PAYMENT_AMOUNT_MAX, message);

/** `POST /api/caja/abrir`: the float the drawer starts with (minor units, 0 by default). */
export const openCashSchema = z.object({ fondoInicial: cashAmount(PAYMENT_MESSAGES.cashFloatInvalid).default(0) });
export type OpenCashInput = z.input<typeof openCashSchema>;

/** `POST /api/caja/cerrar`: the cash counted in the drawer and a note (required when it does not match). */
export const closeCashSchema = z.object({
  efectivoContado: cashAmount(PAYMENT_MESSAGES.cashCountInvalid),
  nota: optionalText(REASON_MAX, { multiline: true }),
  /** An earlier day's cash the member left open (`CashDay.sinCerrar`); today's when absent. */
  dia: z.iso.date({ error: PAYMENT_MESSAGES.cashDayInvalid }).optional(),
});
export type CloseCashInput = z.input<typeof closeCashSchema>;

/** `GET /api/caja/cierres?desde=&hasta=&pagina=`: closes of a period (the clinic's days). */
export const cashClosesQuerySchema = z.object({
  desde: z.iso.date().optional().catch(undefined),
  hasta: z.iso.date().optional().catch(undefined),
  pagina: pageNumber,
});

/** `GET /api/caja?dia=`: one of the member's own days (the clinic's today when left out). */
export const cashDayQuerySchema = z.object({
  dia: z.iso.date({ error: PAYMENT_MESSAGES.cashDayInvalid }).optional(),
});

export const DEBTOR_ORDERS = ['importe', 'antiguedad'] as const;
export type DebtorOrder = (typeof DEBTOR_ORDERS)[number];
/** `GET /api/saldos?orden=&pagina=`: by amount owed (largest first) or by age of the debt (oldest first). */
export const debtorsQuerySchema = z.object({
  orden: z.enum(DEBTOR_ORDERS).catch('importe').default('importe'),
  pagina: pageNumber,
});
export const DEBTORS_PAGE_SIZE = 25;
export const CASH_CLOSES_PAGE_SIZE = 25;

// ---------------------------------------------------------------------------------------------------------
// Answers

export type PaymentApplication = {
  tipo: AccountItemKind;
  id: string;
  descripcion: string;
  importe: number;
  /**
   * Applied later, from what the payment had left on account ('Aplicar anticipo'). The receipt shows the
   * payment as it was taken: without these, and with them in its advance.
   */
  delAnticipo: boolean;
};

/**
 * A payment, or the reversing entry of an annulment (`tipo: 'anulacion'`, a negative amount naming the
 * payment it reverses). Only payments carry a receipt number.
 */
export type Payment = {
  id: string;
  tipo: 'cobro' | 'anulacion';
  numero: string | null;
  paciente: { id: string; nombres: string; apellidos: string };
  /** ISO instant it was taken, and the clinic's cash day it belongs to (YYYY-MM-DD). */
  fecha: string;
  diaCaja: string;
  importe: number;
  moneda: CurrencyCode;
  metodo: CollectionMethod;
  referencia: string | null;
  cobradoPor: { id: string | null; nombre: string };
  /** What it was applied to; what was left over stays on account (`anticipo`). */
  aplicaciones: PaymentApplication[];
  anticipo: number;
  /** On a payment: its annulment, when it has one. On an annulment: the payment it reverses. */
  anulacion: { id: string; fecha: string; motivo: string; por: string } | null;
  anula: { id: string; numero: string | null } | null;
  motivo: string | null;
};

/** A treatment done or an accepted budget line not yet done, with what it costs, what was paid and what is owed. */
export type AccountItem = {
  tipo: AccountItemKind;
  id: string;
  /** When it was done (a treatment) or accepted (a budget line). */
  fecha: string;
  descripcion: string;
  diente: number | null;
  dentista: string | null;
  presupuesto: string | null;
  importe: number;
  pagado: number;
  pendiente: number;
};

export type AccountTotals = {
  /** Treatments done. */
  realizado: number;
  /** Payments less annulments. */
  cobrado: number;
  /** Paid and not applied to any item: the patient's credit. */
  anticipo: number;
  /** Treatments done less payments: above zero the patient owes it, below zero it is their credit. */
  saldo: number;
  /** Accepted budget lines not done yet, less what was paid toward them. */
  aceptadoPendiente: number;
};

export type PatientAccount = {
  paciente: { id: string; nombres: string; apellidos: string; email: string | null };
  moneda: CurrencyCode;
  metodos: CollectionMethod[];
  partidas: AccountItem[];
  cobros: Payment[];
  totales: AccountTotals;
};

export type CashDayState = 'sin_abrir' | 'abierta' | 'cerrada';
export const CASH_STATE_LABELS: Record<CashDayState, string> = {
  sin_abrir: 'Sin abrir',
  abierta: 'Abierta',
  cerrada: 'Cerrada',
};

/** Per method: the payments' total, less annulments, in the day. */
export type MethodTotal = { metodo: CollectionMethod; importe: number; cobros: number };

/** A member's cash for one day: open or closed, its payments and the totals it expects. */
export type CashDay = {
  id: string | null;
  dia: string;
  estado: CashDayState;
  miembro: { id: string; nombre: string };
  moneda: CurrencyCode;
  fondoInicial: number;
  apertura: string | null;
  cobros: Payment[];
  esperado: MethodTotal[];
  /** The float plus the cash taken: what the drawer should hold. */
  efectivoEsperado: number;
  cierre: { fecha: string; efectivoContado: number; diferencia: number; nota: string | null } | null;
  /** The member's cash of earlier days still open (a payment dated then, a close forgotten), oldest first. */
  sinCerrar: string[];
};

export type CashClose = {
  id: string;
  dia: string;
  miembro: { id: string | null; nombre: string };
  moneda: CurrencyCode;
  fondoInicial: number;
  esperado: MethodTotal[];
  total: number;
  efectivoEsperado: number;
  efectivoContado: number;
  diferencia: number;
  nota: string | null;
  fechaCierre: string;
};
export type CashClosePage = { cierres: CashClose[]; total: number; pagina: number; porPagina: number };

export type Debtor = {
  paciente: { id: string; nombres: string; apellidos: string; email: string | null; telefono: string | null };
  /** E.164 for WhatsApp, or null when the phone is missing or not valid for the clinic's country. */
  whatsapp: string | null;
  saldo: number;
  /** The clinic's day of the oldest treatment not fully paid, and how many days ago that is. */
  desde: string;
  dias: number;
  ultimoRecordatorio: LastReminder | null;
};
export type DebtorPage = {
  pacientes: Debtor[];
  total: number;
  /** The sum of every debtor's balance. */
  importeTotal: number;
  moneda: CurrencyCode;
  pagina: number;
  porPagina: number;
};
