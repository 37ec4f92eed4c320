import type { UpdatePatientData } from '@odontia/shared';
import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { patientsKey } from './keys';

export const updatePatient = ({ id, input }: { id: string; input: UpdatePatientData }) =>
  unwrap(api.pacientes[':id'].$put({ param: { id }, json: input }));

export const useUpdatePatient = () => useInvalidatingMutation(updatePatient, patientsKey);
