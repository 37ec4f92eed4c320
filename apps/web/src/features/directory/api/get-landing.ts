import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { takeBootData } from './boot-data';

export type Landing = InferResponseType<typeof api.directorio.inicio.$get, 200>;
export type ClinicCardData = Landing['clinicas'][number];
export type SpecialtyData = Landing['especialidades'][number];

export const getLanding = () => unwrap(api.directorio.inicio.$get());

export const landingQueryOptions = () =>
  queryOptions({
    queryKey: ['directorio', 'inicio'],
    queryFn: getLanding,
    initialData: () => takeBootData<Landing>('/api/directorio/inicio'),
    staleTime: 60_000,
  });

export const useLanding = () => useQuery(landingQueryOptions());
