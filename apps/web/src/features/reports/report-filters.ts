import {
  REPORT_GROUPINGS,
  REPORT_KINDS,
  REPORT_MESSAGES,
  REPORT_PRESETS,
  presetRange,
  reportQuerySchema,
  type ReportGrouping,
  type ReportKind,
  type ReportPreset,
  type ReportQuery,
  type WeekStart,
} from '@odontia/shared';

/** The reports the dentist filter applies to (the others are the clinic's as a whole). */
export const DENTIST_REPORTS: readonly ReportKind[] = ['produccion', 'tratamientos', 'citas'];

/**
 * What the screen shows, as its URL says it: `informe`, `periodo` (a preset), `desde` and `hasta`
 * (only for `personalizado`: a preset is read again on the clinic's today, so a saved link to
 * 'Este mes' stays this month), `agrupacion` and `dentista`.
 */
export type ReportFilters = {
  informe: ReportKind;
  preset: ReportPreset;
  desde: string;
  hasta: string;
  /** Picked, or the one that suits the range (by month for a year). */
  agrupacion: ReportGrouping;
  dentistaId: string | null;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pick = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((option) => option === value);

/** The grouping that suits a range when none is picked: days up to two months, weeks up to half a year. */
export function defaultGrouping(desde: string, hasta: string): ReportGrouping {
  const days = (Date.parse(hasta) - Date.parse(desde)) / 86_400_000;
  if (!(days > 62)) return 'dia';
  return days > 186 ? 'mes' : 'semana';
}

/** The URL's filters on the clinic's `today`; anything missing or not understood is the default ('Este mes'). */
export function readFilters(params: URLSearchParams, today: string, weekStartsOn: WeekStart): ReportFilters {
  const informe = pick(REPORT_KINDS, params.get('informe')) ?? 'produccion';
  const preset = pick(REPORT_PRESETS, params.get('periodo')) ?? 'mes';
  let { desde, hasta } = presetRange(preset, today, weekStartsOn);
  if (preset === 'personalizado') {
    const from = params.get('desde');
    const to = params.get('hasta');
    if (from && DATE.test(from)) desde = from;
    if (to && DATE.test(to)) hasta = to;
  }
  const agrupacion = pick(REPORT_GROUPINGS, params.get('agrupacion')) ?? defaultGrouping(desde, hasta);
  const dentista = params.get('dentista');
  return { informe, preset, desde, hasta, agrupacion, dentistaId: dentista && UUID.test(dentista) ? dentista : null };
}

/** The URL of `filters` (what differs from the defaults is left out, so a plain /reportes is this month). */
export function writeFilters(filters: ReportFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.informe !== 'produccion') search.set('informe', filters.informe);
  if (filters.preset !== 'mes') search.set('periodo', filters.preset);
  if (filters.preset === 'personalizado') {
    search.set('desde', filters.desde);
    search.set('hasta', filters.hasta);
  }
  if (filters.agrupacion !== defaultGrouping(filters.desde, filters.hasta))
    search.set('agrupacion', filters.agrupacion);
  if (filters.dentistaId) search.set('dentista', filters.dentistaId);
  return search;
}

/**
 * The API query of the filters' report, or the Spanish reason there is none (a range backwards or
 * longer than the API reads): the server's own rule, so the screen never asks for what it refuses.
 */
export function reportQueryOf(filters: ReportFilters): { query: ReportQuery } | { error: string } {
  const parsed = reportQuerySchema.safeParse({
    desde: filters.desde,
    hasta: filters.hasta,
    agrupacion: filters.agrupacion,
    ...(filters.dentistaId && DENTIST_REPORTS.includes(filters.informe) ? { dentistaId: filters.dentistaId } : {}),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? REPORT_MESSAGES.rangeInvalid };
  return { query: parsed.data };
}
