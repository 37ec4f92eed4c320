import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { patientsKey } from './keys';

export const removePatientPhoto = (id: string) => unwrap(api.pacientes[':id'].foto.$delete({ param: { id } }));

export function useRemovePatientPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePatientPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientsKey }),
  });
}
