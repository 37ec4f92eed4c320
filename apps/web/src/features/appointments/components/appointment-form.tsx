import { zodResolver } from '@hookform/resolvers/zod';
import {
  APPOINTMENT_MESSAGES,
  createAppointmentSchema,
  ESTADO_CITA_LABELS,
  ESTADOS_CITA,
  updateAppointmentSchema,
  type AppointmentData,
  type AppointmentInput,
  type UpdateAppointmentData,
  type UpdateAppointmentInput,
} from '@odontia/shared';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { setServerFieldErrors, toastFailure } from '@/lib/form-errors';
import { useCan } from '@/lib/session';
import { useActiveDentists, useServiceLengths, type Dentist } from '../api/appointments';
import { OutsideHoursNotice } from './outside-hours-notice';
import { PatientPicker, type PickedPatient } from '@/components/patient-picker';

/**
 * What the inputs hold: the shared schemas' input, which they turn into the API's shape. One type for
 * both modes: creating's fields (the patient may stay empty when answering a public-profile request,
 * `solicitudId`), plus editing's estado, which a new appointment leaves out; each schema's input fits it.
 */
export type AppointmentFormValues = AppointmentInput & Partial<Pick<UpdateAppointmentInput, 'estado'>>;

const FIELDS = ['pacienteId', 'dentistaId', 'fecha', 'horaInicio', 'horaFin', 'titulo', 'notas', 'estado'] as const;

export const EMPTY_APPOINTMENT: AppointmentFormValues = {
  pacienteId: '',
  dentistaId: '',
  fecha: '',
  horaInicio: '',
  horaFin: '',
  titulo: '',
  notas: '',
  estado: 'pendiente',
  solicitudId: '',
};

type Mode =
  | { mode: 'create'; onSubmit: (values: AppointmentData) => Promise<unknown> }
  | { mode: 'edit'; onSubmit: (values: UpdateAppointmentData) => Promise<unknown> };

type Common = {
  defaultValues: AppointmentFormValues;
  /** The patient already chosen (edit, or a prefilled link): shown in the picker. */
  patient?: PickedPatient | null;
  /** The dentist of an edited appointment, listed even when no longer active. */
  currentDentist?: Pick<Dentist, 'id' | 'nombres' | 'apellidos' | 'color'> | null;
  /** Extra actions beside the submit button (the edit form's Eliminar). */
  actions?: React.ReactNode;
  /** Where 'Cancelar' goes: the agenda the form was opened from, else the Lista. */
  cancelTo?: string;
};

type Props = Mode & Common;

/**
 * The appointment form of /citas/nueva and /citas/{id}. A double booking (409) is shown under the
 * times with the conflicting appointment's hours, and every typed value stays.
 */
export function AppointmentForm(props: Props) {
  // Each mode's schema parses into what its onSubmit takes: passed together, their types agree.
  return props.mode === 'create' ? (
    <AppointmentFormFields
      {...props}
      resolver={zodResolver<AppointmentFormValues, unknown, AppointmentData>(createAppointmentSchema)}
    />
  ) : (
    <AppointmentFormFields
      {...props}
      resolver={zodResolver<AppointmentFormValues, unknown, UpdateAppointmentData>(updateAppointmentSchema)}
    />
  );
}

function AppointmentFormFields<Data>({
  mode,
  defaultValues,
  patient = null,
  currentDentist = null,
  actions,
  cancelTo = '/citas',
  resolver,
  onSubmit,
}: Common & {
  mode: Props['mode'];
  resolver: Resolver<AppointmentFormValues, unknown, Data>;
  onSubmit: (values: Data) => Promise<unknown>;
}) {
  const form = useForm<AppointmentFormValues, unknown, Data>({ defaultValues, resolver });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const dentists = useActiveDentists();
  // The server's overlap, for the dentist and times it was about: shown until one of them changes.
  const [conflict, setConflict] = useState<{ message: string; when: string } | null>(null);
  const when = useWatch({ control, name: ['dentistaId', 'fecha', 'horaInicio', 'horaFin'] }).join(' ');
  const services = useServiceLengths(useCan('productos.ver')).data ?? [];
  // The end time the form set itself (a new appointment's end from its slot, or a service's length):
  // it follows the start and the service until the user types another one.
  const autoEnd = useRef<string | null>(mode === 'create' ? defaultValues.horaFin || null : null);
  const [titulo, horaInicio] = useWatch({ control, name: ['titulo', 'horaInicio'] });
  const fillEnd = (next: { titulo?: string; horaInicio?: string }) => {
    const service = services.find((s) => s.nombre === (next.titulo ?? titulo).trim());
    const end = service?.duracionMinutos ? addMinutes(next.horaInicio ?? horaInicio, service.duracionMinutos) : null;
    const current = form.getValues('horaFin');
    if (end && (!current || current === autoEnd.current)) {
      form.setValue('horaFin', end, { shouldValidate: formState.isSubmitted });
      autoEnd.current = end;
    }
  };
  const startField = register('horaInicio');
  const titleField = register('titulo');

  const options = dentists.data ?? [];
  const dentistOptions =
    currentDentist && !options.some((d) => d.id === currentDentist.id) ? [currentDentist, ...options] : options;

  const submit = handleSubmit(async (values) => {
    setConflict(null);
    try {
      // The resolver has already parsed the values with the shared schema.
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict({
          message: error.message || APPOINTMENT_MESSAGES.overlap,
          when: form.getValues(['dentistaId', 'fecha', 'horaInicio', 'horaFin']).join(' '),
        });
        return;
      }
      if (setServerFieldErrors(error, setError, FIELDS)) return;
      toastFailure(error, {
        title: APPOINTMENT_MESSAGES.errorTitle,
        fallback: mode === 'create' ? APPOINTMENT_MESSAGES.createError : APPOINTMENT_MESSAGES.updateError,
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Nueva Cita' : 'Editar Cita'}>
      <Card>
        <CardContent>
          <fieldset disabled={formState.isSubmitting} className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={control}
              name="pacienteId"
              render={({ field }) => (
                <FormField label="Paciente" required error={errors.pacienteId?.message} className="sm:col-span-2">
                  {(wiring) => (
                    <PatientPicker {...wiring} value={field.value ?? ''} initial={patient} onChange={field.onChange} />
                  )}
                </FormField>
              )}
            />
            <Controller
              control={control}
              name="dentistaId"
              render={({ field }) => (
                <FormField label="Dentista" required error={errors.dentistaId?.message} className="sm:col-span-2">
                  {(wiring) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger {...wiring} className="w-full">
                        <SelectValue placeholder={dentists.isPending ? 'Cargando dentistas...' : 'Elige un dentista'} />
                      </SelectTrigger>
                      <SelectContent>
                        {dentistOptions.map((d) => (
                          <SelectItem key={d.id} value={d.id}>
                            <span
                              className="size-2.5 rounded-full"
                              style={{ backgroundColor: d.color }}
                              aria-hidden="true"
                            />
                            {d.nombres} {d.apellidos}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </FormField>
              )}
            />
            <FormField label="Fecha" required error={errors.fecha?.message}>
              <Input type="date" {...register('fecha')} />
            </FormField>
            <div className="grid grid-cols-2 gap-4">
              <FormField label="Hora de inicio" required error={errors.horaInicio?.message}>
                <Input
                  type="time"
                  step={60}
                  {...startField}
                  onChange={(e) => {
                    void startField.onChange(e);
                    fillEnd({ horaInicio: e.target.value });
                  }}
                />
              </FormField>
              <FormField label="Hora de fin" required error={errors.horaFin?.message}>
                <Input type="time" step={60} {...register('horaFin')} />
              </FormField>
            </div>
            <OutsideHoursNotice control={control} />
            {conflict && conflict.when === when ? (
              <p
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive sm:col-span-2"
              >
                {conflict.message}
              </p>
            ) : null}
            <FormField
              label="Tratamiento"
              required
              error={errors.titulo?.message}
              description={
                services.length ? 'Un servicio del catálogo pone la hora de fin según su duración' : undefined
              }
              className="sm:col-span-2"
            >
              <Input
                {...titleField}
                list={services.length ? 'cita-servicios' : undefined}
                autoComplete="off"
                placeholder="Limpieza, revisión, endodoncia..."
                onChange={(e) => {
                  void titleField.onChange(e);
                  fillEnd({ titulo: e.target.value });
                }}
              />
            </FormField>
            {services.length ? (
              <datalist id="cita-servicios">
                {services.map((s) => (
                  <option key={s.id} value={s.nombre}>
                    {s.duracionMinutos ? `${s.duracionMinutos} min` : undefined}
                  </option>
                ))}
              </datalist>
            ) : null}
            {mode === 'edit' ? (
              <Controller
                control={control}
                name="estado"
                render={({ field }) => (
                  <FormField label="Estado" required error={errors.estado?.message}>
                    {(wiring) => (
                      <Select value={field.value} onValueChange={field.onChange}>
                        <SelectTrigger {...wiring} className="w-full">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {ESTADOS_CITA.map((e) => (
                            <SelectItem key={e} value={e}>
                              {ESTADO_CITA_LABELS[e]}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  </FormField>
                )}
              />
            ) : null}
            <FormField label="Notas" error={errors.notas?.message} className="sm:col-span-2">
              <Textarea rows={3} {...register('notas')} />
            </FormField>
          </fieldset>
        </CardContent>
        <CardFooter className="flex flex-wrap justify-between gap-2">
          <div>{actions}</div>
          <div className="flex gap-2">
            <Button variant="outline" asChild>
              <Link to={cancelTo}>Cancelar</Link>
            </Button>
            <SubmitButton pending={formState.isSubmitting} pendingLabel="Guardando...">
              {mode === 'create' ? 'Crear Cita' : 'Guardar cambios'}
            </SubmitButton>
          </div>
        </CardFooter>
      </Card>
    </form>
  );
}

/** 'HH:MM' plus some minutes, or null when it would pass midnight (or the time is not one). */
function addMinutes(time: string, minutes: number): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const total = Number(match[1]) * 60 + Number(match[2]) + minutes;
  if (total >= 24 * 60) return null;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
