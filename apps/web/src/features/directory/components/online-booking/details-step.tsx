import { zodResolver } from '@hookform/resolvers/zod';
import { BOOKING_MESSAGES, bookingDetailsSchema, type BookingDetailsInput } from '@odontia/shared';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useSendBookingCode } from '../../api/send-booking-code';
import { holdLost } from './errors';

const FIELDS = ['nombres', 'apellidos', 'email', 'telefono', 'aceptaPrivacidad', 'aceptaRecordatorios'] as const;

const EMPTY = { nombres: '', apellidos: '', email: '', telefono: '', aceptaRecordatorios: false };

/**
 * Who books: name, surnames, email and phone, the privacy text accepted and, if they want them,
 * reminders. Sending it emails the code; the server's field errors (too many bookings for this email)
 * show on their fields, and a hold that ended sends the visitor back to the slots.
 */
export function DetailsStep({
  token,
  defaultValues,
  onSent,
  onHoldLost,
  onBack,
}: {
  token: string;
  defaultValues?: BookingDetailsInput;
  onSent: (details: BookingDetailsInput, mensaje: string) => void;
  onHoldLost: (message: string) => void;
  onBack: () => void;
}) {
  const form = useForm({ resolver: zodResolver(bookingDetailsSchema), defaultValues: defaultValues ?? EMPTY });
  const sendCode = useSendBookingCode();
  const [formError, setFormError] = useState<string | null>(null);
  const { errors } = form.formState;
  const id = useId();
  const privacyError = errors.aceptaPrivacidad?.message;

  const once = useSingleFlight();
  // One code request at a time, whatever the clicks: each one is a message to the patient.
  const submit = form.handleSubmit((details) => once(() => send(details)));
  const send = async (details: Parameters<typeof sendCode.mutateAsync>[0]['body']) => {
    setFormError(null);
    try {
      const { mensaje } = await sendCode.mutateAsync({ token, body: details });
      onSent(details, mensaje);
    } catch (error) {
      if (holdLost(error)) return onHoldLost(error.message);
      const message = errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.');
      const fields = error instanceof ApiError ? error.fields : undefined;
      const marked = FIELDS.filter((field) => fields?.[field]);
      for (const field of marked) form.setError(field, { message: fields![field] }, { shouldFocus: true });
      if (marked.length === 0) setFormError(message);
      toast.error(BOOKING_MESSAGES.codeSendError, message);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <FormField label="Nombre" required error={errors.nombres?.message}>
        <Input autoComplete="given-name" maxLength={100} {...form.register('nombres')} />
      </FormField>
      <FormField label="Apellidos" required error={errors.apellidos?.message}>
        <Input autoComplete="family-name" maxLength={100} {...form.register('apellidos')} />
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        <Input type="email" autoComplete="email" maxLength={200} {...form.register('email')} />
      </FormField>
      <FormField label="Teléfono" required error={errors.telefono?.message}>
        <Input type="tel" autoComplete="tel" maxLength={30} {...form.register('telefono')} />
      </FormField>

      <Controller
        control={form.control}
        name="aceptaPrivacidad"
        render={({ field }) => (
          <div className="grid gap-1 sm:col-span-2">
            <div className="flex items-start gap-2">
              <Checkbox
                id={`${id}-privacidad`}
                className="mt-0.5"
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
                aria-required
                aria-invalid={Boolean(privacyError)}
                aria-describedby={privacyError ? `${id}-privacidad-error` : undefined}
              />
              <label htmlFor={`${id}-privacidad`} className="text-sm">
                He leído y acepto la{' '}
                <a
                  href="/terminos-y-condiciones"
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-primary underline underline-offset-4"
                >
                  política de privacidad
                  <span className="sr-only"> (se abre en una pestaña nueva)</span>
                </a>
                <span aria-hidden="true" className="text-destructive">
                  *
                </span>
              </label>
            </div>
            {privacyError ? (
              <p id={`${id}-privacidad-error`} role="alert" className="text-sm text-destructive">
                {privacyError}
              </p>
            ) : null}
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="aceptaRecordatorios"
        render={({ field }) => (
          <div className="flex items-start gap-2 sm:col-span-2">
            <Checkbox
              id={`${id}-recordatorios`}
              className="mt-0.5"
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
            <label htmlFor={`${id}-recordatorios`} className="text-sm">
              Quiero recibir recordatorios de mis citas
            </label>
          </div>
        )}
      />

      {formError ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="ghost" onClick={onBack}>
          Elegir otro hueco
        </Button>
        <SubmitButton pending={sendCode.isPending} pendingLabel="Enviando…">
          Enviar código
        </SubmitButton>
      </div>
    </form>
  );
}
