import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { takeBootData } from './boot-data';

type Especialidades = InferResponseType<typeof api.directorio.especialidades.$get, 200>;
type Ciudades = InferResponseType<typeof api.directorio.ciudades.$get, 200>;

export const specialtiesQueryOptions = () =>
  queryOptions({
    queryKey: ['directorio', 'especialidades'],
    queryFn: () => unwrap(api.directorio.especialidades.$get()),
    initialData: () => takeBootData<Especialidades>('/api/directorio/especialidades'),
    staleTime: 10 * 60_000,
  });

export const citiesQueryOptions = () =>
  queryOptions({
    queryKey: ['directorio', 'ciudades'],
    queryFn: () => unwrap(api.directorio.ciudades.$get()),
    initialData: () => takeBootData<Ciudades>('/api/directorio/ciudades'),
    staleTime: 5 * 60_000,
  });

export const useSpecialties = () => useQuery(specialtiesQueryOptions());
export const useCities = () => useQuery(citiesQueryOptions());
