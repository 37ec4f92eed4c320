import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { profileQueryKey } from './get-profile';

/** Multipart upload; the server checks the content, re-encodes it and replaces the previous photo. */
export const uploadProfilePhoto = (file: File) => unwrap(api.perfil.foto.$post({ form: { foto: file } }));

export const useUploadProfilePhoto = () => useInvalidatingMutation(uploadProfilePhoto, profileQueryKey);
