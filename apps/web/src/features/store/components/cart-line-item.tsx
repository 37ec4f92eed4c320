import { STORE_MESSAGES, type CartLine } from '@odontia/shared';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useRemoveCartLine, useUpdateCartLine } from '../api/cart';
import { formatStoreMoney } from '../lib/money';
import { ProductImage } from './product-image';
import { QuantityControl } from './quantity-control';

/**
 * A line of 'Mi Carrito' (spec 001 §2 Cart). When the supplier changed the price since it was added,
 * the old price is struck through beside the new one: checkout charges the new one.
 */
export function CartLineItem({ line }: { line: CartLine }) {
  const update = useUpdateCartLine();
  const remove = useRemoveCartLine();
  const busy = update.isPending || remove.isPending;
  const name = line.producto.nombre;

  const removeLine = () =>
    remove.mutate(line.id, {
      onSuccess: () => toast.success(STORE_MESSAGES.removedTitle, STORE_MESSAGES.removedMessage),
      onError: (error) => toast.error(STORE_MESSAGES.errorTitle, errorMessage(error, STORE_MESSAGES.removeError)),
    });
  const setQuantity = (cantidad: number) =>
    update.mutate(
      { id: line.id, cantidad },
      { onError: (error) => toast.error(STORE_MESSAGES.errorTitle, errorMessage(error, STORE_MESSAGES.updateError)) },
    );

  return (
    <li className="flex gap-4 py-4 first:pt-0 last:pb-0" aria-busy={busy}>
      <ProductImage src={line.producto.imagenUrl} className="size-20 shrink-0 sm:size-24" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-medium">{name}</h2>
            <p className="line-clamp-2 text-sm text-muted-foreground">
              {line.producto.descripcion || STORE_MESSAGES.noDescription}
            </p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="shrink-0 text-destructive hover:text-destructive"
            aria-label={`Eliminar ${name} del carrito`}
            disabled={busy}
            onClick={removeLine}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
        <p className="text-sm">
          {line.precioCambiado && line.precioActual !== null ? (
            <span role="status">
              <span className="text-muted-foreground line-through">{formatStoreMoney(line.precioUnitario)}</span>{' '}
              <span className="font-medium">{formatStoreMoney(line.precioActual)}</span> c/u
              <span className="ml-2 text-warning-foreground dark:text-warning">· El proveedor cambió el precio</span>
            </span>
          ) : (
            <span>
              <span className="font-medium">{formatStoreMoney(line.precioActual ?? line.precioUnitario)}</span> c/u
            </span>
          )}
        </p>
        {!line.producto.disponible ? (
          <p className="text-sm text-destructive" role="status">
            Ya no está a la venta: quítalo del carrito para continuar.
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <QuantityControl
            name={name}
            value={line.cantidad}
            disabled={busy}
            onChange={setQuantity}
            onRemove={removeLine}
          />
          <span className="font-semibold tabular-nums">
            <span className="sr-only">Subtotal: </span>
            {formatStoreMoney(line.subtotal)}
          </span>
        </div>
      </div>
    </li>
  );
}
