import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { patientsKey } from './keys';

/** Answered 204: nothing to read back. */
export const deletePatient = (id: string) => unwrap(api.pacientes[':id'].$delete({ param: { id } }));

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientsKey }),
  });
}
