import { useMutation } from '@tanstack/react-query';
import { authRequest, type AuthInput } from '@/lib/auth-client';

/** The answer is the same whether or not the email has an account. */
export const requestPasswordReset = (input: AuthInput<'request-password-reset'>) =>
  authRequest('request-password-reset', input);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
