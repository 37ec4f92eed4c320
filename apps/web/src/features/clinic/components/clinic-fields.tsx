import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { Clinic } from '../api/get-clinic';

export type ClinicFormValues = { nombre: string; telefono: string; pais: string; ciudad: string; direccion: string };
export type ClinicField = keyof ClinicFormValues;

export const clinicToForm = (clinica: Clinic | null | undefined): ClinicFormValues => ({
  nombre: clinica?.nombre ?? '',
  telefono: clinica?.telefono ?? '',
  pais: clinica?.pais ?? '',
  ciudad: clinica?.ciudad ?? '',
  direccion: clinica?.direccion ?? '',
});

const FIELD_PROPS: Record<ClinicField, { label: string; autoComplete: string; placeholder?: string; type?: string }> = {
  nombre: { label: 'Nombre de la clínica', autoComplete: 'organization', placeholder: 'Clínica Dental Sonrisa' },
  telefono: { label: 'Teléfono de contacto', autoComplete: 'tel', placeholder: '910 123 456', type: 'tel' },
  pais: { label: 'País', autoComplete: 'country-name', placeholder: 'España' },
  ciudad: { label: 'Ciudad', autoComplete: 'address-level2', placeholder: 'Madrid' },
  direccion: { label: 'Dirección', autoComplete: 'street-address', placeholder: 'Calle Mayor 1' },
};

/**
 * The clinic's fields, in the order a screen lists them, for a form of any of the clinic schemas
 * (onboarding, setup, settings); `required` marks those its schema requires.
 */
export function ClinicFields<T extends FieldValues>({
  form,
  fields,
  required,
  idPrefix,
  disabled = false,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and output type
  form: UseFormReturn<T, any, any>;
  fields: readonly (ClinicField & Path<T>)[];
  required: readonly ClinicField[];
  idPrefix: string;
  disabled?: boolean;
}) {
  const errors = form.formState.errors as Partial<Record<ClinicField, { message?: string }>>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((name) => {
        const { label, ...inputProps } = FIELD_PROPS[name];
        return (
          <FormField
            key={name}
            label={label}
            htmlFor={`${idPrefix}-${name}`}
            error={errors[name]?.message}
            required={required.includes(name)}
            className={name === 'pais' || name === 'ciudad' ? undefined : 'sm:col-span-2'}
          >
            <Input {...inputProps} disabled={disabled} {...form.register(name)} />
          </FormField>
        );
      })}
    </div>
  );
}
