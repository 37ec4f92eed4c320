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
}: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? 'Eliminando...' : 'Eliminar'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
