import { PUBLIC_PROFILE_LIMITS, type PublicProfileInput } from '@odontia/shared';
import { Trash2 } from 'lucide-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { AddRowButton } from './add-row-button';

/** 'Horario': rows of days and hours, as the clinic writes them. */
export function HoursField({ form, disabled }: { form: UseFormReturn<PublicProfileInput>; disabled: boolean }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'horario' });
  const errors = form.formState.errors.horario;
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">Horario</legend>
      {fields.map((row, i) => (
        <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
          <FormField label={`Días (fila ${i + 1})`} error={errors?.[i]?.dias?.message} className="[&>label]:sr-only">
            <Input
              placeholder="Lunes a viernes"
              maxLength={PUBLIC_PROFILE_LIMITS.horarioTexto}
              disabled={disabled}
              {...form.register(`horario.${i}.dias`)}
            />
          </FormField>
          <FormField label={`Horas (fila ${i + 1})`} error={errors?.[i]?.horas?.message} className="[&>label]:sr-only">
            <Input
              placeholder="09:00 - 20:00"
              maxLength={PUBLIC_PROFILE_LIMITS.horarioTexto}
              disabled={disabled}
              {...form.register(`horario.${i}.horas`)}
            />
          </FormField>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => remove(i)}
            disabled={disabled}
            aria-label={`Quitar la fila ${i + 1} del horario`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <AddRowButton
        onClick={() => append({ dias: '', horas: '' })}
        disabled={disabled || fields.length >= PUBLIC_PROFILE_LIMITS.horario}
      >
        Añadir fila
      </AddRowButton>
    </fieldset>
  );
}
