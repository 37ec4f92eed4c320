import {
  odontogramServiceSchema,
  odontogramVersionDetailSchema,
  odontogramVersionSchema,
  odontogramViewSchema,
  type OdontogramChart,
  type OdontogramSaveInput,
} from '@odontia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

const chartApi = api.pacientes[':id'].odontograma;

/** A saved version of a patient's chart (version 0: never charted, every tooth Sano). */
export type Odontogram = Omit<InferResponseType<typeof chartApi.$put, 200>, 'chart'> & { chart: OdontogramChart };
/** The current chart as the screen opens it, with whose it is. */
export type OdontogramView = Odontogram & Pick<InferResponseType<typeof chartApi.$get, 200>, 'paciente'>;
export type VersionPage = InferResponseType<typeof chartApi.versiones.$get, 200>;
export type VersionDetail = Omit<
  InferResponseType<(typeof chartApi.versiones)[':version']['$get'], 200>,
  'chart' | 'anterior'
> & {
  chart: OdontogramChart;
  anterior: { version: number; chart: OdontogramChart } | null;
};

/** Every query of one patient's chart (current, history, versions). */
export const odontogramKey = (patientId: string) => ['odontograma', patientId] as const;

/**
 * The current chart and its patient (the screen reads nothing else of the record, so opening a chart is
 * audited as a view of the chart alone). Every read is written to the audit trail, so it is read once
 * per visit (no refetch on focus or remount); the screen asks again only to reload after a conflict.
 */
export const useOdontogram = (patientId: string) =>
  useQuery({
    queryKey: [...odontogramKey(patientId), 'actual'],
    // Parsed with the shared schema: a chart saved before etapas reads as existente (upgradeLegacyChart).
    queryFn: async (): Promise<OdontogramView> =>
      odontogramViewSchema.parse(await unwrap(chartApi.$get({ param: { id: patientId } }))),
    enabled: patientId !== '',
    staleTime: Infinity,
    gcTime: 0,
  });

/** Saves the chart as a new version; 409 (ApiError) when someone saved since `baseVersion`. */
export function useSaveOdontogram(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OdontogramSaveInput): Promise<Odontogram> =>
      odontogramVersionSchema.parse(await unwrap(chartApi.$put({ param: { id: patientId }, json: input as never }))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...odontogramKey(patientId), 'versiones'] }),
  });
}

/** 'Historial': the saved versions, newest first, a page at a time. */
export const useVersions = (patientId: string, pagina: number) =>
  useQuery({
    queryKey: [...odontogramKey(patientId), 'versiones', pagina],
    queryFn: () => unwrap(chartApi.versiones.$get({ param: { id: patientId }, query: { pagina: String(pagina) } })),
    placeholderData: keepPreviousData,
  });

/** One saved version with the one before it (to show what changed). */
export const useVersion = (patientId: string, version: number | null) =>
  useQuery({
    queryKey: [...odontogramKey(patientId), 'version', version],
    queryFn: async (): Promise<VersionDetail> =>
      odontogramVersionDetailSchema.parse(
        await unwrap(chartApi.versiones[':version'].$get({ param: { id: patientId, version: String(version) } })),
      ),
    enabled: version !== null,
    staleTime: Infinity,
  });

/** The clinic's services a chart entry can be planned with (only for whoever may edit the chart). */
export const useChartServices = (enabled: boolean) =>
  useQuery({
    queryKey: ['odontograma', 'servicios'],
    queryFn: async () => odontogramServiceSchema.array().parse(await unwrap(api.odontograma.servicios.$get())),
    enabled,
    staleTime: 60_000,
  });
