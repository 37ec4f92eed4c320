import { TEAM_MESSAGES } from '@odontia/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { usersKey } from './keys';

export type TeamPage = InferResponseType<typeof api.usuarios.$get, 200>;
export type TeamRow = TeamPage['filas'][number];

export type ListFilter = { q: string; pagina: number };

export const useTeam = (filter: ListFilter) =>
  useQuery({
    queryKey: [...usersKey, 'list', filter],
    meta: { loadError: TEAM_MESSAGES.loadUsersError },
    queryFn: () => unwrap(api.usuarios.$get({ query: { buscar: filter.q, pagina: String(filter.pagina) } })),
    // The previous page stays on screen while the next one loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });
