import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { patientsKey } from './keys';

/** Answered 204: nothing to read back. */
export const deletePatient = (id: string) => unwrap(api.pacientes[':id'].$delete({ param: { id } }));

export const useDeletePatient = () => useInvalidatingMutation(deletePatient, patientsKey);
