import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { takeBootData } from './boot-data';

export type Inicio = InferResponseType<typeof api.directorio.inicio.$get, 200>;
export type ClinicaCardData = Inicio['clinicas'][number];
export type EspecialidadData = Inicio['especialidades'][number];

export const getInicio = () => unwrap(api.directorio.inicio.$get());

export const inicioQueryOptions = () =>
  queryOptions({
    queryKey: ['directorio', 'inicio'],
    queryFn: getInicio,
    initialData: () => takeBootData<Inicio>('/api/directorio/inicio'),
    staleTime: 60_000,
  });

export const useInicio = () => useQuery(inicioQueryOptions());
