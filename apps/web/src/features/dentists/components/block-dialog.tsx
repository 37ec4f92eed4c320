import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOKING_MESSAGES,
  blockSchema,
  TIPO_BLOQUEO_LABELS,
  TIPOS_BLOQUEO,
  type BlockData,
  type BlockInput,
} from '@odontia/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
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
import { showSubmitError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCreateBlock } from '../api/blocks';

const FIELDS = ['dentistaId', 'desde', 'hasta', 'horaDesde', 'horaHasta', 'tipo', 'motivo'] as const;
/** The select's value for a block of the whole clinic (Radix Select has no empty value). */
const WHOLE_CLINIC = 'clinica';
/** The times a block of part of a day starts with, once 'Todo el día' is unticked. */
const PART_OF_DAY = { horaDesde: '09:00', horaHasta: '14:00' } as const;

/**
 * 'Nuevo bloqueo': who (a dentist or 'Toda la clínica'), from which day to which, all day or between two
 * times (on the clinic's clock), its type and reason. The shared schema checks it here and on the server.
 */
export function BlockDialog({
  dentists,
  today,
  onClose,
}: {
  dentists: { id: string; nombre: string }[];
  today: string;
  onClose: () => void;
}) {
  const create = useCreateBlock();
  const [allDay, setAllDay] = useState(true);
  const form = useForm<BlockInput, unknown, BlockData>({
    defaultValues: {
      dentistaId: null,
      desde: today,
      hasta: today,
      horaDesde: null,
      horaHasta: null,
      tipo: 'vacaciones',
      motivo: '',
    },
    resolver: zodResolver(blockSchema),
  });
  const { register, control, handleSubmit, setError, setValue, getValues, formState } = form;
  const errors = formState.errors;

  const toggleAllDay = (checked: boolean) => {
    setAllDay(checked);
    setValue('horaDesde', checked ? null : PART_OF_DAY.horaDesde);
    setValue('horaHasta', checked ? null : PART_OF_DAY.horaHasta);
  };

  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(BOOKING_MESSAGES.blockCreated);
      onClose();
    } catch (error) {
      showSubmitError(error, setError, FIELDS, { title: BOOKING_MESSAGES.blockError, fallback: 'Inténtalo de nuevo.' });
    }
  });

  const timeField = (name: 'horaDesde' | 'horaHasta', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField label={label} error={errors[name]?.message}>
          <Input
            type="time"
            step={60}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value || null)}
          />
        </FormField>
      )}
    />
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !formState.isSubmitting && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Nuevo bloqueo</DialogTitle>
          <DialogDescription>
            Tiempo en que no se atiende: la agenda lo muestra cerrado y no lo ofrece para citas.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Controller
            control={control}
            name="dentistaId"
            render={({ field }) => (
              <FormField label="Quién" error={errors.dentistaId?.message}>
                {(wiring) => (
                  <Select
                    value={field.value ?? WHOLE_CLINIC}
                    onValueChange={(v) => field.onChange(v === WHOLE_CLINIC ? null : v)}
                  >
                    <SelectTrigger {...wiring} className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={WHOLE_CLINIC}>Toda la clínica</SelectItem>
                      {dentists.map((d) => (
                        <SelectItem key={d.id} value={d.id}>
                          {d.nombre}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
            )}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Desde" required error={errors.desde?.message}>
              <Input
                type="date"
                {...register('desde', {
                  // A later start drags the end along: a one-day block stays one day.
                  onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                    if (e.target.value && getValues('hasta') < e.target.value) setValue('hasta', e.target.value);
                  },
                })}
              />
            </FormField>
            <FormField label="Hasta" required error={errors.hasta?.message}>
              <Input type="date" {...register('hasta')} />
            </FormField>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id="bloqueo-todo-el-dia" checked={allDay} onCheckedChange={(v) => toggleAllDay(v === true)} />
            <Label htmlFor="bloqueo-todo-el-dia">Todo el día</Label>
          </div>
          {allDay ? null : (
            <div className="grid gap-4 sm:grid-cols-2">
              {timeField('horaDesde', 'Hora de inicio')}
              {timeField('horaHasta', 'Hora de fin')}
            </div>
          )}
          <Controller
            control={control}
            name="tipo"
            render={({ field }) => (
              <FormField label="Tipo" required error={errors.tipo?.message}>
                {(wiring) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger {...wiring} className="w-full">
                      <SelectValue placeholder="Elige un tipo" />
                    </SelectTrigger>
                    <SelectContent>
                      {TIPOS_BLOQUEO.map((t) => (
                        <SelectItem key={t} value={t}>
                          {TIPO_BLOQUEO_LABELS[t]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
            )}
          />
          <FormField label="Motivo" error={errors.motivo?.message}>
            <Input maxLength={200} placeholder="Opcional" {...register('motivo')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={formState.isSubmitting}>
              Cancelar
            </Button>
            <SubmitButton pending={formState.isSubmitting} pendingLabel="Guardando...">
              Crear bloqueo
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
