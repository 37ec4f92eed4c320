import { zodResolver } from '@hookform/resolvers/zod';
import { annulPaymentSchema, formatMoney, type Payment } from '@odontia/shared';
import { Ban } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { showSubmitError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useAnnulPayment } from '../api/payments';

type FormValues = { motivo: string };

/**
 * 'Anular' on a payment (cobros.anular): a reason is required; the server writes a reversing entry and
 * both stay on the account.
 */
export function AnnulPaymentButton({ patientId, payment }: { patientId: string; payment: Payment }) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="text-destructive"
        onClick={() => setOpen(true)}
        aria-label={`Anular el cobro ${payment.numero ?? ''}`.trim()}
      >
        <Ban aria-hidden="true" />
        Anular
      </Button>
      <AlertDialogContent>
        <AnnulForm patientId={patientId} payment={payment} onDone={() => setOpen(false)} />
      </AlertDialogContent>
    </AlertDialog>
  );
}

function AnnulForm({ patientId, payment, onDone }: { patientId: string; payment: Payment; onDone: () => void }) {
  const id = useId();
  const annul = useAnnulPayment(patientId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(annulPaymentSchema), defaultValues: { motivo: '' } });

  const onSubmit = handleSubmit(async ({ motivo }) => {
    try {
      const { mensaje } = await annul.mutateAsync({ id: payment.id, motivo });
      toast.success(mensaje);
      onDone();
    } catch (error) {
      showSubmitError(error, setError, ['motivo'], {
        title: 'No se pudo anular el cobro',
        fallback: 'Inténtalo de nuevo más tarde',
      });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
      <AlertDialogHeader>
        <AlertDialogTitle>¿Anular el cobro {payment.numero}?</AlertDialogTitle>
        <AlertDialogDescription>
          {formatMoney(payment.importe, payment.moneda)}. El cobro no se borra: se registra una anulación por el mismo
          importe y ambos quedan en la cuenta del paciente y en la auditoría.
        </AlertDialogDescription>
      </AlertDialogHeader>
      <FormField label="Motivo de la anulación" htmlFor={`${id}-motivo`} error={errors.motivo?.message} required>
        <Textarea {...register('motivo')} rows={3} maxLength={500} />
      </FormField>
      <AlertDialogFooter>
        <AlertDialogCancel type="button">Cancelar</AlertDialogCancel>
        <SubmitButton variant="destructive" pending={annul.isPending} pendingLabel="Anulando...">
          Anular cobro
        </SubmitButton>
      </AlertDialogFooter>
    </form>
  );
}
