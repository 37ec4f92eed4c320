import type { ClinicData } from '@odontia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { clinicQueryKey } from './get-clinic';

/**
 * End of onboarding and /configurar-clinica: creates the clinic (the caller becomes its
 * Administrador) or updates the one the caller has; onboarding is completado afterwards.
 */
export const saveClinic = (input: ClinicData) => unwrap(api.clinica.$post({ json: input }));

export function useSaveClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClinic,
    onSuccess: ({ clinica }) => queryClient.setQueryData(clinicQueryKey, clinica),
  });
}
