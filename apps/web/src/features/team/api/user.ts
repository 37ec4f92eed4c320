import { useQuery } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { usersKey } from './keys';

export type TeamMember = InferResponseType<(typeof api.usuarios)[':id']['$get'], 200>;
export type UpdateUserInput = InferRequestType<(typeof api.usuarios)[':id']['$patch']>['json'];

export const useUser = (id: string) =>
  useQuery({
    queryKey: [...usersKey, 'detail', id],
    queryFn: () => unwrap(api.usuarios[':id'].$get({ param: { id } })),
  });

export const useUpdateUser = () =>
  useInvalidatingMutation(
    ({ id, json }: { id: string; json: UpdateUserInput }) =>
      unwrap(api.usuarios[':id'].$patch({ param: { id }, json })),
    usersKey,
  );
