import type { ClinicData } from '@odontia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { clinicQueryKey } from './get-clinic';

/** 'Configuración de la Clínica': needs clinica.editar (checked by the server). */
export const updateClinic = (input: ClinicData) => unwrap(api.clinica.$put({ json: input }));

export function useUpdateClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClinic,
    onSuccess: ({ clinica }) => queryClient.setQueryData(clinicQueryKey, clinica),
  });
}
