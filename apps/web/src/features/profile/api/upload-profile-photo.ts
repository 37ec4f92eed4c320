import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { profileQueryKey } from './get-profile';

/** Multipart upload; the server checks the content, re-encodes it and replaces the previous photo. */
export const uploadProfilePhoto = (file: File) => unwrap(api.perfil.foto.$post({ form: { foto: file } }));

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
