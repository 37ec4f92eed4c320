import type { UpdatePatientData } from '@odontia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { patientsKey } from './keys';

export const updatePatient = ({ id, input }: { id: string; input: UpdatePatientData }) =>
  unwrap(api.pacientes[':id'].$put({ param: { id }, json: input }));

export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientsKey }),
  });
}
