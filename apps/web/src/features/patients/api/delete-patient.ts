import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { patientsKey } from './keys';

/**
 * Erases the patient, or, when they have clinical records (chart versions), the server deactivates and
 * hides them instead: `resultado` says which and `mensaje` is the toast.
 */
export const deletePatient = (id: string) => unwrap(api.pacientes[':id'].$delete({ param: { id } }));

export const useDeletePatient = () => useInvalidatingMutation(deletePatient, patientsKey);
