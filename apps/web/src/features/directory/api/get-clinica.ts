import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { takeBootData } from './boot-data';

export type PerfilClinica = InferResponseType<(typeof api.directorio.clinicas)[':id']['$get'], 200>;
export type ClinicaPublicaData = PerfilClinica['clinica'];

export const getClinica = (id: string) => unwrap(api.directorio.clinicas[':id'].$get({ param: { id } }));

export const clinicaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['directorio', 'clinica', id],
    queryFn: () => getClinica(id),
    initialData: () => takeBootData<PerfilClinica>(`/api/directorio/clinicas/${id}`),
    // The form token inside expires after a day; an hour keeps it well within.
    staleTime: 60 * 60_000,
  });

export const useClinica = (id: string) => useQuery(clinicaQueryOptions(id));
