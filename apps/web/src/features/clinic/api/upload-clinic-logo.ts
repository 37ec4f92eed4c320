import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { clinicQueryKey } from './get-clinic';

/** Multipart upload to the caller's clinic; the server checks the content and replaces the old logo. */
export const uploadClinicLogo = (file: File) => unwrap(api.clinica.logo.$post({ form: { logo: file } }));

export const useUploadClinicLogo = () => useInvalidatingMutation(uploadClinicLogo, clinicQueryKey);
