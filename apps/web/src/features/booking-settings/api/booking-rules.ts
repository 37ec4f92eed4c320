import type { BookingRules } from '@odontia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

const bookingRulesKey = ['reservas', 'ajustes'] as const;

/** The clinic's online-booking rules and recall interval. */
export const useBookingRules = (enabled: boolean) =>
  useQuery({
    queryKey: bookingRulesKey,
    queryFn: (): Promise<BookingRules> => unwrap(api.reservas.ajustes.$get()),
    enabled,
  });

/** Saves every rule at once; the answer (what was stored) becomes the loaded rules. */
export function useSaveBookingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingRules): Promise<BookingRules> => unwrap(api.reservas.ajustes.$put({ json: input })),
    onSuccess: (saved) => queryClient.setQueryData(bookingRulesKey, saved),
  });
}
