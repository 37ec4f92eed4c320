import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * The demo clinic's sign-in, when the server has one (SEED_DEMO); undefined otherwise (the API
 * answers 404) or while it loads, and the login form shows no hint.
 */
export const useDemoCredentials = () =>
  useQuery({
    queryKey: ['demo'],
    queryFn: async () => (await unwrap(api.demo.$get())).demo,
    staleTime: Infinity,
    retry: false,
  }).data;
