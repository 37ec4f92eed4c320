import type { CreatePatientData } from '@odontia/shared';
import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { patientsKey } from './keys';

/** Takes the form's parsed values (the shared schema's output), which the API validates again. */
export const createPatient = (input: CreatePatientData) => unwrap(api.pacientes.$post({ json: input }));

export const useCreatePatient = () => useInvalidatingMutation(createPatient, patientsKey);
