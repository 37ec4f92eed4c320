import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOKING_MESSAGES,
  bookingCodeSchema,
  CODE_MINUTES,
  type BookingDetailsInput,
  type BookingResult,
} from '@odontia/shared';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useConfirmBooking } from '../../api/confirm-booking';
import { useSendBookingCode } from '../../api/send-booking-code';
import { holdLost } from './errors';

/**
 * The 6-digit code emailed to the visitor confirms the email and makes the booking. A wrong or expired
 * code says so on the field; a new code can be asked for with the same details.
 */
export function CodeStep({
  token,
  details,
  mensaje,
  onBooked,
  onResent,
  onHoldLost,
  onEditDetails,
}: {
  token: string;
  details: BookingDetailsInput;
  /** The server's 'Te hemos enviado un código…'. */
  mensaje: string;
  onBooked: (result: BookingResult) => void;
  onResent: (mensaje: string) => void;
  onHoldLost: (message: string) => void;
  onEditDetails: () => void;
}) {
  const form = useForm({ resolver: zodResolver(bookingCodeSchema), defaultValues: { codigo: '' } });
  const confirm = useConfirmBooking();
  const resend = useSendBookingCode();
  const { errors } = form.formState;

  const fail = (title: string, error: unknown) => {
    if (holdLost(error)) return onHoldLost(error.message);
    const message = errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.');
    form.setError(
      'codigo',
      { message: (error instanceof ApiError && error.fields?.codigo) || message },
      { shouldFocus: true },
    );
    toast.error(title, message);
  };

  const submit = form.handleSubmit(async ({ codigo }) => {
    try {
      onBooked(await confirm.mutateAsync({ token, codigo }));
    } catch (error) {
      fail(BOOKING_MESSAGES.confirmError, error);
    }
  });

  const sendAgain = async () => {
    try {
      const result = await resend.mutateAsync({ token, body: details });
      form.reset({ codigo: '' });
      onResent(result.mensaje);
    } catch (error) {
      fail(BOOKING_MESSAGES.codeSendError, error);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <p role="status" className="text-sm">
        {mensaje}
      </p>
      <FormField
        label="Código de 6 dígitos"
        required
        description={BOOKING_MESSAGES.codeLifetime(CODE_MINUTES)}
        error={errors.codigo?.message}
      >
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          className="max-w-40 text-center text-lg tracking-[0.4em] tabular-nums"
          {...form.register('codigo', { setValueAs: (v: string) => v.replace(/\D/g, '') })}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="ghost" onClick={onEditDetails}>
            Cambiar mis datos
          </Button>
          <Button type="button" variant="ghost" disabled={resend.isPending} onClick={() => void sendAgain()}>
            {resend.isPending ? 'Enviando…' : 'Enviar otro código'}
          </Button>
        </div>
        <SubmitButton pending={confirm.isPending} pendingLabel="Confirmando…">
          Confirmar
        </SubmitButton>
      </div>
    </form>
  );
}
