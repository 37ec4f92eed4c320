import { SLOT_DAYS_MAX } from '@odontia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { bookingQueryKey } from './booking-options';

export type SlotsParams = {
  servicioId: string;
  /** null: any dentist ('Cualquiera'). */
  dentistaId: string | null;
  /** The first day (YYYY-MM-DD, the clinic's calendar). */
  desde: string;
  dias?: number;
};

export const getFreeSlots = (clinicaId: string, { servicioId, dentistaId, desde, dias = SLOT_DAYS_MAX }: SlotsParams) =>
  unwrap(
    api.reservas[':id'].huecos.$get({
      param: { id: clinicaId },
      query: { servicioId, desde, dias: String(dias), ...(dentistaId ? { dentistaId } : {}) },
    }),
  );

/** Key of every slot list of the clinic, to load them again when a slot turned out to be taken. */
export const freeSlotsQueryKey = (clinicaId: string) => [...bookingQueryKey(clinicaId), 'huecos'] as const;

export const freeSlotsQueryOptions = (clinicaId: string, params: SlotsParams) =>
  queryOptions({
    queryKey: [...freeSlotsQueryKey(clinicaId), params],
    queryFn: () => getFreeSlots(clinicaId, params),
    // Slots are taken by others all the time: a minute old at most.
    staleTime: 60_000,
    // Paging the days keeps the previous days on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export const useFreeSlots = (clinicaId: string, params: SlotsParams | null) =>
  useQuery({
    ...freeSlotsQueryOptions(clinicaId, params ?? { servicioId: '', dentistaId: null, desde: '' }),
    enabled: params !== null,
  });
