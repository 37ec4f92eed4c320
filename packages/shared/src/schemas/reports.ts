import { z } from 'zod';
import type { AppointmentStatus } from '../estados.ts';
import type { CurrencyCode } from '../money.ts';
import type { CollectionMethod } from './payments.ts';

/**
 * Reports (issue 25, `/reportes`, permission `reportes.ver`): how the clinic is doing over a range of its
 * days, grouped by day, week or month, optionally for one dentist. One endpoint per report
 * (`GET /api/reportes/:informe`), so the screen asks only for the one it shows and each is measured on
 * its own. Amounts are integers of the clinic's currency's smallest unit; rates are basis points.
 */
export const REPORT_MESSAGES = {
  title: 'Reportes',
  loadError: 'No se pudo cargar el reporte',
  rangeInvalid: 'El rango de fechas no es válido',
  rangeTooLong: 'El rango tiene como mucho 3 años',
  rangeReversed: 'La fecha de inicio no puede ser posterior a la de fin',
  dentistInvalid: 'El dentista no es de tu clínica',
  unknownReport: 'Ese reporte no existe',
  empty: 'No hay datos en este periodo',
  exportCsv: 'Exportar CSV',
  print: 'Imprimir',
  todayProduction: 'Producción de hoy',
  todayCollections: 'Cobros de hoy',
  noDentist: 'Sin dentista',
  noService: 'Sin servicio',
  /** The balance report's figures: today's, whatever the range, summed as 'Pacientes con saldo pendiente' does. */
  balanceOwedToday: 'Saldo pendiente hoy',
  balanceOwedTodayHint:
    'Lo que deben hoy los pacientes con saldo pendiente, sea cual sea el periodo. El anticipo de un paciente no resta la deuda de otro.',
  balanceDebtorsToday: 'Pacientes con saldo pendiente hoy',
  balanceNet: 'Saldo neto (deudas menos anticipos)',
  balanceNetEnd: 'Saldo neto al final del periodo',
  balanceNetHint: 'Producción menos cobros desde el principio: aquí el anticipo de un paciente sí resta.',
} as const;

export const REPORT_KINDS = [
  'produccion',
  'cobros',
  'saldo',
  'citas',
  'pacientes',
  'presupuestos',
  'tratamientos',
  'insumos',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_LABELS: Record<ReportKind, string> = {
  produccion: 'Producción',
  cobros: 'Cobros',
  saldo: 'Saldo pendiente',
  citas: 'Citas y no asistencias',
  pacientes: 'Pacientes nuevos',
  presupuestos: 'Aceptación de presupuestos',
  tratamientos: 'Tratamientos más realizados',
  insumos: 'Insumos consumidos y comprados',
};

export const REPORT_GROUPINGS = ['dia', 'semana', 'mes'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];
export const REPORT_GROUPING_LABELS: Record<ReportGrouping, string> = { dia: 'Día', semana: 'Semana', mes: 'Mes' };

export const REPORT_PRESETS = ['hoy', 'semana', 'mes', 'mes_anterior', 'anio', 'personalizado'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  hoy: 'Hoy',
  semana: 'Esta semana',
  mes: 'Este mes',
  mes_anterior: 'Mes anterior',
  anio: 'Este año',
  personalizado: 'Personalizado',
};

/** The longest range a report reads (days). */
export const REPORT_RANGE_MAX_DAYS = 3 * 366;

const day = z.iso.date({ error: REPORT_MESSAGES.rangeInvalid });

/** `GET /api/reportes/:informe?desde=&hasta=&agrupacion=&dentistaId=`: the clinic's days, both included. */
export const reportQuerySchema = z
  .object({
    desde: day,
    hasta: day,
    agrupacion: z.enum(REPORT_GROUPINGS).catch('dia').default('dia'),
    dentistaId: z.uuid({ error: REPORT_MESSAGES.dentistInvalid }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.desde > q.hasta) ctx.addIssue({ code: 'custom', path: ['desde'], message: REPORT_MESSAGES.rangeReversed });
    else if ((Date.parse(q.hasta) - Date.parse(q.desde)) / 86_400_000 > REPORT_RANGE_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: REPORT_MESSAGES.rangeTooLong });
    }
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;

/**
 * The range a preset means on the clinic's `today` (YYYY-MM-DD), with its weeks starting on
 * `weekStartsOn` (0 Sunday, 1 Monday). `personalizado` is today alone until the user picks a range.
 */
export function presetRange(
  preset: ReportPreset,
  today: string,
  weekStartsOn: 0 | 1,
): { desde: string; hasta: string } {
  const [y, m, d] = today.split('-').map(Number);
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const utc = (yy: number, mm: number, dd: number) => new Date(Date.UTC(yy, mm - 1, dd));
  switch (preset) {
    case 'semana': {
      const date = utc(y, m, d);
      const back = (date.getUTCDay() - weekStartsOn + 7) % 7;
      return { desde: iso(utc(y, m, d - back)), hasta: today };
    }
    case 'mes':
      return { desde: iso(utc(y, m, 1)), hasta: today };
    case 'mes_anterior':
      return { desde: iso(utc(y, m - 1, 1)), hasta: iso(utc(y, m, 0)) };
    case 'anio':
      return { desde: iso(utc(y, 1, 1)), hasta: today };
    default:
      return { desde: today, hasta: today };
  }
}

/** A period of a series: its first day (YYYY-MM-DD; a week's first day, a month's 1st). */
type Period = { periodo: string };
type Named = { id: string | null; nombre: string };

export type ProductionReport = {
  moneda: CurrencyCode;
  total: number;
  tratamientos: number;
  serie: (Period & { importe: number; tratamientos: number })[];
  porDentista: (Named & { importe: number; tratamientos: number })[];
  porServicio: (Named & { importe: number; tratamientos: number })[];
};

export type CollectionsReport = {
  moneda: CurrencyCode;
  /** Payments less annulments in the range. */
  total: number;
  cobros: number;
  anulaciones: { cantidad: number; importe: number };
  serie: (Period & { importe: number; cobros: number })[];
  porMetodo: { metodo: CollectionMethod; importe: number; cobros: number }[];
  porMiembro: (Named & { importe: number; cobros: number })[];
};

export type BalanceReport = {
  moneda: CurrencyCode;
  /**
   * What patients owe the clinic today, whatever the range: the sum over its active patients of each
   * one's balance when above zero (one patient's advance never lowers another's debt). The same figure,
   * by the same rule, as the total of 'Pacientes con saldo pendiente' (`/api/saldos`).
   */
  pendiente: number;
  /** How many patients owe it. */
  deudores: number;
  /** The range's production and net collections (payments less annulments), in all and per period. */
  produccion: number;
  cobros: number;
  /**
   * The net balance before the range and at its end: production less collections since the clinic began,
   * debts less advances of every patient (so not `pendiente`: one patient's advance lowers it).
   */
  netoInicial: number;
  netoFinal: number;
  serie: (Period & { produccion: number; cobros: number; neto: number })[];
};

export type AppointmentsReport = {
  total: number;
  porEstado: { estado: AppointmentStatus; cantidad: number }[];
  /** No-shows over the appointments that were due (attended or not): basis points. */
  tasaNoAsistencia: number;
  serie: (Period & { total: number; atendidas: number; noAsistio: number; canceladas: number })[];
};

export type NewPatientsReport = { total: number; serie: (Period & { pacientes: number })[] };

export type BudgetsReport = {
  moneda: CurrencyCode;
  enviados: number;
  aceptados: number;
  rechazados: number;
  pendientes: number;
  /** Accepted (fully or partly) over sent: basis points. */
  conversion: number;
  importeEnviado: number;
  importeAceptado: number;
  serie: (Period & { enviados: number; aceptados: number; rechazados: number })[];
};

export type TopTreatmentsReport = {
  moneda: CurrencyCode;
  tratamientos: (Named & { cantidad: number; importe: number })[];
};

export type SuppliesReport = {
  moneda: CurrencyCode;
  consumidos: (Named & { cantidad: number; faltante: number })[];
  comprados: (Named & { cantidad: number; importe: number })[];
};

export type ReportAnswer = {
  produccion: ProductionReport;
  cobros: CollectionsReport;
  saldo: BalanceReport;
  citas: AppointmentsReport;
  pacientes: NewPatientsReport;
  presupuestos: BudgetsReport;
  tratamientos: TopTreatmentsReport;
  insumos: SuppliesReport;
};

/** `GET /api/reportes/hoy`: the dashboard's figures of the clinic's today. */
export type TodayFigures = { moneda: CurrencyCode; produccion: number; cobros: number };

/**
 * A CSV that Spanish Excel opens as it is: a UTF-8 byte order mark, fields separated by semicolons,
 * CRLF line ends, and a field quoted when it holds a separator, a quote or a line end.
 */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  const field = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `\uFEFF${rows.map((row) => row.map(field).join(';')).join('\r\n')}\r\n`;
}
