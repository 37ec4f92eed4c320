import type { AppointmentRequestStatus } from '@odontia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

export type SolicitudesPage = InferResponseType<typeof api.solicitudes.$get, 200>;
export type Solicitud = SolicitudesPage['solicitudes'][number];

export type SolicitudesFilter = { estado?: AppointmentRequestStatus; pagina: number };

export const solicitudesQueryOptions = (filter: SolicitudesFilter) =>
  queryOptions({
    queryKey: ['solicitudes', filter],
    queryFn: () => unwrap(api.solicitudes.$get({ query: { estado: filter.estado, pagina: String(filter.pagina) } })),
    placeholderData: keepPreviousData,
  });

export const useSolicitudes = (filter: SolicitudesFilter) => useQuery(solicitudesQueryOptions(filter));
