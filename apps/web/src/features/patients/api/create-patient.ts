import type { CreatePatientData } from '@odontia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { patientsKey } from './keys';

/** Takes the form's parsed values (the shared schema's output), which the API validates again. */
export const createPatient = (input: CreatePatientData) => unwrap(api.pacientes.$post({ json: input }));

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientsKey }),
  });
}
