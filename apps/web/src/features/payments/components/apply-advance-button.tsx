import { formatMoney, PAYMENT_MESSAGES, type PatientAccount } from '@odontia/shared';
import { WalletCards } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toastFailure } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useApplyAdvance } from '../api/payments';

/**
 * 'Aplicar anticipo': shown while the patient has money on account and something still owed; applies
 * it, oldest first, and the account shows what each item was paid.
 */
export function ApplyAdvanceButton({ patientId, account }: { patientId: string; account: PatientAccount }) {
  const apply = useApplyAdvance(patientId);
  const owed = account.partidas.some((p) => p.pendiente > 0);
  if (account.totales.anticipo <= 0 || !owed) return null;
  const onApply = async () => {
    try {
      const { mensaje } = await apply.mutateAsync();
      toast.success(mensaje);
    } catch (error) {
      toastFailure(error, { title: PAYMENT_MESSAGES.advanceApplyError, fallback: PAYMENT_MESSAGES.advanceApplyError });
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      onClick={() => void onApply()}
      disabled={apply.isPending}
      aria-busy={apply.isPending}
      aria-label={`${PAYMENT_MESSAGES.applyAdvance} (${formatMoney(account.totales.anticipo, account.moneda)} a cuenta)`}
    >
      <WalletCards aria-hidden="true" />
      {apply.isPending ? 'Aplicando...' : PAYMENT_MESSAGES.applyAdvance}
    </Button>
  );
}
