import { TEAM_MESSAGES } from '@odontia/shared';
import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { permissionsKey } from './keys';

export type PermissionCatalogue = InferResponseType<typeof api.permisos.catalogo.$get, 200>;

/** Every permission, grouped by módulo: the checkboxes of the role form. */
export const usePermissionCatalogue = () =>
  useQuery({
    queryKey: [...permissionsKey, 'catalogo'],
    meta: { loadError: TEAM_MESSAGES.loadPermissionsError },
    queryFn: async () => (await unwrap(api.permisos.catalogo.$get())).modulos.flatMap((m) => m.permisos),
    // The catalogue changes only with a new version of the app.
    staleTime: 5 * 60 * 1000,
  });
