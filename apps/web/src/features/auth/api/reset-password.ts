import { useMutation } from '@tanstack/react-query';
import { authRequest, type AuthInput } from '@/lib/auth-client';

/** Sets the new password with the emailed token (single use, 1 hour); every session of the user ends. */
export const resetPassword = (input: AuthInput<'reset-password'>) => authRequest('reset-password', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
