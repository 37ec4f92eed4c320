import { STORE_MESSAGES } from '@odontia/shared';
import { useState } from 'react';
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
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useClearCart } from '../api/cart';

/** Empties the cart after asking (spec 001 §7 "DELETE all by user_id"; §8 'No se pudo limpiar el carrito'). */
export function ClearCartButton() {
  const clear = useClearCart();
  const [open, setOpen] = useState(false);
  const confirm = async (event: React.MouseEvent) => {
    // Kept open until the server answers.
    event.preventDefault();
    try {
      await clear.mutateAsync();
      setOpen(false);
    } catch (error) {
      toast.error(STORE_MESSAGES.errorTitle, errorMessage(error, STORE_MESSAGES.clearError));
    }
  };
  return (
    <>
      <Button variant="ghost" className="w-full text-destructive hover:text-destructive" onClick={() => setOpen(true)}>
        Vaciar carrito
      </Button>
      <AlertDialog open={open} onOpenChange={(next) => !clear.isPending && setOpen(next)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>¿Vaciar el carrito?</AlertDialogTitle>
            <AlertDialogDescription>Se quitarán todos los productos del carrito.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={clear.isPending}>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={confirm}
              disabled={clear.isPending}
              aria-busy={clear.isPending}
            >
              {clear.isPending ? 'Vaciando...' : 'Vaciar carrito'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
