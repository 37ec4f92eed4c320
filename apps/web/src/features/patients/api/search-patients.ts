import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { patientsKey } from './keys';

export type PatientSuggestion = InferResponseType<typeof api.pacientes.sugerencias.$get, 200>['pacientes'][number];

export const searchPatients = (q: string) => unwrap(api.pacientes.sugerencias.$get({ query: { q } }));

export const patientSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...patientsKey, 'suggestions', q],
    queryFn: () => searchPatients(q),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The top-bar search: the first matches of the clinic's patients for a (debounced) term. */
export const usePatientSuggestions = (q: string) => useQuery(patientSuggestionsQueryOptions(q));
