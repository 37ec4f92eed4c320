import { TEAM_MESSAGES } from '@odontia/shared';
import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { rolesKey } from './keys';

export type RoleOptions = InferResponseType<typeof api.roles.opciones.$get, 200>;
export type RoleOption = RoleOptions['roles'][number];

/** Every role of the clinic, custom ones included, and the invitation form's default (Asistente). */
export const useRoleOptions = (enabled = true) =>
  useQuery({
    queryKey: [...rolesKey, 'opciones'],
    queryFn: () => unwrap(api.roles.opciones.$get()),
    meta: { loadError: TEAM_MESSAGES.loadRolesError },
    enabled,
  });
