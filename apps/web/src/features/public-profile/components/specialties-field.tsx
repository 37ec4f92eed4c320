import { ESPECIALIDADES, type PublicProfileInput } from '@odontia/shared';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/** 'Especialidades': one checkbox each, the specification's eight (staff code: the public pages read them from the API). */
export function SpecialtiesField({ form, disabled }: { form: UseFormReturn<PublicProfileInput>; disabled: boolean }) {
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">Especialidades</legend>
      <Controller
        control={form.control}
        name="especialidades"
        render={({ field }) => (
          <div className="grid gap-2 sm:grid-cols-2">
            {ESPECIALIDADES.map((e) => {
              const checked = (field.value as string[]).includes(e.id);
              const id = `especialidad-${e.id}`;
              return (
                <div key={e.id} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={checked}
                    disabled={disabled}
                    onCheckedChange={(next) =>
                      field.onChange(
                        next
                          ? [...field.value, e.id as (typeof field.value)[number]]
                          : field.value.filter((v) => v !== e.id),
                      )
                    }
                  />
                  <Label htmlFor={id} className="font-normal">
                    {e.nombre}
                  </Label>
                </div>
              );
            })}
          </div>
        )}
      />
    </fieldset>
  );
}
