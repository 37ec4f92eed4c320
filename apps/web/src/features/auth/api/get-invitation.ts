import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

export type PublicInvitation = InferResponseType<(typeof api.invitaciones.token)[':token']['$get'], 200>;

/**
 * The invitation behind a registration link (/auth?register=true&invitacion=<token>): whom it is for
 * and which clinic sends it. An invalid, used or expired token is an error with the server's message.
 */
export const useInvitation = (token: string | null) =>
  useQuery({
    queryKey: ['invitacion', token],
    queryFn: () => unwrap(api.invitaciones.token[':token'].$get({ param: { token: token ?? '' } })),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
