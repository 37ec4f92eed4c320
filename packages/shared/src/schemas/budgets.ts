import { z } from 'zod';
import { basisPointsOf, type CurrencyCode } from '../money.ts';
import { isToothId, SURFACES, surfaceLabel, type Surface } from '../odontogram.ts';
import { signaturePng } from './consents.ts';
import { FIELD_MESSAGES, optionalText, pageNumber, requiredText } from './fields.ts';

/**
 * Budgets (presupuestos, issue 23): a treatment plan with its prices, made from the chart's planned
 * entries or by hand, in lines grouped in phases and alternative options. Every amount is an integer
 * of the clinic's currency's smallest unit and is computed on the server (`lineAmounts`,
 * `budgetTotals`): what a client sends as amounts is never read. The contract between
 * `/api/presupuestos` and the budget screens.
 */
export const BUDGET_MESSAGES = {
  title: 'Presupuestos',
  newBudget: 'Crear presupuesto',
  notFound: 'El presupuesto no existe o no tienes acceso',
  patientNotFound: 'El paciente no existe o no tienes acceso',
  created: 'Presupuesto creado',
  saved: 'Presupuesto guardado',
  newVersion: (version: number) => `Se guardó como versión ${version}: la enviada se conserva`,
  sent: 'Presupuesto marcado como enviado',
  rejected: 'Rechazo registrado',
  locked: 'Un presupuesto aceptado, rechazado o sustituido por otra versión no se puede cambiar',
  notDraftOrSent: 'Solo se puede enviar un presupuesto en borrador',
  onlySentRejected: 'Solo se puede registrar el rechazo de un presupuesto enviado',
  noLines: 'Añade al menos una línea al presupuesto',
  tooManyLines: 'Un presupuesto tiene como mucho 200 líneas',
  descripcionRequired: 'Describe el tratamiento de la línea',
  servicioInvalid: 'Elige un servicio de tu catálogo',
  dienteInvalid: 'El diente no es válido',
  superficieInvalid: 'La superficie no es válida',
  cantidadInvalid: 'La cantidad va de 1 a 1000',
  precioInvalid: 'El precio debe ser un importe válido',
  descuentoInvalid: 'El descuento no es válido',
  descuentoPercentInvalid: 'El descuento va de 0 a 100 %',
  descuentoTooLarge: 'El descuento no puede superar el importe de la línea',
  impuestoInvalid: 'Elige un tipo de impuesto de los de tu país',
  faseInvalid: 'La fase va de 1 a 20',
  opcionInvalid: 'La opción es una letra de la A a la F',
  validoHastaInvalid: 'La fecha de validez no es válida',
  validoHastaPast: 'La validez no puede terminar antes de hoy',
  listError: 'Error al cargar los presupuestos',
  loadError: 'Error al cargar el presupuesto',
  saveError: 'Error al guardar el presupuesto',
  /** The acceptance form's summary, for the patient at home as for the desk: nothing was saved yet. */
  acceptanceIncomplete: 'Falta algo para firmar: revisa los campos marcados',
  emptyList: 'No hay presupuestos',
  noPlanned: 'El odontograma no tiene tratamientos planificados: el presupuesto empieza vacío',
  /** 'Crear presupuesto' on the chart takes the saved chart's planned entries, never unsaved edits. */
  chartUnsaved: 'Guarda antes los cambios del odontograma: el presupuesto toma los tratamientos planificados guardados',
  // The desk's follow-up of sent budgets.
  followUpTitle: 'Pendientes de respuesta',
  followUpSaved: 'Seguimiento guardado',
  followUpOnlySent: 'Solo se hace el seguimiento de un presupuesto enviado que sigue en pie',
  followUpDateInvalid: 'La fecha del próximo seguimiento no es válida',
  followUpDatePast: 'El próximo seguimiento no puede ser antes de hoy',
  followUpTodayTitle: 'Presupuestos por seguir hoy',
  // Sending by email, the patient's link and its second factor.
  emailSent: (email: string) => `Presupuesto enviado a ${email}`,
  emailSubject: (clinica: string) => `Tu presupuesto de ${clinica}`,
  emailError: 'No se pudo enviar el email. Inténtalo de nuevo más tarde.',
  noEmail: 'El paciente no tiene email: añádelo en su ficha para enviarle el presupuesto',
  noSecondFactor:
    'Para abrir el enlace, el paciente debe confirmar su teléfono o su fecha de nacimiento: añade uno de los dos en su ficha',
  notSendable: 'Solo se puede enviar un presupuesto en borrador o enviado que sigue en pie',
  linkNotFound: 'El enlace no existe o ya no es válido',
  factorInvalid: 'Escribe los 4 últimos dígitos de tu teléfono',
  birthDateInvalid: 'Escribe tu fecha de nacimiento',
  factorWrong: (left: number) =>
    `Los datos no coinciden. ${left === 1 ? 'Te queda 1 intento' : `Te quedan ${left} intentos`} antes de que el enlace se bloquee.`,
  factorLocked:
    'Demasiados intentos fallidos: por seguridad, el enlace está bloqueado. Vuelve a intentarlo en una hora.',
  accessRequired: 'Confirma tus datos para ver el presupuesto',
  // The patient's answer, from the link or at the desk.
  accepted: 'Presupuesto aceptado y firmado',
  rejectedByPatient: 'Hemos avisado a la clínica de que no aceptas el presupuesto',
  notAnswerable:
    'Este presupuesto ya no admite respuesta: está aceptado, rechazado, caducado o hay una versión más reciente',
  selectionRequired: 'Elige al menos un tratamiento para aceptar',
  selectionInvalid: 'Los tratamientos elegidos no son de este presupuesto',
  optionRequired: 'Elige una de las opciones del presupuesto',
  optionMismatch: 'Solo puedes aceptar tratamientos de la opción elegida',
  signerRequired: 'Escribe el nombre de quien firma',
  signatureRequired: 'Falta la firma',
  consentRequired: 'Marca la casilla para confirmar que aceptas el presupuesto',
  acceptedTitle: 'Presupuesto aceptado',
  // Work done.
  lineDone: 'Tratamiento registrado como realizado',
  lineDoneShort: (faltas: string) => `Tratamiento registrado como realizado. Faltó material: ${faltas}`,
  lineNotAccepted: 'Solo se marca como realizado un tratamiento aceptado por el paciente',
  lineAlreadyDone: 'Este tratamiento ya está registrado como realizado',
  lineNotFound: 'La línea del presupuesto no existe o no tienes acceso',
  dentistInvalid: 'Elige un dentista activo de tu clínica',
  acceptError: 'No se pudo registrar la aceptación',
  fileMissing: 'No se encuentra el PDF firmado del presupuesto',
  rejectedTitle: 'Presupuesto rechazado',
} as const;

export const BUDGET_STATES = [
  'borrador',
  'enviado',
  'aceptado',
  'aceptado_parcialmente',
  'rechazado',
  'caducado',
] as const;
export type BudgetState = (typeof BUDGET_STATES)[number];
export const BUDGET_STATE_LABELS: Record<BudgetState, string> = {
  borrador: 'Borrador',
  enviado: 'Enviado',
  aceptado: 'Aceptado',
  aceptado_parcialmente: 'Aceptado parcialmente',
  rechazado: 'Rechazado',
  caducado: 'Caducado',
};
/** What a budget in that state may still become: a draft is edited in place, a sent one in a new version. */
export const isBudgetEditable = (estado: BudgetState) => estado === 'borrador' || estado === 'enviado';

export const BUDGET_LINES_MAX = 200;
export const BUDGET_PHASES_MAX = 20;
export const BUDGET_OPTIONS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type BudgetOption = (typeof BUDGET_OPTIONS)[number];
/** A budget is valid this many days unless the clinic says otherwise. */
export const BUDGET_DEFAULT_VALIDITY_DAYS = 30;
export const BUDGETS_PAGE_SIZE = 25;
const CONDITIONS_MAX = 4000;
const DESCRIPTION_MAX = 300;
/** A thousand million minor units: a typo beyond it. */
const AMOUNT_MAX = 1_000_000_000;

export const DISCOUNT_KINDS = ['importe', 'porcentaje'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * A line as the editor sends it: the service (or a free description), where, how many, at what unit
 * price (minor units), its discount (an amount in minor units or a percentage in basis points), its tax
 * type, phase and option. The server checks the service and the tax against the clinic, and computes
 * every amount.
 */
export const budgetLineSchema = z
  .object({
    servicioId: z.uuid({ error: BUDGET_MESSAGES.servicioInvalid }).nullable().default(null),
    descripcion: z
      .string({ error: BUDGET_MESSAGES.descripcionRequired })
      .trim()
      .min(1, BUDGET_MESSAGES.descripcionRequired)
      .max(DESCRIPTION_MAX, FIELD_MESSAGES.tooLong(DESCRIPTION_MAX)),
    diente: z
      .number({ error: BUDGET_MESSAGES.dienteInvalid })
      .refine((v): boolean => isToothId(v), BUDGET_MESSAGES.dienteInvalid)
      .nullable()
      .default(null),
    superficies: z
      .array(z.enum(SURFACES, { error: BUDGET_MESSAGES.superficieInvalid }), {
        error: BUDGET_MESSAGES.superficieInvalid,
      })
      .max(SURFACES.length, BUDGET_MESSAGES.superficieInvalid)
      .default([]),
    cantidad: wholeNumber(BUDGET_MESSAGES.cantidadInvalid, 1, 1000),
    precioUnitario: wholeNumber(BUDGET_MESSAGES.precioInvalid, 0, AMOUNT_MAX),
    descuentoTipo: z.enum(DISCOUNT_KINDS, { error: BUDGET_MESSAGES.descuentoInvalid }).nullable().default(null),
    /** Minor units for `importe`, basis points (0-10000) for `porcentaje`. */
    descuentoValor: wholeNumber(BUDGET_MESSAGES.descuentoInvalid, 0, AMOUNT_MAX).default(0),
    tipoImpuesto: z.string({ error: BUDGET_MESSAGES.impuestoInvalid }).min(1, BUDGET_MESSAGES.impuestoInvalid).max(30),
    fase: wholeNumber(BUDGET_MESSAGES.faseInvalid, 1, BUDGET_PHASES_MAX).default(1),
    opcion: z.enum(BUDGET_OPTIONS, { error: BUDGET_MESSAGES.opcionInvalid }).nullable().default(null),
  })
  .superRefine((line, ctx) => {
    if (line.superficies.length && line.diente === null) {
      ctx.addIssue({ code: 'custom', path: ['superficies'], message: BUDGET_MESSAGES.dienteInvalid });
    }
    if (line.descuentoTipo === 'porcentaje' && line.descuentoValor > 10_000) {
      ctx.addIssue({ code: 'custom', path: ['descuentoValor'], message: BUDGET_MESSAGES.descuentoPercentInvalid });
    }
    if (line.descuentoTipo === 'importe' && line.descuentoValor > line.cantidad * line.precioUnitario) {
      ctx.addIssue({ code: 'custom', path: ['descuentoValor'], message: BUDGET_MESSAGES.descuentoTooLarge });
    }
  });
export type BudgetLineInput = z.input<typeof budgetLineSchema>;
export type BudgetLineData = z.output<typeof budgetLineSchema>;

/** `PUT /api/presupuestos/:id`: the lines, the validity and the conditions; nothing else is the client's. */
export const updateBudgetSchema = z.object({
  validoHasta: z.iso.date({ error: BUDGET_MESSAGES.validoHastaInvalid }),
  condiciones: optionalText(CONDITIONS_MAX, { multiline: true }),
  lineas: z
    .array(budgetLineSchema, { error: BUDGET_MESSAGES.noLines })
    .min(1, BUDGET_MESSAGES.noLines)
    .max(BUDGET_LINES_MAX, BUDGET_MESSAGES.tooManyLines),
});
export type UpdateBudgetInput = z.input<typeof updateBudgetSchema>;
export type UpdateBudgetData = z.output<typeof updateBudgetSchema>;

/**
 * `GET /api/presupuestos?estado=&pendientes=&pagina=` (an unknown estado is every one): `pendientes` lists
 * the sent budgets still awaiting an answer, by their next follow-up (those without one last).
 */
export const budgetListQuerySchema = z.object({
  estado: z.enum(BUDGET_STATES).optional().catch(undefined),
  pendientes: z
    .enum(['true', 'false'])
    .optional()
    .catch(undefined)
    .transform((v) => v === 'true'),
  pagina: pageNumber,
});

/** `PUT /api/presupuestos/:id/seguimiento`: the next call (or none) and what was said. */
export const budgetFollowUpSchema = z.object({
  fecha: z.iso.date({ error: BUDGET_MESSAGES.followUpDateInvalid }).nullable(),
  nota: optionalText(500, { multiline: true }),
});
export type BudgetFollowUpInput = z.input<typeof budgetFollowUpSchema>;
export type BudgetFollowUpData = z.output<typeof budgetFollowUpSchema>;

/** How many follow-ups of today the dashboard lists (`GET /api/presupuestos/seguimiento-hoy`). */
export const FOLLOW_UPS_TODAY_SHOWN = 8;
export type BudgetListQuery = z.input<typeof budgetListQuerySchema>;
export type BudgetListFilter = z.output<typeof budgetListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Amounts

export type LineAmounts = { bruto: number; descuento: number; base: number; impuesto: number; total: number };

/**
 * A line's amounts in minor units: gross (quantity × unit price), its discount (an amount, or a
 * percentage of the gross rounded half up), the taxable base, the tax at the line's rate (half up) and
 * the total. The only place they are computed; the server stores what it returns.
 */
export function lineAmounts(line: {
  cantidad: number;
  precioUnitario: number;
  descuentoTipo: DiscountKind | null;
  descuentoValor: number;
  puntosBasicos: number;
}): LineAmounts {
  const bruto = line.cantidad * line.precioUnitario;
  const raw =
    line.descuentoTipo === 'importe'
      ? line.descuentoValor
      : line.descuentoTipo === 'porcentaje'
        ? basisPointsOf(bruto, line.descuentoValor)
        : 0;
  const descuento = Math.min(raw, bruto);
  const base = bruto - descuento;
  const impuesto = basisPointsOf(base, line.puntosBasicos);
  return { bruto, descuento, base, impuesto, total: base + impuesto };
}

const sum = (lines: readonly LineAmounts[]): LineAmounts =>
  lines.reduce(
    (acc, l) => ({
      bruto: acc.bruto + l.bruto,
      descuento: acc.descuento + l.descuento,
      base: acc.base + l.base,
      impuesto: acc.impuesto + l.impuesto,
      total: acc.total + l.total,
    }),
    { bruto: 0, descuento: 0, base: 0, impuesto: 0, total: 0 },
  );

export type BudgetTotals = {
  /**
   * Per phase: its lines of no option (`comun`, null when it has none) and, apart, each option's lines in
   * it. Options are alternatives, so a phase's options are never added together.
   */
  fases: { fase: number; comun: LineAmounts | null; opciones: { opcion: BudgetOption; importes: LineAmounts }[] }[];
  /** The lines of no option: the treatment every choice includes. */
  comun: LineAmounts;
  /** Per option, what choosing it adds, and the budget's total with it. */
  opciones: { opcion: BudgetOption; importes: LineAmounts; totalConComun: number }[];
  /** The total of the common lines and the first option (the whole budget when there are none). */
  total: number;
};

/** The budget's totals from its lines' amounts: the common part, each alternative option, and both per phase. */
export function budgetTotals(
  lines: readonly { fase: number; opcion: BudgetOption | null; importes: LineAmounts }[],
): BudgetTotals {
  const phases = [...new Set(lines.map((l) => l.fase))].sort((a, b) => a - b);
  const options = BUDGET_OPTIONS.filter((o) => lines.some((l) => l.opcion === o));
  const of = (opcion: BudgetOption | null, fase?: number) =>
    sum(lines.filter((l) => l.opcion === opcion && (fase === undefined || l.fase === fase)).map((l) => l.importes));
  const comun = of(null);
  const opciones = options.map((opcion) => {
    const importes = of(opcion);
    return { opcion, importes, totalConComun: comun.total + importes.total };
  });
  return {
    fases: phases.map((fase) => ({
      fase,
      comun: lines.some((l) => l.fase === fase && l.opcion === null) ? of(null, fase) : null,
      opciones: options
        .filter((o) => lines.some((l) => l.fase === fase && l.opcion === o))
        .map((opcion) => ({ opcion, importes: of(opcion, fase) })),
    })),
    comun,
    opciones,
    total: opciones[0]?.totalConComun ?? comun.total,
  };
}

/**
 * The phases' rows of a budget's totals, as the screen and the PDF write them: 'Fase 1' (its common
 * lines) and 'Fase 1 · opción A' (what that option adds in it). None for a budget of one phase without
 * options, whose total says it all.
 */
export function phaseTotalRows(totals: BudgetTotals): { label: string; total: number }[] {
  if (totals.fases.length < 2) return [];
  return totals.fases.flatMap((f) => [
    ...(f.comun ? [{ label: `Fase ${f.fase}`, total: f.comun.total }] : []),
    ...f.opciones.map((o) => ({ label: `Fase ${f.fase} · opción ${o.opcion}`, total: o.importes.total })),
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// Answers

export type BudgetLine = BudgetLineData & {
  id: string;
  /** The rate the line carries (basis points), copied when it was saved: a later change of the tax table never changes it. */
  puntosBasicos: number;
  importes: LineAmounts;
  /** Whether the patient accepted it; null until the budget is answered. */
  aceptada: boolean | null;
  /** When it was done, and by which dentist; null while it is not. */
  realizado: { fecha: string; dentista: string | null } | null;
};

export type BudgetSummary = {
  id: string;
  numero: string;
  version: number;
  /** `caducado` when a sent budget's validity has passed (in the clinic's day). */
  estado: BudgetState;
  moneda: CurrencyCode;
  paciente: { id: string; nombres: string; apellidos: string };
  validoHasta: string;
  total: number;
  fechaCreacion: string;
  fechaEnvio: string | null;
  /** A later version replaced this one (it is kept, read-only). */
  sustituidoPor: string | null;
  /** The desk's follow-up of a sent budget. */
  seguimiento: { fecha: string | null; nota: string | null };
};

/** The dashboard's follow-ups: the sent budgets whose next call is today or overdue, and how many. */
export type BudgetFollowUps = { presupuestos: BudgetSummary[]; total: number };

export type Budget = BudgetSummary & {
  condiciones: string | null;
  autor: { id: string | null; nombre: string };
  lineas: BudgetLine[];
  totales: BudgetTotals;
  /** Every version of this budget number, oldest first. */
  versiones: { id: string; version: number; estado: BudgetState }[];
  /** The signed acceptance, once there is one. */
  aceptacion: BudgetAcceptance | null;
  /** What the patient said when refusing it through the link, if anything. */
  motivoRechazo: string | null;
};

export type BudgetPage = { presupuestos: BudgetSummary[]; total: number; pagina: number; porPagina: number };

/** Where a line is, as the budget writes it: "16 · Oclusal, Mesial", "16", or nothing. */
export function lineWhere(line: { diente: number | null; superficies: readonly Surface[] }): string {
  if (line.diente === null || !isToothId(line.diente)) return '';
  const tooth = line.diente;
  return line.superficies.length
    ? `${tooth} · ${line.superficies.map((s) => surfaceLabel(tooth, s)).join(', ')}`
    : String(tooth);
}

// ---------------------------------------------------------------------------------------------------------
// The patient's answer (issue 23): the link, its second factor, acceptance with signature, refusal.

/** A link's token as the email carries it: 32 random bytes in base64url. */
export const BUDGET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** How the patient proves it is them before the link shows anything: a fact the clinic already holds. */
export const BUDGET_FACTORS = ['telefono', 'nacimiento'] as const;
export type BudgetFactor = (typeof BUDGET_FACTORS)[number];
export const BUDGET_FACTOR_LABELS: Record<BudgetFactor, string> = {
  telefono: 'Los 4 últimos dígitos de tu teléfono',
  nacimiento: 'Tu fecha de nacimiento',
};
/** Failed tries allowed per window before the link locks, the window and the lock (minutes). */
export const BUDGET_FACTOR_TRIES = 5;
export const BUDGET_FACTOR_WINDOW_MINUTES = 15;
export const BUDGET_FACTOR_LOCK_MINUTES = 60;

/** `POST /api/enlaces-presupuesto/:token/verificar`: which fact, and its value (4 digits, or YYYY-MM-DD). */
export const budgetFactorSchema = z
  .object({
    tipo: z.enum(BUDGET_FACTORS, { error: BUDGET_MESSAGES.factorInvalid }),
    valor: z.string({ error: BUDGET_MESSAGES.factorInvalid }).trim().max(20, BUDGET_MESSAGES.factorInvalid),
  })
  .superRefine((input, ctx) => {
    const ok = input.tipo === 'telefono' ? /^[0-9]{4}$/.test(input.valor) : z.iso.date().safeParse(input.valor).success;
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['valor'],
        message: input.tipo === 'telefono' ? BUDGET_MESSAGES.factorInvalid : BUDGET_MESSAGES.birthDateInvalid,
      });
    }
  });
export type BudgetFactorInput = z.input<typeof budgetFactorSchema>;

/** The last four digits of a phone as typed anywhere ('+34 600 11 22 33' → '2233'); null without four. */
export function phoneLastFour(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

const SIGNER_NAME_MAX = 120;

/**
 * `POST …/aceptar` (the link and the desk): the lines accepted (of the common part and of one option),
 * the option chosen, who signs, the signature's PNG and the explicit consent. The server checks the
 * lines belong to the budget and to that option; the amounts are the budget's.
 */
export const budgetAcceptanceSchema = z.object({
  lineas: z
    .array(z.uuid({ error: BUDGET_MESSAGES.selectionInvalid }), { error: BUDGET_MESSAGES.selectionRequired })
    .min(1, BUDGET_MESSAGES.selectionRequired)
    .max(BUDGET_LINES_MAX, BUDGET_MESSAGES.selectionInvalid),
  opcion: z.enum(BUDGET_OPTIONS, { error: BUDGET_MESSAGES.optionRequired }).nullable().default(null),
  firmante: requiredText(BUDGET_MESSAGES.signerRequired, SIGNER_NAME_MAX),
  firma: signaturePng(BUDGET_MESSAGES.signatureRequired),
  acepto: z.literal(true, { error: BUDGET_MESSAGES.consentRequired }),
});
export type BudgetAcceptanceInput = z.input<typeof budgetAcceptanceSchema>;
export type BudgetAcceptanceData = z.output<typeof budgetAcceptanceSchema>;

/** `POST /api/enlaces-presupuesto/:token/rechazar`: why, if the patient wants to say. */
export const budgetRejectionSchema = z.object({ motivo: optionalText(500, { multiline: true }) });
export type BudgetRejectionInput = z.input<typeof budgetRejectionSchema>;

/**
 * Whether a selection of lines can be accepted, and how: every line must be the budget's; a budget with
 * options needs one chosen, and only its lines (beside the common ones) count. `completo` when every
 * common line and every line of the option is in: the budget is then `aceptado`, otherwise
 * `aceptado_parcialmente`. An error names the message to show.
 */
export function acceptanceOf(
  lines: readonly { id: string; opcion: BudgetOption | null }[],
  selection: { lineas: readonly string[]; opcion: BudgetOption | null },
): { ok: true; completo: boolean; lineas: Set<string> } | { ok: false; message: string } {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const chosen = new Set(selection.lineas);
  if (chosen.size === 0) return { ok: false, message: BUDGET_MESSAGES.selectionRequired };
  if ([...chosen].some((id) => !byId.has(id))) return { ok: false, message: BUDGET_MESSAGES.selectionInvalid };
  const hasOptions = lines.some((l) => l.opcion !== null);
  if (hasOptions && (selection.opcion === null || !lines.some((l) => l.opcion === selection.opcion))) {
    return { ok: false, message: BUDGET_MESSAGES.optionRequired };
  }
  if (!hasOptions && selection.opcion !== null) return { ok: false, message: BUDGET_MESSAGES.optionMismatch };
  if ([...chosen].some((id) => byId.get(id)!.opcion !== null && byId.get(id)!.opcion !== selection.opcion)) {
    return { ok: false, message: BUDGET_MESSAGES.optionMismatch };
  }
  const offered = lines.filter((l) => l.opcion === null || l.opcion === selection.opcion);
  return { ok: true, completo: offered.every((l) => chosen.has(l.id)), lineas: chosen };
}

export const BUDGET_CHANNELS = ['enlace', 'consulta'] as const;
export type BudgetChannel = (typeof BUDGET_CHANNELS)[number];
export const BUDGET_CHANNEL_LABELS: Record<BudgetChannel, string> = {
  enlace: 'Por el enlace enviado al paciente',
  consulta: 'En la clínica, con el paciente presente',
};

/** The record of a signed acceptance: when, how, by whom, from where, and the fingerprint of its PDF. */
export type BudgetAcceptance = {
  fecha: string;
  canal: BudgetChannel;
  firmante: string;
  opcion: BudgetOption | null;
  direccion: string;
  navegador: string;
  /** SHA-256 (hex) of the signed PDF as stored: the download is that very file. */
  pdfSha256: string;
};

/** A budget line as the patient's page shows it, with whether it was accepted (null before an answer). */
export type PublicBudgetLine = Pick<
  BudgetLine,
  | 'id'
  | 'descripcion'
  | 'diente'
  | 'superficies'
  | 'cantidad'
  | 'fase'
  | 'opcion'
  | 'puntosBasicos'
  | 'importes'
  | 'aceptada'
>;

/** `GET /api/enlaces-presupuesto/:token`: what the page shows before the second factor. */
export type BudgetLinkInfo = {
  clinica: { nombre: string; logoUrl: string | null };
  factores: BudgetFactor[];
  /** When the link opens again after too many failed tries; null when it is open. */
  bloqueadoHasta: string | null;
};

/** `GET /api/enlaces-presupuesto/:token/presupuesto`: the budget for its patient, after the second factor. */
export type PublicBudget = {
  clinica: {
    nombre: string;
    logoUrl: string | null;
    telefono: string | null;
    direccion: string | null;
    ciudad: string | null;
    /** The clinic's zone: the page gives its times on the clinic's clock, as the signed PDF does. */
    zonaHoraria: string;
  };
  paciente: { nombres: string; apellidos: string };
  numero: string;
  version: number;
  estado: BudgetState;
  moneda: CurrencyCode;
  validoHasta: string;
  condiciones: string | null;
  lineas: PublicBudgetLine[];
  totales: BudgetTotals;
  /** A later version replaced this one: the clinic sends the new one. */
  sustituido: boolean;
  motivoRechazo: string | null;
  aceptacion: BudgetAcceptance | null;
};

// ---------------------------------------------------------------------------------------------------------
// Work done (issue 23)

/** `POST /api/presupuestos/lineas/:id/realizar`: who did it (optional). */
export const budgetLineDoneSchema = z.object({
  dentistaId: z.uuid({ error: BUDGET_MESSAGES.dentistInvalid }).nullable().default(null),
});
export type BudgetLineDoneInput = z.input<typeof budgetLineDoneSchema>;

/** `GET /api/pacientes/:id/plan`: the patient's treatment plan in money, in the clinic's currency. */
export type PatientPlan = {
  moneda: CurrencyCode;
  /** The chart's planned entries (not done yet), at the catalogue's sale prices before taxes. */
  planificado: { tratamientos: number; importe: number };
  /** Lines the patient accepted (current versions). */
  aceptado: { tratamientos: number; importe: number };
  /** Treatments done (with a budget or without). */
  realizado: { tratamientos: number; importe: number };
  /** Accepted lines not done yet. */
  pendiente: { tratamientos: number; importe: number };
};
