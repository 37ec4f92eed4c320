import type { WorkingHours } from '@odontia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { AGENDA_SCHEDULE_QUERY_KEY } from '@/lib/query-keys';

export type { WorkingHours };

const hoursKey = (dentistaId: string) => ['dentistas', 'horario', dentistaId] as const;

export const HOURS_LOAD_ERROR = 'No se pudo cargar el horario';

/** A dentist's week of working ranges, by day and start. */
export const useWorkingHours = (dentistaId: string) =>
  useQuery({
    queryKey: hoursKey(dentistaId),
    meta: { loadError: HOURS_LOAD_ERROR },
    queryFn: (): Promise<WorkingHours> => unwrap(api.dentistas[':id'].horario.$get({ param: { id: dentistaId } })),
  });

/** Replaces the dentist's whole week; the agenda's Día grid then shows the new closed time. */
export const useSaveWorkingHours = (dentistaId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkingHours): Promise<WorkingHours> =>
      unwrap(api.dentistas[':id'].horario.$put({ param: { id: dentistaId }, json: input })),
    onSuccess: (saved) => {
      queryClient.setQueryData(hoursKey(dentistaId), saved);
      return queryClient.invalidateQueries({ queryKey: AGENDA_SCHEDULE_QUERY_KEY });
    },
  });
};
