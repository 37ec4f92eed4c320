import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** The public booking's queries are kept under this key, per clinic. */
export const bookingQueryKey = (clinicaId: string) => ['reservas', clinicaId] as const;

export const getBookingOptions = (clinicaId: string) =>
  unwrap(api.reservas[':id'].opciones.$get({ param: { id: clinicaId } }));

/** What a visitor may book online at the clinic; a 404 (BOOKING_MESSAGES.notOnline) when it takes no bookings. */
export const bookingOptionsQueryOptions = (clinicaId: string) =>
  queryOptions({
    queryKey: [...bookingQueryKey(clinicaId), 'opciones'],
    queryFn: () => getBookingOptions(clinicaId),
    staleTime: 5 * 60_000,
  });

export const useBookingOptions = (clinicaId: string) => useQuery(bookingOptionsQueryOptions(clinicaId));
