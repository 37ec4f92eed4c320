import { TEAM_MESSAGES } from '@odontia/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import type { ListFilter } from './get-team';
import { permissionsKey } from './keys';

export const usePermissions = (filter: ListFilter) =>
  useQuery({
    queryKey: [...permissionsKey, 'list', filter],
    meta: { loadError: TEAM_MESSAGES.loadPermissionsError },
    queryFn: () => unwrap(api.permisos.$get({ query: { buscar: filter.q, pagina: String(filter.pagina) } })),
    placeholderData: keepPreviousData,
    // The catalogue changes only with a new version of the app.
    staleTime: 5 * 60 * 1000,
  });
