import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { patientsKey } from './keys';

/** Multipart upload; the server checks the content and deletes the photo it replaces. */
export const uploadPatientPhoto = ({ id, file }: { id: string; file: File }) =>
  unwrap(api.pacientes[':id'].foto.$put({ param: { id }, form: { foto: file } }));

export function useUploadPatientPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPatientPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientsKey }),
  });
}
