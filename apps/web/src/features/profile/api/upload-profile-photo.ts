import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, request } from '@/lib/api';
import { profileQueryKey } from './get-profile';

type Uploaded = InferResponseType<typeof api.perfil.foto.$post, 200>;

/** Multipart upload; the server checks the content, re-encodes it and replaces the previous photo. */
export function uploadProfilePhoto(file: File) {
  const form = new FormData();
  form.set('foto', file);
  return request<Uploaded>('/api/perfil/foto', { method: 'POST', body: form });
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
