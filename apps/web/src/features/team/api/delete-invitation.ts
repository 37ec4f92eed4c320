import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { usersKey } from './keys';

/** Invitations are rows of the users list: deleting one reloads it. */
export const useDeleteInvitation = () =>
  useInvalidatingMutation((id: string) => unwrap(api.invitaciones[':id'].$delete({ param: { id } })), usersKey);
