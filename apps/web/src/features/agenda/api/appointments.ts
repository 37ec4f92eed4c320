import type {
  Appointment,
  AppointmentPage,
  AppointmentStatus,
  AppointmentData,
  Dentist,
  UpdateAppointmentData,
} from '@odontia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiFetch, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';

/** Every agenda query lives under this key: a change to one appointment reloads the list, the calendar and the day's agenda. */
export const appointmentsKey = ['citas'] as const;
const dentistsKey = ['dentistas'] as const;

/** A JSON call to the agenda's routes, answered with the shared contract's types. */
async function call<T>(path: string, init?: { method: string; body?: unknown }): Promise<T> {
  const res = await apiFetch(`/api${path}`, {
    method: init?.method ?? 'GET',
    credentials: 'same-origin',
    headers: init?.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await unwrap(Promise.resolve(res))) as T;
}

const query = (params: Record<string, string | number | boolean | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export type { Appointment, AppointmentStatus, Dentist };

export type AppointmentsFilter = { buscar: string; pagina: number; pasadas: boolean };

export const appointmentsQueryOptions = (filter: AppointmentsFilter) =>
  queryOptions({
    queryKey: [...appointmentsKey, 'list', filter],
    queryFn: () => call<AppointmentPage>(`/citas${query(filter.pasadas ? filter : { ...filter, pasadas: null })}`),
    placeholderData: keepPreviousData,
  });
export const useAppointments = (filter: AppointmentsFilter) => useQuery(appointmentsQueryOptions(filter));

export type CalendarFilter = { desde: string; hasta: string; dentistaId: string | null };

/** The appointments of a range of days (a month grid, a week, a day), all of them. */
export const useCalendar = (filter: CalendarFilter) =>
  useQuery({
    queryKey: [...appointmentsKey, 'calendar', filter],
    queryFn: () => call<Appointment[]>(`/citas/calendario${query(filter)}`),
    placeholderData: keepPreviousData,
  });

export const useAppointment = (id: string) =>
  useQuery({ queryKey: [...appointmentsKey, 'detail', id], queryFn: () => call<Appointment>(`/citas/${encodeURIComponent(id)}`) });

export const useCreateAppointment = () =>
  useInvalidatingMutation((input: AppointmentData) => call<Appointment>('/citas', { method: 'POST', body: input }), appointmentsKey);

export const useUpdateAppointment = () =>
  useInvalidatingMutation(
    ({ id, input }: { id: string; input: UpdateAppointmentData }) => call<Appointment>(`/citas/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
    appointmentsKey,
  );

export const useDeleteAppointment = () =>
  useInvalidatingMutation((id: string) => call<undefined>(`/citas/${encodeURIComponent(id)}`, { method: 'DELETE' }), appointmentsKey);

/** The dentists offered for appointments (only the active ones) and for the calendar's filter. */
export const useActiveDentists = () =>
  useQuery({ queryKey: [...dentistsKey, 'activos'], queryFn: () => call<Dentist[]>('/dentistas?activos=true'), staleTime: 60_000 });

/** The active patients matching a term, for the appointment form's picker. */
export const usePatientOptions = (q: string) =>
  useQuery({
    queryKey: ['pacientes', 'agenda-picker', q],
    queryFn: async () => {
      const page = await unwrap(api.pacientes.$get({ query: { q, pagina: '1' } }));
      return page.pacientes.filter((p) => p.estado === 'activo');
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
