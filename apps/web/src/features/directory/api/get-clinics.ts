import { directoryQueryString, type DirectoryParams } from '@odontia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { takeBootData } from './boot-data';

export type ClinicPage = InferResponseType<typeof api.directorio.clinicas.$get, 200>;

type ClinicasQuery = Parameters<typeof api.directorio.clinicas.$get>[0]['query'];

export function getClinics(params: DirectoryParams) {
  // Only the filters in use go in the URL.
  const query: Record<string, string> = {};
  if (params.q) query.q = params.q;
  if (params.especialidad) query.especialidad = params.especialidad;
  if (params.ciudad) query.ciudad = params.ciudad;
  if (params.pagina && params.pagina > 1) query.pagina = String(params.pagina);
  return unwrap(api.directorio.clinicas.$get({ query: query as ClinicasQuery }));
}

export const clinicsQueryOptions = (params: DirectoryParams) => {
  // The same key the server uses for the data it embeds in the page.
  const search = directoryQueryString(params);
  return queryOptions({
    queryKey: ['directorio', 'clinicas', search],
    queryFn: () => getClinics(params),
    initialData: () => takeBootData<ClinicPage>(`/api/directorio/clinicas${search}`),
    staleTime: 60_000,
    // Changing a filter keeps the previous results on screen instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
};

export const useClinics = (params: DirectoryParams) => useQuery(clinicsQueryOptions(params));
