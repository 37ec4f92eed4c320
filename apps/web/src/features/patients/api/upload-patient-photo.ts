import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import type { Patient } from './get-patient';
import { patientsKey } from './keys';

/** Multipart upload; the server checks the content and deletes the photo it replaces. */
export function uploadPatientPhoto({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.set('foto', file);
  return request<Patient>(`/api/pacientes/${encodeURIComponent(id)}/foto`, { method: 'PUT', body: form });
}

export function useUploadPatientPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPatientPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientsKey }),
  });
}
