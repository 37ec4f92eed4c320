import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api';

export type ResetPasswordInput = { token: string; newPassword: string };

/** Sets the new password with the emailed token (single use, 1 hour); every session of the user ends. */
export const resetPassword = (input: ResetPasswordInput) =>
  request<{ status: boolean }>('/api/auth/reset-password', { method: 'POST', json: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
