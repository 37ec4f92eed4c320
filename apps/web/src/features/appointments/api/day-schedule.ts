import type { DaySchedule } from '@odontia/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { AGENDA_SCHEDULE_QUERY_KEY } from '@/lib/query-keys';

/**
 * The Día grid's closed time on a day: the dentists' working ranges and the day's blocks. Without it
 * (loading, or it failed) the grid simply shows no closed time, as for a clinic that never set hours.
 */
export const useDaySchedule = (fecha: string, enabled = true) =>
  useQuery({
    queryKey: [...AGENDA_SCHEDULE_QUERY_KEY, fecha],
    queryFn: (): Promise<DaySchedule> => unwrap(api.citas['horario-dentistas'].$get({ query: { fecha } })),
    placeholderData: keepPreviousData,
    enabled,
  });
