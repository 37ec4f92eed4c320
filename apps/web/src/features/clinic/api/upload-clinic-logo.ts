import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, request } from '@/lib/api';
import { clinicQueryKey } from './get-clinic';

type Uploaded = InferResponseType<typeof api.clinica.logo.$post, 200>;

/** Multipart upload to the caller's clinic; the server checks the content and replaces the old logo. */
export function uploadClinicLogo(file: File) {
  const form = new FormData();
  form.set('logo', file);
  return request<Uploaded>('/api/clinica/logo', { method: 'POST', body: form });
}

export function useUploadClinicLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadClinicLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clinicQueryKey }),
  });
}
