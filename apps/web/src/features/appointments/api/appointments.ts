import { APPOINTMENT_MESSAGES } from '@odontia/shared';
import type {
  AgendaDentist,
  Appointment,
  AppointmentPage,
  AppointmentStatus,
  AppointmentData,
  AppointmentRequestDraft,
  CalendarAppointment,
  ClinicHours,
  Dentist,
  MonthDay,
  UpdateAppointmentData,
} from '@odontia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useDeleteMutation, useInvalidatingMutation } from '@/lib/query-client';
import { APPOINTMENTS_QUERY_KEY } from '@/lib/query-keys';

/** Every agenda query lives under this key: a change to one appointment reloads the list, the calendar and the day's agenda. */
export const appointmentsKey = APPOINTMENTS_QUERY_KEY;
const dentistsKey = ['dentistas'] as const;

export type { Appointment, AppointmentStatus, CalendarAppointment, Dentist };

export type AppointmentsFilter = { buscar: string; pagina: number; pasadas: boolean };

export const appointmentsQueryOptions = (filter: AppointmentsFilter) =>
  queryOptions({
    queryKey: [...appointmentsKey, 'list', filter],
    queryFn: (): Promise<AppointmentPage> =>
      unwrap(
        api.citas.$get({
          query: {
            buscar: filter.buscar,
            pagina: String(filter.pagina),
            ...(filter.pasadas ? { pasadas: 'true' } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
/** `enabled` false while the calendar is shown: the list is not fetched for nothing. */
export const useAppointments = (filter: AppointmentsFilter, enabled = true) =>
  useQuery({ ...appointmentsQueryOptions(filter), enabled, meta: { loadError: APPOINTMENT_MESSAGES.loadError } });

export type CalendarFilter = { desde: string; hasta: string; dentistaId: string | null };

const calendarQuery = (filter: CalendarFilter) => ({
  desde: filter.desde,
  hasta: filter.hasta,
  ...(filter.dentistaId ? { dentistaId: filter.dentistaId } : {}),
});

/** The appointments of a range of days (a week, a day), all of them. */
export const useCalendar = (filter: CalendarFilter, enabled = true) =>
  useQuery({
    queryKey: [...appointmentsKey, 'calendar', filter],
    queryFn: (): Promise<CalendarAppointment[]> => unwrap(api.citas.calendario.$get({ query: calendarQuery(filter) })),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The month grid: per day its count and the first appointments a cell shows. */
export const useMonthCalendar = (filter: CalendarFilter, enabled = true) =>
  useQuery({
    queryKey: [...appointmentsKey, 'month', filter],
    queryFn: (): Promise<MonthDay[]> => unwrap(api.citas.calendario.mes.$get({ query: calendarQuery(filter) })),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useAppointment = (id: string) =>
  useQuery({
    queryKey: [...appointmentsKey, 'detail', id],
    queryFn: (): Promise<Appointment> => unwrap(api.citas[':id'].$get({ param: { id } })),
  });

export const useCreateAppointment = () =>
  useInvalidatingMutation((input: AppointmentData) => unwrap(api.citas.$post({ json: input })), appointmentsKey);

export const useUpdateAppointment = () =>
  useInvalidatingMutation(
    ({ id, input }: { id: string; input: UpdateAppointmentData }) =>
      unwrap(api.citas[':id'].$put({ param: { id }, json: input })),
    appointmentsKey,
  );

/** The desk's one click through the day (en sala, atendida, no asistió…): the state alone. */
export const useSetAppointmentState = () =>
  useInvalidatingMutation(
    ({ id, estado }: { id: string; estado: AppointmentStatus }) =>
      unwrap(api.citas[':id'].estado.$put({ param: { id }, json: { estado } })),
    appointmentsKey,
  );

export const useDeleteAppointment = () =>
  useDeleteMutation((id: string) => unwrap(api.citas[':id'].$delete({ param: { id } })), appointmentsKey);

/** A public-profile request and its matching patient, to prefill 'Crear cita' (/citas/nueva?solicitud={id}). */
export const useAppointmentRequestDraft = (id: string | null) =>
  useQuery({
    queryKey: ['solicitudes', 'borrador-cita', id],
    queryFn: (): Promise<AppointmentRequestDraft> => unwrap(api.citas.solicitudes[':id'].$get({ param: { id: id! } })),
    enabled: id !== null,
  });

/** The hours the Día grid spans (the clinic's horario, or the default ones). */
export const useAgendaHours = () =>
  useQuery({
    queryKey: [...appointmentsKey, 'horario'],
    queryFn: (): Promise<ClinicHours> => unwrap(api.citas.horario.$get()),
    staleTime: 5 * 60_000,
  });

/**
 * The dentists offered for appointments (only the active ones), the calendar's filter and the Día
 * grid's columns: the agenda's own route, open to whoever sees the agenda (no `dentistas.ver` needed).
 * Under the dentists' key, so a change on /dentistas reloads it.
 */
export const useActiveDentists = () =>
  useQuery({
    queryKey: [...dentistsKey, 'agenda'],
    queryFn: (): Promise<AgendaDentist[]> => unwrap(api.citas.dentistas.$get()),
    staleTime: 60_000,
  });

/**
 * The clinic's services with their usual length (issue 23): the form suggests them as the treatment,
 * and a chosen one sets the end time. Only for members who may see the catalogue.
 */
export const useServiceLengths = (enabled: boolean) =>
  useQuery({
    queryKey: ['productos', 'servicios-para-agenda'],
    queryFn: async () => {
      const page = await unwrap(api.productos.$get({ query: { categoria: 'servicio', q: '', pagina: '1' } }));
      return page.items
        .filter((s) => s.activo)
        .map(({ id, nombre, duracionMinutos }) => ({ id, nombre, duracionMinutos }));
    },
    enabled,
    staleTime: 60_000,
  });
