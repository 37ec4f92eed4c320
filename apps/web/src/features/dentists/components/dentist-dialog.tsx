import { zodResolver } from '@hookform/resolvers/zod';
import {
  DENTIST_COLORS,
  DENTIST_MESSAGES,
  ESPECIALIDADES,
  updateDentistSchema,
  type Dentist,
  type UpdateDentistData,
  type UpdateDentistInput,
} from '@odontia/shared';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { showSubmitError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCreateDentist, useDentistMembers, useUpdateDentist } from '../api/dentists';

const FIELDS = ['nombres', 'apellidos', 'especialidad', 'color', 'activo', 'usuarioId'] as const;
/** The select's value for "no linked member" (Radix Select has no empty value). */
const NO_MEMBER = 'ninguno';

/** Create (dentist null) or edit a dentist: name, specialty, a colour of the palette, activo, the linked member. */
export function DentistDialog({
  dentist,
  suggestedColor,
  onClose,
}: {
  dentist: Dentist | null;
  suggestedColor: string;
  onClose: () => void;
}) {
  const create = useCreateDentist();
  const update = useUpdateDentist();
  const members = useDentistMembers();
  const form = useForm<UpdateDentistInput, unknown, UpdateDentistData>({
    defaultValues: dentist
      ? {
          nombres: dentist.nombres,
          apellidos: dentist.apellidos,
          especialidad: dentist.especialidad,
          color: dentist.color,
          activo: dentist.activo,
          usuarioId: dentist.usuarioId ?? '',
        }
      : // No especialidad yet: the select shows its placeholder.
        { nombres: '', apellidos: '', color: suggestedColor, activo: true, usuarioId: '' },
    resolver: zodResolver(updateDentistSchema),
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    try {
      if (dentist) {
        await update.mutateAsync({ id: dentist.id, input: values });
        toast.success(DENTIST_MESSAGES.updated);
      } else {
        const { activo: _activo, ...input } = values;
        await create.mutateAsync(input);
        toast.success(DENTIST_MESSAGES.created);
      }
      onClose();
    } catch (error) {
      showSubmitError(error, setError, FIELDS, { title: DENTIST_MESSAGES.saveError, fallback: 'Inténtalo de nuevo.' });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !formState.isSubmitting && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{dentist ? 'Editar Dentista' : 'Nuevo Dentista'}</DialogTitle>
          <DialogDescription>Los dentistas activos pueden recibir citas.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField label="Nombres" required error={errors.nombres?.message}>
            <Input {...register('nombres')} />
          </FormField>
          <FormField label="Apellidos" required error={errors.apellidos?.message}>
            <Input {...register('apellidos')} />
          </FormField>
          <Controller
            control={control}
            name="especialidad"
            render={({ field }) => (
              <FormField label="Especialidad" required error={errors.especialidad?.message}>
                {(wiring) => (
                  <Select value={field.value ?? ''} onValueChange={field.onChange}>
                    <SelectTrigger {...wiring} className="w-full">
                      <SelectValue placeholder="Elige una especialidad" />
                    </SelectTrigger>
                    <SelectContent>
                      {ESPECIALIDADES.map((e) => (
                        <SelectItem key={e.id} value={e.id}>
                          {e.nombre}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
            )}
          />
          <Controller
            control={control}
            name="color"
            render={({ field }) => (
              <fieldset>
                <legend className="mb-2 text-sm font-medium">Color</legend>
                <div role="radiogroup" aria-label="Color" className="flex flex-wrap gap-2">
                  {DENTIST_COLORS.map((c) => (
                    <button
                      key={c.value}
                      type="button"
                      role="radio"
                      aria-checked={field.value === c.value}
                      aria-label={c.nombre}
                      title={c.nombre}
                      className={cn(
                        'size-8 rounded-full ring-offset-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                        field.value === c.value && 'ring-2 ring-foreground',
                      )}
                      style={{ backgroundColor: c.value }}
                      onClick={() => field.onChange(c.value)}
                    />
                  ))}
                </div>
                {errors.color?.message ? <p className="mt-1 text-sm text-destructive">{errors.color.message}</p> : null}
              </fieldset>
            )}
          />
          <Controller
            control={control}
            name="usuarioId"
            render={({ field }) => (
              <FormField
                label="Usuario del equipo"
                error={errors.usuarioId?.message}
                description="Un miembro con rol dentista: recibe avisos de sus citas."
              >
                {(wiring) => (
                  <Select
                    value={field.value || NO_MEMBER}
                    onValueChange={(v) => field.onChange(v === NO_MEMBER ? '' : v)}
                  >
                    <SelectTrigger {...wiring} className="w-full">
                      <SelectValue placeholder={members.isPending ? 'Cargando usuarios...' : undefined} />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NO_MEMBER}>Sin vincular</SelectItem>
                      {dentist?.usuarioId && !members.data?.some((m) => m.id === dentist.usuarioId) ? (
                        <SelectItem value={dentist.usuarioId}>
                          {dentist.usuarioNombre ?? 'Usuario vinculado'}
                        </SelectItem>
                      ) : null}
                      {(members.data ?? []).map((m) => (
                        <SelectItem key={m.id} value={m.id}>
                          {m.nombres} ({m.email})
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
            )}
          />
          {dentist ? (
            <Controller
              control={control}
              name="activo"
              render={({ field }) => (
                <div className="flex items-center gap-2">
                  <Switch id="dentista-activo" checked={field.value} onCheckedChange={field.onChange} />
                  <Label htmlFor="dentista-activo">Activo</Label>
                </div>
              )}
            />
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={formState.isSubmitting}>
              Cancelar
            </Button>
            <SubmitButton pending={formState.isSubmitting} pendingLabel="Guardando...">
              {dentist ? 'Guardar cambios' : 'Crear Dentista'}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
