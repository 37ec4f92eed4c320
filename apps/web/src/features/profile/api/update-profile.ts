import type { ProfileInput } from '@odontia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { profileQueryKey } from './get-profile';

/** Saves nombres, apellidos and telefono; the first save moves onboarding to perfil_completado. */
export const updateProfile = (input: ProfileInput) => unwrap(api.perfil.$put({ json: input }));

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
