import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { patientsKey } from './keys';

export type Patient = InferResponseType<(typeof api.pacientes)[':id']['$get'], 200>;

export const getPatient = (id: string) => unwrap(api.pacientes[':id'].$get({ param: { id } }));

export const patientQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...patientsKey, 'detail', id], queryFn: () => getPatient(id) });

export const usePatient = (id: string) => useQuery(patientQueryOptions(id));
