import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPatientSchema,
  ESTADO_PACIENTE_LABELS,
  ESTADOS_PACIENTE,
  GENERO_LABELS,
  GENEROS,
  PATIENT_MESSAGES,
  updatePatientSchema,
  type CreatePatientData,
  type CreatePatientInput,
  type PatientConsent,
  type PatientConsents,
  type UpdatePatientData,
  type UpdatePatientInput,
} from '@odontia/shared';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { RemovableImageField, useImageChoice } from '@/components/removable-image-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useClinicPlaceExamples } from '@/lib/place-examples';
import { SubmitButton } from '@/components/ui/submit-button';
import { setServerFieldErrors } from '@/lib/form-errors';
import { useClinicDate } from '@/lib/use-clinic-today';
import type { ImageChange } from '@/lib/use-save-with-image';
import { cn, getInitials } from '@/lib/utils';

/**
 * What the inputs hold: the shared schemas' input (text as the browser gives it), which they turn into
 * the API's shape. One type for both modes: creating's fields, plus editing's own (estado, the visits),
 * which a new patient may leave out; each schema's input fits it.
 */
export type PatientFormValues = CreatePatientInput & Partial<UpdatePatientInput>;

const FIELDS = [
  'nombres',
  'apellidos',
  'fechaNacimiento',
  'genero',
  'telefono',
  'email',
  'direccion',
  'notas',
  'estado',
  'ultimaVisita',
  'proximaVisita',
  'consentimientoRecordatorios',
  'consentimientoComunicaciones',
] as const;

export const EMPTY_PATIENT: PatientFormValues = {
  nombres: '',
  apellidos: '',
  fechaNacimiento: '',
  genero: '',
  telefono: '',
  email: '',
  direccion: '',
  notas: '',
  estado: 'activo',
  ultimaVisita: '',
  proximaVisita: '',
  consentimientoRecordatorios: false,
  consentimientoComunicaciones: false,
};

type Mode =
  | { mode: 'create'; onSubmit: (values: CreatePatientData, photo: ImageChange) => Promise<void> }
  | { mode: 'edit'; onSubmit: (values: UpdatePatientData, photo: ImageChange) => Promise<void> };

type Common = {
  defaultValues?: PatientFormValues;
  currentPhotoUrl?: string | null;
  /** The consents as the record has them (editing): under each box still ticked, when and by whom. */
  consents?: PatientConsents;
  /** The clinic's calendar day (YYYY-MM-DD): the date rules and the pickers' limits use it. */
  today: string;
};

type PatientFormProps = Mode & Common;

/**
 * 'Nuevo Paciente' and 'Editar Paciente' (spec 000 §2): the same fields, plus estado, última and
 * próxima visita when editing. Validated with the shared schema the API uses; the server's
 * per-field messages land under the same fields.
 */
export function PatientForm(props: PatientFormProps) {
  // Each mode's schema parses into what its onSubmit takes: passed together, their types agree.
  return props.mode === 'edit' ? (
    <PatientFormFields
      {...props}
      resolver={zodResolver<PatientFormValues, unknown, UpdatePatientData>(updatePatientSchema(props.today))}
    />
  ) : (
    <PatientFormFields
      {...props}
      resolver={zodResolver<PatientFormValues, unknown, CreatePatientData>(createPatientSchema(props.today))}
    />
  );
}

function PatientFormFields<Data>({
  mode,
  today,
  currentPhotoUrl,
  consents,
  defaultValues,
  resolver,
  onSubmit: save,
}: Common & {
  mode: PatientFormProps['mode'];
  resolver: Resolver<PatientFormValues, unknown, Data>;
  onSubmit: (values: Data, photo: ImageChange) => Promise<void>;
}) {
  const form = useForm<PatientFormValues, unknown, Data>({
    resolver,
    defaultValues: defaultValues ?? EMPTY_PATIENT,
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const photo = useImageChoice(currentPhotoUrl);
  const examples = useClinicPlaceExamples();
  const disabled = isSubmitting;
  const editing = mode === 'edit';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save(values, photo.change);
    } catch (error) {
      // The page shows the toast; per-field messages from the server go under their fields.
      setServerFieldErrors(error, form.setError, FIELDS);
    }
  });

  const [nombres, apellidos] = useWatch({ control, name: ['nombres', 'apellidos'] });
  const fullName = `${nombres} ${apellidos}`.trim();
  const title = editing ? 'Datos del paciente' : 'Información del paciente';

  return (
    <Card>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={editing ? 'Editar Paciente' : 'Nuevo Paciente'}
        className="grid gap-6"
      >
        <CardHeader>
          <CardTitle>
            <h2>{title}</h2>
          </CardTitle>
          <CardDescription>Los campos marcados con * son obligatorios.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <RemovableImageField
            choice={photo}
            label="Foto del paciente"
            noun="foto"
            shape="circle"
            fallback={fullName ? <span className="text-lg font-medium">{getInitials(fullName)}</span> : undefined}
            disabled={disabled}
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Nombres" htmlFor="paciente-nombres" error={errors.nombres?.message} required>
              <Input autoComplete="off" disabled={disabled} {...register('nombres')} />
            </FormField>
            <FormField label="Apellidos" htmlFor="paciente-apellidos" error={errors.apellidos?.message} required>
              <Input autoComplete="off" disabled={disabled} {...register('apellidos')} />
            </FormField>
            <FormField
              label="Fecha de nacimiento"
              htmlFor="paciente-fecha-nacimiento"
              error={errors.fechaNacimiento?.message}
            >
              <Input type="date" max={today} disabled={disabled} {...register('fechaNacimiento')} />
            </FormField>
            <Controller
              control={control}
              name="genero"
              render={({ field }) => (
                <FormField label="Género" htmlFor="paciente-genero" error={errors.genero?.message}>
                  {(wiring) => (
                    <Select value={field.value || undefined} onValueChange={field.onChange} disabled={disabled}>
                      <SelectTrigger {...wiring} ref={field.ref} onBlur={field.onBlur} className="w-full">
                        <SelectValue placeholder="Selecciona el género" />
                      </SelectTrigger>
                      <SelectContent>
                        {GENEROS.map((g) => (
                          <SelectItem key={g} value={g}>
                            {GENERO_LABELS[g]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </FormField>
              )}
            />
            <FormField label="Teléfono" htmlFor="paciente-telefono" error={errors.telefono?.message}>
              <Input
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder={examples.telefono}
                disabled={disabled}
                {...register('telefono')}
              />
            </FormField>
            <FormField label="Email" htmlFor="paciente-email" error={errors.email?.message}>
              <Input
                type="email"
                autoComplete="off"
                placeholder={examples.email}
                disabled={disabled}
                {...register('email')}
              />
            </FormField>
          </div>
          <FormField label="Dirección" htmlFor="paciente-direccion" error={errors.direccion?.message}>
            <Input autoComplete="off" disabled={disabled} {...register('direccion')} />
          </FormField>
          <FormField label="Notas" htmlFor="paciente-notas" error={errors.notas?.message}>
            <Textarea
              rows={4}
              placeholder="Alergias, medicación, preferencias..."
              disabled={disabled}
              {...register('notas')}
            />
          </FormField>

          {editing ? (
            <div className="grid gap-4 sm:grid-cols-3">
              <Controller
                control={control}
                name="estado"
                render={({ field }) => (
                  <FormField label="Estado" htmlFor="paciente-estado" error={errors.estado?.message} required>
                    {(wiring) => (
                      <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
                        <SelectTrigger {...wiring} ref={field.ref} onBlur={field.onBlur} className="w-full">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {ESTADOS_PACIENTE.map((e) => (
                            <SelectItem key={e} value={e}>
                              {ESTADO_PACIENTE_LABELS[e]}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  </FormField>
                )}
              />
              <FormField label="Última visita" htmlFor="paciente-ultima-visita" error={errors.ultimaVisita?.message}>
                <Input type="date" max={today} disabled={disabled} {...register('ultimaVisita')} />
              </FormField>
              <FormField label="Próxima visita" htmlFor="paciente-proxima-visita" error={errors.proximaVisita?.message}>
                <Input type="date" min={today} disabled={disabled} {...register('proximaVisita')} />
              </FormField>
            </div>
          ) : null}

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Comunicaciones</legend>
            <ConsentCheckbox
              control={control}
              name="consentimientoRecordatorios"
              id="paciente-consentimiento-recordatorios"
              label={PATIENT_MESSAGES.consentimientoRecordatorios}
              recorded={consents?.recordatorios ?? null}
              error={errors.consentimientoRecordatorios?.message}
              disabled={disabled}
            />
            <ConsentCheckbox
              control={control}
              name="consentimientoComunicaciones"
              id="paciente-consentimiento-comunicaciones"
              label={PATIENT_MESSAGES.consentimientoComunicaciones}
              recorded={consents?.comunicaciones ?? null}
              error={errors.consentimientoComunicaciones?.message}
              disabled={disabled}
            />
          </fieldset>
        </CardContent>
        <CardFooter className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" asChild>
            <Link to="/pacientes">Cancelar</Link>
          </Button>
          <SubmitButton pending={isSubmitting} pendingLabel="Guardando...">
            {editing ? 'Guardar Cambios' : 'Registrar Paciente'}
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}

/**
 * One consent of the patient (issue 24): a labelled checkbox (Space toggles it) and, while it stays ticked,
 * the line that says when and by whom the record has it, in the clinic's day.
 */
function ConsentCheckbox<Data>({
  control,
  name,
  id,
  label,
  recorded,
  error,
  disabled,
}: {
  control: Control<PatientFormValues, unknown, Data>;
  name: 'consentimientoRecordatorios' | 'consentimientoComunicaciones';
  /** The checkbox's id, which its label points at. */
  id: string;
  label: string;
  recorded: PatientConsent;
  error?: string;
  disabled: boolean;
}) {
  const clinicDate = useClinicDate();
  const noteId = `${id}-registro`;
  const errorId = `${id}-error`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const note =
          field.value === true && recorded
            ? PATIENT_MESSAGES.consentimientoRegistrado(clinicDate(recorded.fecha), recorded.por)
            : null;
        return (
          <div className="grid gap-1">
            <div className="flex items-start gap-2">
              <Checkbox
                id={id}
                className="mt-0.5"
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={[note ? noteId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
              />
              <Label htmlFor={id} className={cn('leading-snug font-normal', error && 'text-destructive')}>
                {label}
              </Label>
            </div>
            {note ? (
              <p id={noteId} className="pl-6 text-sm text-muted-foreground">
                {note}
              </p>
            ) : null}
            {error ? (
              <p id={errorId} role="alert" className="pl-6 text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        );
      }}
    />
  );
}
