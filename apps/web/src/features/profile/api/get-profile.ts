import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

export type Profile = InferResponseType<typeof api.perfil.$get, 200>;

export const profileQueryKey = ['perfil'] as const;

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: () => unwrap(api.perfil.$get()) });

/** The signed-in person's profile (blank fields before the first save) and read-only email. */
export const useProfile = () => useQuery(profileQueryOptions());
