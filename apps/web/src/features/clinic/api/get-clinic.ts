import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

export type Clinic = NonNullable<InferResponseType<typeof api.clinica.$get, 200>['clinica']>;

export const clinicQueryKey = ['clinica'] as const;

export const clinicQueryOptions = () =>
  queryOptions({ queryKey: clinicQueryKey, queryFn: async () => (await unwrap(api.clinica.$get())).clinica });

/** The caller's clinic, or null when they have none yet. */
export const useClinic = () => useQuery(clinicQueryOptions());
