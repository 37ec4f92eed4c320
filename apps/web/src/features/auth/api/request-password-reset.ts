import type { RecoveryInput } from '@odontia/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api';

/** The answer is the same whether or not the email has an account. */
export const requestPasswordReset = (input: RecoveryInput) =>
  request<{ status: boolean }>('/api/auth/request-password-reset', { method: 'POST', json: input });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
