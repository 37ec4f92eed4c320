import { RECALL_MESSAGES } from '@odontia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

/** Every recalls query lives under this key: a send reloads the list. */
export const recallsKey = ['revisiones'] as const;

export type RecallPage = InferResponseType<typeof api.revisiones.$get, 200>;
export type RecallPatient = RecallPage['pacientes'][number];

export const recallsQueryOptions = (pagina: number) =>
  queryOptions({
    queryKey: [...recallsKey, { pagina }],
    queryFn: () => unwrap(api.revisiones.$get({ query: { pagina: String(pagina) } })),
    placeholderData: keepPreviousData,
  });

export const useRecalls = (pagina: number) =>
  useQuery({ ...recallsQueryOptions(pagina), meta: { loadError: RECALL_MESSAGES.loadError } });
