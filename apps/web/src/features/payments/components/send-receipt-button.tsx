import { PAYMENT_MESSAGES } from '@odontia/shared';
import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toastFailure } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSendReceipt } from '../api/payments';

/** Emails a payment's receipt to the patient (the server says when they have no email). */
export function SendReceiptButton({
  cobroId,
  label,
  ariaLabel,
  size,
}: {
  cobroId: string;
  label: string;
  ariaLabel?: string;
  size?: 'sm';
}) {
  const send = useSendReceipt();
  const onSend = async () => {
    try {
      const { mensaje } = await send.mutateAsync(cobroId);
      toast.success(mensaje);
    } catch (error) {
      toastFailure(error, { title: 'No se pudo enviar el recibo', fallback: PAYMENT_MESSAGES.emailError });
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      onClick={() => void onSend()}
      disabled={send.isPending}
      aria-busy={send.isPending}
      aria-label={ariaLabel}
    >
      <Mail aria-hidden="true" />
      {send.isPending ? 'Enviando...' : label}
    </Button>
  );
}
