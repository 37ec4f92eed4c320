import { zodResolver } from '@hookform/resolvers/zod';
import { BOOKING_MESSAGES as B, bookingRulesSchema, type BookingRules } from '@odontia/shared';
import { useId, useState } from 'react';
import { Controller, useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { showSubmitError } from '@/lib/form-errors';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useBookingRules, useSaveBookingRules } from '../api/booking-rules';

type Form = UseFormReturn<BookingRules>;
type NumberName = 'horizonteDias' | 'maxFuturas' | 'revisionMeses';

const resolver = zodResolver<BookingRules, unknown, BookingRules>(bookingRulesSchema);

/** Every field in the form's order: the server's messages land under them, the first takes the focus. */
const FIELDS: Path<BookingRules>[] = [
  'reservaOnline',
  'antelacionMinutos',
  'horizonteDias',
  'maxFuturas',
  'requiereAprobacion',
  'revisionMeses',
];

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}

/** A number inside a sentence ("Se puede reservar hasta [60] días antes"), read as that sentence. */
function SentenceField({
  form,
  name,
  before,
  after,
  min,
  max,
  disabled,
}: {
  form: Form;
  name: NumberName;
  before: string;
  after: string;
  min: number;
  max: number;
  disabled: boolean;
}) {
  const id = useId();
  const error = form.formState.errors[name]?.message;
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <label id={`${id}-before`} htmlFor={id} className={cn('text-sm font-medium', error && 'text-destructive')}>
          {before}
        </label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          className="w-20"
          disabled={disabled}
          aria-labelledby={`${id}-before ${id} ${id}-after`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register(name, { valueAsNumber: true })}
        />
        <span id={`${id}-after`} className="text-sm font-medium">
          {after}
        </span>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Whole hours and minutes as typed; anything else (empty, negative, decimals) is no number of minutes. */
function toMinutes(hours: string, minutes: string): number {
  const h = hours.trim() === '' ? 0 : Number(hours);
  const m = minutes.trim() === '' ? 0 : Number(minutes);
  if (!Number.isInteger(h) || !Number.isInteger(m) || h < 0 || m < 0) return Number.NaN;
  if (hours.trim() === '' && minutes.trim() === '') return Number.NaN;
  return h * 60 + m;
}

/** 'Antelación mínima' as hours and minutes (how a clinic thinks of it); the rule stores minutes. */
function NoticeField({ form, disabled }: { form: Form; disabled: boolean }) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name="antelacionMinutos"
      render={({ field, fieldState }) => (
        <NoticeInputs
          id={id}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
          disabled={disabled}
        />
      )}
    />
  );
}

function NoticeInputs({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  disabled,
}: {
  id: string;
  value: number;
  onChange: (minutes: number) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  // The text of each box as typed: a box being cleared to type again is not turned into 0.
  const [text, setText] = useState(() =>
    Number.isFinite(value) ? { h: String(Math.floor(value / 60)), m: String(value % 60) } : { h: '', m: '' },
  );
  const update = (next: { h: string; m: string }) => {
    setText(next);
    onChange(toMinutes(next.h, next.m));
  };
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset className="grid gap-1" aria-describedby={describedBy}>
      <legend className={cn('mb-1 text-sm font-medium', error && 'text-destructive')}>Antelación mínima</legend>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={`${id}-h`}
          ref={inputRef}
          type="number"
          inputMode="numeric"
          min={0}
          max={168}
          step={1}
          className="w-20"
          value={text.h}
          onChange={(e) => update({ ...text, h: e.target.value })}
          onBlur={onBlur}
          disabled={disabled}
          aria-invalid={Boolean(error)}
        />
        <label htmlFor={`${id}-h`} className="text-sm">
          horas
        </label>
        <Input
          id={`${id}-m`}
          type="number"
          inputMode="numeric"
          min={0}
          max={59}
          step={1}
          className="w-20"
          value={text.m}
          onChange={(e) => update({ ...text, m: e.target.value })}
          onBlur={onBlur}
          disabled={disabled}
          aria-invalid={Boolean(error)}
        />
        <label htmlFor={`${id}-m`} className="text-sm">
          minutos
        </label>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        El paciente no puede reservar un hueco que empiece antes de este tiempo.
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** An on/off rule, its label beside the switch. */
function SwitchField({
  form,
  name,
  label,
  hint,
  disabled,
}: {
  form: Form;
  name: 'reservaOnline' | 'requiereAprobacion';
  label: string;
  hint: string;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="grid gap-1">
          <div className="flex items-center gap-3">
            <Switch
              id={id}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={disabled}
              aria-describedby={`${id}-hint`}
            />
            <label htmlFor={id} className="text-sm font-medium">
              {label}
            </label>
          </div>
          <p id={`${id}-hint`} className="pl-11 text-sm text-muted-foreground">
            {hint}
          </p>
          <FieldError id={`${id}-error`} message={fieldState.error?.message} />
        </div>
      )}
    />
  );
}

function BookingRulesForm({ rules, readOnly }: { rules: BookingRules; readOnly: boolean }) {
  const save = useSaveBookingRules();
  const form = useForm<BookingRules>({ resolver, defaultValues: rules });

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved);
      toast.success(B.rulesSaved);
    } catch (error) {
      showSubmitError(error, form.setError, FIELDS, { title: B.rulesError, fallback: 'Inténtalo de nuevo.' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label={B.rulesTitle}>
      <fieldset className="grid gap-4">
        <legend className="mb-2 font-medium">Reservas desde el perfil público</legend>
        <SwitchField
          form={form}
          name="reservaOnline"
          label="Aceptar reservas online desde el perfil público"
          hint="Los pacientes eligen un servicio reservable online y un hueco libre de la agenda."
          disabled={readOnly}
        />
        <NoticeField form={form} disabled={readOnly} />
        <SentenceField
          form={form}
          name="horizonteDias"
          before="Se puede reservar hasta"
          after="días antes"
          min={1}
          max={365}
          disabled={readOnly}
        />
        <SentenceField
          form={form}
          name="maxFuturas"
          before="Reservas futuras por correo o teléfono:"
          after="como máximo"
          min={1}
          max={20}
          disabled={readOnly}
        />
        <SwitchField
          form={form}
          name="requiereAprobacion"
          label="Cada reserva espera la aprobación de la clínica"
          hint="Sin aprobación, la cita queda confirmada al reservarla."
          disabled={readOnly}
        />
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">{B.recallTitle}</legend>
        <SentenceField
          form={form}
          name="revisionMeses"
          before="Recordar una revisión a los"
          after="meses de la última visita"
          min={1}
          max={36}
          disabled={readOnly}
        />
      </fieldset>

      {readOnly ? (
        <p className="text-sm text-muted-foreground">
          Solo pueden cambiar estas reglas quienes pueden editar los datos de la clínica.
        </p>
      ) : (
        <SubmitButton pending={save.isPending} pendingLabel="Guardando..." className="justify-self-start">
          Guardar reglas
        </SubmitButton>
      )}
    </form>
  );
}

/**
 * 'Reserva online' in the clinic's settings (issue 24): whether patients book from the public profile,
 * with how much notice, how far ahead, how many bookings each may hold and whether the clinic approves
 * each; and after how long a patient is due a check-up. Read with clinica.ver, changed with
 * clinica.editar.
 */
export default function BookingRulesSection() {
  const canSee = useCan('clinica.ver');
  const canEdit = useCan('clinica.editar');
  const rules = useBookingRules(canSee);
  if (!canSee) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{B.rulesTitle}</h2>
        </CardTitle>
        <CardDescription>
          Las reglas de las citas que los pacientes reservan desde vuestro perfil público, y cuándo toca invitarles a
          una revisión.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rules.isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Cargando las reglas de reserva">
            <Skeleton className="h-16" />
            <Skeleton className="h-32" />
          </div>
        ) : rules.isError ? (
          <p role="alert" className="text-destructive">
            {B.rulesLoadError}
          </p>
        ) : (
          <BookingRulesForm rules={rules.data} readOnly={!canEdit} />
        )}
      </CardContent>
    </Card>
  );
}
