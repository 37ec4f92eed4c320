import { BUDGET_MESSAGES, type BudgetLine } from '@odontia/shared';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toastFailure } from '@/lib/form-errors';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useActiveDentists, useMarkLineDone } from '../api/budgets';

/**
 * 'Marcar como realizado' on an accepted line (issue 23): who did it (the clinic's active dentists, when
 * the member may see them), then the server records the treatment, turns its chart entries done and
 * consumes the service's kit; a shortfall of stock is said in the toast, never a refusal.
 */
export function LineDoneButton({ line }: { line: BudgetLine }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [dentistaId, setDentistaId] = useState('');
  const canSeeDentists = useCan('dentistas.ver');
  const dentists = useActiveDentists(open && canSeeDentists);
  const done = useMarkLineDone();
  const once = useSingleFlight();

  // A double click records it once: the second would answer 'ya registrado' beside the first's success.
  const confirm = () => once(record);
  const record = async () => {
    try {
      const { mensaje, faltantes } = await done.mutateAsync({ lineaId: line.id, dentistaId: dentistaId || null });
      if (faltantes.length) toast.warning(mensaje);
      else toast.success(mensaje);
      setOpen(false);
    } catch (error) {
      toastFailure(error, { title: BUDGET_MESSAGES.saveError, fallback: 'Inténtalo de nuevo más tarde' });
    }
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Marcar como realizado: ${line.descripcion}`}
      >
        <CheckCircle2 aria-hidden="true" />
        Marcar como realizado
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>¿Marcar como realizado?</DialogTitle>
            <DialogDescription>
              {line.descripcion}: se registra el tratamiento, el odontograma lo marca como realizado y se descuentan del
              stock los insumos de su kit.
            </DialogDescription>
          </DialogHeader>
          {canSeeDentists ? (
            <FormField label="Dentista" htmlFor={`${ids}-dentista`}>
              <select
                id={`${ids}-dentista`}
                value={dentistaId}
                onChange={(e) => setDentistaId(e.target.value)}
                className="h-9 rounded-md border border-input bg-background px-3 text-sm"
              >
                <option value="">Sin indicar</option>
                {(dentists.data ?? []).map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.nombres} {d.apellidos}
                  </option>
                ))}
              </select>
            </FormField>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button onClick={() => void confirm()} disabled={done.isPending}>
              {done.isPending ? 'Guardando...' : 'Marcar como realizado'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
