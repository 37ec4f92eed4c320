import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOKING_MESSAGES,
  DIA_SEMANA_LABELS,
  DIAS_SEMANA,
  workingHoursSchema,
  type IsoWeekday,
  type WorkingHours,
  type WorkingRange,
} from '@odontia/shared';
import { Copy, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { showSubmitError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSaveWorkingHours } from '../api/working-hours';

/** Monday to Friday: the days the 'copy Monday' helper fills. */
const WORKDAYS: readonly IsoWeekday[] = [2, 3, 4, 5];

const pad = (n: number) => String(n).padStart(2, '0');
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * A new range for a day: the morning when the day has none, else the afternoon after its last range
 * (an hour later, four hours long, within the day). The person adjusts it; overlaps are refused anyway.
 */
export function nextRange(day: readonly WorkingRange[]): { horaInicio: string; horaFin: string } {
  if (day.length === 0) return { horaInicio: '09:00', horaFin: '14:00' };
  const lastEnd = Math.max(...day.map((r) => toMinutes(r.horaFin)));
  const start = Math.min(lastEnd + 60, 22 * 60);
  return { horaInicio: toTime(start), horaFin: toTime(Math.min(start + 4 * 60, 23 * 60 + 59)) };
}

/**
 * The week of one dentist: for each day, its ranges 'De HH:MM a HH:MM' (none: not working that day),
 * added and removed one by one, or Monday copied to the other working days. One save replaces the
 * whole week; the shared schema's messages (a range that ends before it starts, two that overlap)
 * show under the field, from the form or from the server.
 */
export function WorkingHoursForm({
  dentistaId,
  dentistName,
  initial,
}: {
  dentistaId: string;
  dentistName: string;
  initial: WorkingHours;
}) {
  const save = useSaveWorkingHours(dentistaId);
  const form = useForm<WorkingHours>({ defaultValues: initial, resolver: zodResolver(workingHoursSchema) });
  const { control, register, handleSubmit, setError, formState, getValues, reset } = form;
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'rangos' });
  const errors = formState.errors.rangos;

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(saved);
      toast.success(BOOKING_MESSAGES.hoursSaved);
    } catch (error) {
      // The server names the range by its place in what was sent: the form's own order.
      const paths = values.rangos.flatMap((_, i) => [
        `rangos.${i}.horaInicio` as Path<WorkingHours>,
        `rangos.${i}.horaFin` as Path<WorkingHours>,
      ]);
      showSubmitError(error, setError, paths, { title: BOOKING_MESSAGES.hoursError, fallback: 'Inténtalo de nuevo.' });
    }
  });

  const mondayCount = fields.filter((f) => f.diaSemana === 1).length;
  const copyMonday = () => {
    const current = getValues('rangos');
    const monday = current.filter((r) => r.diaSemana === 1);
    replace([
      ...current.filter((r) => !WORKDAYS.includes(r.diaSemana)),
      ...WORKDAYS.flatMap((diaSemana) => monday.map((r) => ({ ...r, diaSemana }))),
    ]);
    toast.info('Lunes copiado', 'Revisa los días y guarda el horario.');
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Un día sin tramos es un día que {dentistName} no atiende. Fuera de sus tramos, la agenda muestra el tiempo
          como cerrado.
        </p>
        <Button type="button" variant="outline" size="sm" onClick={copyMonday} disabled={mondayCount === 0}>
          <Copy aria-hidden="true" />
          Copiar el lunes a todos los días laborables
        </Button>
      </div>
      <ul className="grid gap-3">
        {DIAS_SEMANA.map((dia) => {
          const label = DIA_SEMANA_LABELS[dia];
          const day = fields.map((f, index) => ({ f, index })).filter(({ f }) => f.diaSemana === dia);
          return (
            <li key={dia} className="rounded-lg border p-3">
              <fieldset className="grid gap-2">
                <legend className="font-medium">{label}</legend>
                {day.length === 0 ? <p className="text-sm text-muted-foreground">No trabaja</p> : null}
                {day.map(({ f, index }, n) => {
                  const where = `${label.toLowerCase()}, tramo ${n + 1}`;
                  return (
                    <div key={f.id} className="flex flex-wrap items-start gap-2 sm:flex-nowrap">
                      <FormField
                        label={
                          <>
                            De<span className="sr-only"> ({where})</span>
                          </>
                        }
                        error={errors?.[index]?.horaInicio?.message}
                        className="flex-1 grid-cols-[2rem_1fr] items-center gap-x-2 [&>[data-slot=form-field-error]]:col-span-2"
                      >
                        <Input type="time" step={60} className="min-w-28" {...register(`rangos.${index}.horaInicio`)} />
                      </FormField>
                      <FormField
                        label={
                          <>
                            a<span className="sr-only"> ({where})</span>
                          </>
                        }
                        error={errors?.[index]?.horaFin?.message}
                        className="flex-1 grid-cols-[2rem_1fr] items-center gap-x-2 [&>[data-slot=form-field-error]]:col-span-2"
                      >
                        <Input type="time" step={60} className="min-w-28" {...register(`rangos.${index}.horaFin`)} />
                      </FormField>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="text-destructive hover:text-destructive"
                        aria-label={`Quitar el tramo ${n + 1} del ${label.toLowerCase()}`}
                        onClick={() => remove(index)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  );
                })}
                <div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Añadir tramo al ${label.toLowerCase()}`}
                    onClick={() =>
                      append({ diaSemana: dia, ...nextRange(getValues('rangos').filter((r) => r.diaSemana === dia)) })
                    }
                  >
                    <Plus aria-hidden="true" />
                    Añadir tramo
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" asChild>
          <Link to="/dentistas">Volver</Link>
        </Button>
        <SubmitButton pending={formState.isSubmitting} pendingLabel="Guardando...">
          Guardar horario
        </SubmitButton>
      </div>
    </form>
  );
}
