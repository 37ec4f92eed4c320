import type { InferRequestType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { usersKey } from './keys';

export type InvitationInput = InferRequestType<typeof api.invitaciones.$post>['json'];

/** The invitation shows up in the users list as pendiente. */
export const useCreateInvitation = () =>
  useInvalidatingMutation((json: InvitationInput) => unwrap(api.invitaciones.$post({ json })), usersKey);
