import { TEAM_MESSAGES } from '@odontia/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { rolesKey } from './keys';
import type { ListFilter } from './get-team';

export type RolesPage = InferResponseType<typeof api.roles.$get, 200>;
export type RoleRow = RolesPage['roles'][number];
export type Role = InferResponseType<(typeof api.roles)[':id']['$get'], 200>;
export type RoleInput = InferRequestType<typeof api.roles.$post>['json'];

export const useRoles = (filter: ListFilter) =>
  useQuery({
    queryKey: [...rolesKey, 'list', filter],
    meta: { loadError: TEAM_MESSAGES.loadRolesError },
    queryFn: () => unwrap(api.roles.$get({ query: { buscar: filter.q, pagina: String(filter.pagina) } })),
    placeholderData: keepPreviousData,
  });

export const useRole = (id: string) =>
  useQuery({ queryKey: [...rolesKey, 'detail', id], queryFn: () => unwrap(api.roles[':id'].$get({ param: { id } })) });

export const useCreateRole = () =>
  useInvalidatingMutation((json: RoleInput) => unwrap(api.roles.$post({ json })), rolesKey);

export const useUpdateRole = () =>
  useInvalidatingMutation(
    ({ id, json }: { id: string; json: RoleInput }) => unwrap(api.roles[':id'].$put({ param: { id }, json })),
    rolesKey,
  );

export const useDeleteRole = () =>
  useInvalidatingMutation((id: string) => unwrap(api.roles[':id'].$delete({ param: { id } })), rolesKey);
