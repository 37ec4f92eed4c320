import type { ProfileInput } from '@odontia/shared';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** Nombres, Apellidos and Número de teléfono, shared by the onboarding step and 'Mi Perfil'. */
export function ProfileFields({ form, idPrefix }: { form: UseFormReturn<ProfileInput>; idPrefix: string }) {
  const {
    register,
    formState: { errors },
  } = form;
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
        <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="600 123 456" {...register('telefono')} />
      </FormField>
    </>
  );
}
