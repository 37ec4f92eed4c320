import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { takeBootData } from './boot-data';

export type ClinicProfile = InferResponseType<(typeof api.directorio.clinicas)[':id']['$get'], 200>;
export type PublicClinic = ClinicProfile['clinica'];

export const getClinic = (id: string): Promise<ClinicProfile | null> =>
  unwrap(api.directorio.clinicas[':id'].$get({ param: { id } }));

export const clinicQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['directorio', 'clinica', id],
    queryFn: () => getClinic(id),
    // Null when the server found no published clinic with that id (it answers the page with a 404).
    initialData: () => takeBootData<ClinicProfile | null>(`/api/directorio/clinicas/${id}`),
    // The form token inside expires after a day; an hour keeps it well within.
    staleTime: 60 * 60_000,
  });

export const useClinic = (id: string) => useQuery(clinicQueryOptions(id));
