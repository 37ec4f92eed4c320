import { BUDGET_MESSAGES } from '@odontia/shared';
import { FilePlus2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toastFailure } from '@/lib/form-errors';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useCreateBudget } from '../api/budgets';

type Props = {
  patientId: string;
  /** The chart on screen has edits not saved yet: the budget would miss them, so the button says so. */
  unsavedChart?: boolean;
  size?: 'sm' | 'default';
};

/**
 * 'Crear presupuesto' (issue 23): a draft for the patient whose lines are the planned treatments of their
 * saved chart, at the catalogue price; it opens the draft. On the patient's page and on the chart; shown
 * with presupuestos.editar.
 */
export function CreateBudgetButton({ patientId, unsavedChart = false, size = 'default' }: Props) {
  const canEdit = useCan('presupuestos.editar');
  const create = useCreateBudget();
  const navigate = useNavigate();
  // One budget per press, however fast the clicks.
  const once = useSingleFlight();
  if (!canEdit) return null;

  const onCreate = () => once(createDraft);
  const createDraft = async () => {
    if (unsavedChart) {
      toast.warning(BUDGET_MESSAGES.chartUnsaved, undefined, { id: 'presupuesto-odontograma' });
      return;
    }
    try {
      const { presupuesto, mensaje } = await create.mutateAsync(patientId);
      toast.success(mensaje, presupuesto.lineas.length ? undefined : BUDGET_MESSAGES.noPlanned);
      navigate(`/presupuestos/${presupuesto.id}`);
    } catch (error) {
      toastFailure(error, { title: BUDGET_MESSAGES.saveError, fallback: 'Inténtalo de nuevo más tarde' });
    }
  };

  return (
    <Button type="button" size={size} onClick={() => void onCreate()} disabled={create.isPending}>
      <FilePlus2 aria-hidden="true" />
      {BUDGET_MESSAGES.newBudget}
    </Button>
  );
}
