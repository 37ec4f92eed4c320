import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { usePageData } from './page-data';

export type Landing = InferResponseType<typeof api.directorio.inicio.$get, 200>;
export type ClinicCardData = Landing['clinicas'][number];
export type SpecialtyData = Landing['especialidades'][number];

export const getLanding = () => unwrap(api.directorio.inicio.$get());

export const useLanding = () => usePageData('/api/directorio/inicio', getLanding);
