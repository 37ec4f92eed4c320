import { BUDGET_STATE_LABELS, type BudgetState } from '@odontia/shared';
import { Badge } from '@/components/ui/badge';

const VARIANTS: Record<BudgetState, 'secondary' | 'info' | 'success' | 'warning' | 'destructive' | 'outline'> = {
  borrador: 'secondary',
  enviado: 'info',
  aceptado: 'success',
  aceptado_parcialmente: 'success',
  rechazado: 'destructive',
  caducado: 'warning',
};

/** A budget's state, in words (its colour only repeats them). */
export function BudgetStateBadge({ estado }: { estado: BudgetState }) {
  return <Badge variant={VARIANTS[estado]}>{BUDGET_STATE_LABELS[estado]}</Badge>;
}
