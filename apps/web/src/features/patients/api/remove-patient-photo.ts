import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { patientsKey } from './keys';

export const removePatientPhoto = (id: string) => unwrap(api.pacientes[':id'].foto.$delete({ param: { id } }));

export const useRemovePatientPhoto = () => useInvalidatingMutation(removePatientPhoto, patientsKey);
