import { PUBLIC_PROFILE_LIMITS, type PublicProfileInput } from '@odontia/shared';
import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** 'Servicios': free texts added one at a time (Enter or 'Añadir'), each removable. */
export function ServicesField({ form, disabled }: { form: UseFormReturn<PublicProfileInput>; disabled: boolean }) {
  const [nuevo, setNuevo] = useState('');
  const id = useId();
  return (
    <Controller
      control={form.control}
      name="servicios"
      render={({ field, fieldState }) => {
        const add = () => {
          const value = nuevo.trim();
          if (!value || field.value.includes(value) || field.value.length >= PUBLIC_PROFILE_LIMITS.servicios) return;
          field.onChange([...field.value, value]);
          setNuevo('');
        };
        const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        };
        return (
          <div className="grid gap-2">
            <Label htmlFor={id}>Servicios</Label>
            <div className="flex gap-2">
              <Input
                id={id}
                value={nuevo}
                onChange={(e) => setNuevo(e.target.value)}
                onKeyDown={onKeyDown}
                placeholder="Por ejemplo: Limpieza dental"
                maxLength={PUBLIC_PROFILE_LIMITS.servicio}
                disabled={disabled}
              />
              <Button type="button" variant="outline" onClick={add} disabled={disabled || !nuevo.trim()}>
                <Plus aria-hidden="true" />
                Añadir
              </Button>
            </div>
            {field.value.length ? (
              <ul className="flex flex-wrap gap-2" aria-label="Servicios añadidos">
                {field.value.map((servicio) => (
                  <li
                    key={servicio}
                    className="inline-flex items-center gap-1 rounded-md bg-secondary py-1 pr-1 pl-2.5 text-sm text-secondary-foreground"
                  >
                    {servicio}
                    <button
                      type="button"
                      className="rounded p-0.5 hover:bg-background/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      onClick={() => field.onChange(field.value.filter((s) => s !== servicio))}
                      disabled={disabled}
                      aria-label={`Quitar ${servicio}`}
                    >
                      <X className="size-3.5" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Añade los tratamientos que ofreces.</p>
            )}
            {fieldState.error?.message ? (
              <p role="alert" className="text-sm text-destructive">
                {fieldState.error.message}
              </p>
            ) : null}
          </div>
        );
      }}
    />
  );
}
