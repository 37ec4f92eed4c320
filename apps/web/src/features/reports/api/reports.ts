import {
  REPORT_MESSAGES,
  type Dentist,
  type ReportAnswer,
  type ReportKind,
  type ReportQuery,
  type TodayFigures,
} from '@odontia/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, unwrap } from '@/lib/api';

/** Every report query lives under this key: a payment or a treatment done elsewhere may reload them all. */
export const reportsKey = ['reportes'] as const;

/** `GET /api/reportes/:informe?desde&hasta&agrupacion[&dentistaId]` */
export function reportUrl(kind: ReportKind, query: ReportQuery): string {
  const search = new URLSearchParams({ desde: query.desde, hasta: query.hasta, agrupacion: query.agrupacion });
  if (query.dentistaId) search.set('dentistaId', query.dentistaId);
  return `/api/reportes/${kind}?${search}`;
}

const getJson = async <T>(url: string): Promise<T> =>
  (await unwrap(apiFetch(url, { credentials: 'same-origin' }))) as T;

/**
 * One report for one query (null: none to ask, the range is not valid). While another range or
 * grouping of the same report loads, the previous figures stay on screen (dimmed), never another report's.
 */
export const useReport = <K extends ReportKind>(kind: K, query: ReportQuery | null) =>
  useQuery({
    queryKey: [...reportsKey, kind, query],
    meta: { loadError: REPORT_MESSAGES.loadError },
    queryFn: () => getJson<ReportAnswer[K]>(reportUrl(kind, query!)),
    enabled: query !== null,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === kind ? previous : undefined),
  });

/** The dashboard's figures of the clinic's today. */
export const useTodayFigures = (enabled: boolean) =>
  useQuery({
    queryKey: [...reportsKey, 'hoy'],
    queryFn: () => getJson<TodayFigures>('/api/reportes/hoy'),
    enabled,
  });

/** The clinic's dentists, the inactive ones too (a past month's production may be theirs), for the filter. */
export const useReportDentists = (enabled: boolean) =>
  useQuery({
    queryKey: ['dentistas', 'todos'],
    queryFn: () => getJson<Dentist[]>('/api/dentistas'),
    enabled,
  });
