import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { usePageData } from './page-data';

type Especialidades = InferResponseType<typeof api.directorio.especialidades.$get, 200>;
type Ciudades = InferResponseType<typeof api.directorio.ciudades.$get, 200>;

export const useSpecialties = () =>
  usePageData<Especialidades>('/api/directorio/especialidades', () => unwrap(api.directorio.especialidades.$get()));
export const useCities = () =>
  usePageData<Ciudades>('/api/directorio/ciudades', () => unwrap(api.directorio.ciudades.$get()));
