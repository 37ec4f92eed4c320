import type { PublicProfile } from '@odontia/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';

export type StaffPublicProfile = InferResponseType<(typeof api)['perfil-publico']['$get'], 200>['perfil'];

const publicProfileKey = ['perfil-publico'] as const;

export const publicProfileQueryOptions = () =>
  queryOptions({
    queryKey: publicProfileKey,
    queryFn: async () => (await unwrap(api['perfil-publico'].$get())).perfil,
  });

export const usePublicProfile = () => useQuery(publicProfileQueryOptions());

export function useUpdatePublicProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PublicProfile) => (await unwrap(api['perfil-publico'].$put({ json: body }))).perfil,
    onSuccess: (perfil) => {
      queryClient.setQueryData(publicProfileKey, perfil);
      // What the public sees changed too.
      void queryClient.invalidateQueries({ queryKey: ['directorio'] });
    },
  });
}

export const useUploadProfileImage = () =>
  useInvalidatingMutation(
    (file: File) => unwrap(api['perfil-publico'].imagen.$post({ form: { imagen: file } })),
    publicProfileKey,
  );

export const useRemoveProfileImage = () =>
  useInvalidatingMutation(() => unwrap(api['perfil-publico'].imagen.$delete()), publicProfileKey);
