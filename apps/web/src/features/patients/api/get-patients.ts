import type { PatientListView } from '@odontia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { patientsKey } from './keys';

export type PatientsPage = InferResponseType<typeof api.pacientes.$get, 200>;
export type PatientListItem = PatientsPage['pacientes'][number];

export type PatientsFilter = { q: string; pagina: number; ver: PatientListView };

export const getPatients = ({ q, pagina, ver }: PatientsFilter) =>
  unwrap(api.pacientes.$get({ query: { q, pagina: String(pagina), ver } }));

export const patientsQueryOptions = (filter: PatientsFilter) =>
  queryOptions({
    queryKey: [...patientsKey, 'list', filter],
    meta: { loadError: 'Error al cargar pacientes' },
    queryFn: () => getPatients(filter),
    // The previous page stays on screen while the next one loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });

export const usePatients = (filter: PatientsFilter) => useQuery(patientsQueryOptions(filter));
