import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { usersKey } from './keys';

export const useDeleteUser = () =>
  useInvalidatingMutation((id: string) => unwrap(api.usuarios[':id'].$delete({ param: { id } })), usersKey);
