import type { AppointmentRequestStatus } from '@odontia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

export type AppointmentRequestPage = InferResponseType<typeof api.solicitudes.$get, 200>;
export type AppointmentRequest = AppointmentRequestPage['solicitudes'][number];

export type AppointmentRequestFilter = { estado?: AppointmentRequestStatus; pagina: number };

export const appointmentRequestsQueryOptions = (filter: AppointmentRequestFilter) =>
  queryOptions({
    queryKey: ['solicitudes', filter],
    queryFn: () => unwrap(api.solicitudes.$get({ query: { estado: filter.estado, pagina: String(filter.pagina) } })),
    placeholderData: keepPreviousData,
  });

export const useAppointmentRequests = (filter: AppointmentRequestFilter) =>
  useQuery(appointmentRequestsQueryOptions(filter));
