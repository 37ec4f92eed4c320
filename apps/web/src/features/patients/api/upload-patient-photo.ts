import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { patientsKey } from './keys';

/** Multipart upload; the server checks the content and deletes the photo it replaces. */
export const uploadPatientPhoto = ({ id, file }: { id: string; file: File }) =>
  unwrap(api.pacientes[':id'].foto.$put({ param: { id }, form: { foto: file } }));

export const useUploadPatientPhoto = () => useInvalidatingMutation(uploadPatientPhoto, patientsKey);
