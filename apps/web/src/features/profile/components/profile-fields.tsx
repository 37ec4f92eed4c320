import { zodResolver } from '@hookform/resolvers/zod';
import { profileSchema, type ProfileInput } from '@odontia/shared';
import { useEffect } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { useClinicPlaceExamples } from '@/lib/place-examples';
import { toast } from '@/lib/toast';
import { useProfile } from '../api/get-profile';

export const PROFILE_FIELDS = ['nombres', 'apellidos', 'telefono'] as const;

/**
 * The profile and its form, for the onboarding step and 'Mi Perfil'. What was saved before (a
 * person coming back to the step) fills the form once it arrives, without undoing what was typed.
 */
export function useProfileForm() {
  const profile = useProfile();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { nombres: '', apellidos: '', telefono: '' },
    values: profile.data
      ? {
          nombres: profile.data.nombres ?? '',
          apellidos: profile.data.apellidos ?? '',
          telefono: profile.data.telefono ?? '',
        }
      : undefined,
    resetOptions: { keepDirtyValues: true },
  });

  useEffect(() => {
    if (profile.isError)
      toast.error('Error al cargar tu perfil', errorMessage(profile.error, 'Inténtalo de nuevo más tarde'));
  }, [profile.isError, profile.error]);

  return { profile, form };
}

/** Nombres, Apellidos and Número de teléfono, shared by the onboarding step and 'Mi Perfil'. */
export function ProfileFields({ form, idPrefix }: { form: UseFormReturn<ProfileInput>; idPrefix: string }) {
  const {
    register,
    formState: { errors },
  } = form;
  const examples = useClinicPlaceExamples();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Nombres" htmlFor={`${idPrefix}-nombres`} error={errors.nombres?.message} required>
          <Input autoComplete="given-name" {...register('nombres')} />
        </FormField>
        <FormField label="Apellidos" htmlFor={`${idPrefix}-apellidos`} error={errors.apellidos?.message} required>
          <Input autoComplete="family-name" {...register('apellidos')} />
        </FormField>
      </div>
      <FormField label="Número de teléfono" htmlFor={`${idPrefix}-telefono`} error={errors.telefono?.message} required>
        <Input
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={examples.telefono}
          {...register('telefono')}
        />
      </FormField>
    </>
  );
}
