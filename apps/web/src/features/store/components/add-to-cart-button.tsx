import { STORE_MESSAGES } from '@odontia/shared';
import { ShoppingCart } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useAddToCart } from '../api/cart';

type Props = Omit<ButtonProps, 'onClick' | 'children'> & {
  productoId: string;
  nombre: string;
  cantidad?: number;
  /** Stock exactly 0 (spec 001 §2 Store): nothing to add. Null: not recorded, so not limited. */
  stockActual: number | null;
};

/** 'Agregar' (spec 001 §2 Store): disabled while adding and at stock 0; the toasts of §8 Cart. */
export function AddToCartButton({ productoId, nombre, cantidad = 1, stockActual, disabled, ...props }: Props) {
  const add = useAddToCart();
  const onClick = () =>
    add.mutate(
      { productoId, cantidad },
      {
        onSuccess: () => toast.success(STORE_MESSAGES.addedTitle, STORE_MESSAGES.addedMessage),
        // The server says why when it can (agotado, otro proveedor); otherwise the spec's message.
        onError: (error) => toast.error(STORE_MESSAGES.errorTitle, errorMessage(error, STORE_MESSAGES.addError)),
      },
    );
  return (
    <Button
      type="button"
      onClick={onClick}
      disabled={disabled || add.isPending || stockActual === 0}
      aria-busy={add.isPending}
      aria-label={`${STORE_MESSAGES.add} ${nombre} al carrito`}
      {...props}
    >
      {add.isPending ? <Spinner decorative /> : <ShoppingCart aria-hidden="true" />}
      {STORE_MESSAGES.add}
    </Button>
  );
}
