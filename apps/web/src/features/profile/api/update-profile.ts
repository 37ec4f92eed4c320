import type { ProfileInput } from '@odontia/shared';
import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { profileQueryKey } from './get-profile';

/** Saves nombres, apellidos and telefono; the first save moves onboarding to perfil_completado. */
export const updateProfile = (input: ProfileInput) => unwrap(api.perfil.$put({ json: input }));

export const useUpdateProfile = () => useInvalidatingMutation(updateProfile, profileQueryKey);
