import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

type ConfirmDeleteDialogProps = {
  /** '¿Estás seguro?' unless the spec words it otherwise ('¿Eliminar paciente?'). */
  title?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is deleted, in the description ("Se eliminará el usuario..."). */
  description: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  /** 'Eliminar' unless the action is another ('Desactivar' a patient with clinical records). */
  confirmLabel?: string;
  pendingLabel?: string;
  /** Not yet confirmable (what will happen is still being asked). */
  disabled?: boolean;
};

/**
 * '¿Estás seguro?' before deleting a usuario, an invitación, a rol (spec 001 §8), a catalogue ítem, a
 * patient or an appointment. It stays open,
 * with the button busy, until the server answers; focus returns to the button that opened it.
 */
export function ConfirmDeleteDialog({
  title = '¿Estás seguro?',
  open,
  onOpenChange,
  description,
  pending,
  onConfirm,
  confirmLabel = 'Eliminar',
  pendingLabel = 'Eliminando...',
  disabled = false,
}: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
            disabled={pending || disabled}
            aria-busy={pending}
          >
            {pending ? pendingLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
