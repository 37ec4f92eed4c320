import type {
  Appointment,
  AppointmentPage,
  AppointmentStatus,
  AppointmentData,
  Dentist,
  UpdateAppointmentData,
} from '@odontia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';

/** Every agenda query lives under this key: a change to one appointment reloads the list, the calendar and the day's agenda. */
export const appointmentsKey = ['citas'] as const;
const dentistsKey = ['dentistas'] as const;

export type { Appointment, AppointmentStatus, Dentist };

export type AppointmentsFilter = { buscar: string; pagina: number; pasadas: boolean };

export const appointmentsQueryOptions = (filter: AppointmentsFilter) =>
  queryOptions({
    queryKey: [...appointmentsKey, 'list', filter],
    queryFn: (): Promise<AppointmentPage> =>
      unwrap(api.citas.$get({ query: { buscar: filter.buscar, pagina: String(filter.pagina), ...(filter.pasadas ? { pasadas: 'true' } : {}) } })),
    placeholderData: keepPreviousData,
  });
/** `enabled` false while the calendar is shown: the list is not fetched for nothing. */
export const useAppointments = (filter: AppointmentsFilter, enabled = true) => useQuery({ ...appointmentsQueryOptions(filter), enabled });

export type CalendarFilter = { desde: string; hasta: string; dentistaId: string | null };

/** The appointments of a range of days (a month grid, a week, a day), all of them. */
export const useCalendar = (filter: CalendarFilter) =>
  useQuery({
    queryKey: [...appointmentsKey, 'calendar', filter],
    queryFn: (): Promise<Appointment[]> =>
      unwrap(api.citas.calendario.$get({ query: { desde: filter.desde, hasta: filter.hasta, ...(filter.dentistaId ? { dentistaId: filter.dentistaId } : {}) } })),
    placeholderData: keepPreviousData,
  });

export const useAppointment = (id: string) =>
  useQuery({ queryKey: [...appointmentsKey, 'detail', id], queryFn: (): Promise<Appointment> => unwrap(api.citas[':id'].$get({ param: { id } })) });

export const useCreateAppointment = () =>
  useInvalidatingMutation((input: AppointmentData) => unwrap(api.citas.$post({ json: input })), appointmentsKey);

export const useUpdateAppointment = () =>
  useInvalidatingMutation(
    ({ id, input }: { id: string; input: UpdateAppointmentData }) => unwrap(api.citas[':id'].$put({ param: { id }, json: input })),
    appointmentsKey,
  );

export const useDeleteAppointment = () =>
  useInvalidatingMutation((id: string) => unwrap(api.citas[':id'].$delete({ param: { id } })), appointmentsKey);

/** The dentists offered for appointments (only the active ones) and for the calendar's filter. */
export const useActiveDentists = () =>
  useQuery({ queryKey: [...dentistsKey, 'activos'], queryFn: (): Promise<Dentist[]> => unwrap(api.dentistas.$get({ query: { activos: 'true' } })), staleTime: 60_000 });
