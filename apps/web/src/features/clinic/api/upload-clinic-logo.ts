import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { clinicQueryKey } from './get-clinic';

/** Multipart upload to the caller's clinic; the server checks the content and replaces the old logo. */
export const uploadClinicLogo = (file: File) => unwrap(api.clinica.logo.$post({ form: { logo: file } }));

export function useUploadClinicLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadClinicLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clinicQueryKey }),
  });
}
