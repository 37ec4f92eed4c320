import { ESTADO_PEDIDO_LABELS, ORDER_TRANSITIONS, STORE_MESSAGES, type Order, type OrderStatus } from '@odontia/shared';
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
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useMoveOrder } from '../api/sales';

/** What the button says for each next state. */
const ACTION: Record<OrderStatus, string> = {
  recibido: 'Marcar como recibido',
  en_preparacion: 'Marcar en preparación',
  enviado: 'Marcar como enviado',
  entregado: 'Marcar como entregado',
  cancelado: 'Cancelar pedido',
};

/**
 * The supplier's buttons for the states an order may move to next (ORDER_TRANSITIONS); cancelling
 * asks first, since it cannot be undone and gives the units back to the stock.
 */
export function OrderStatusActions({ order }: { order: Order }) {
  const move = useMoveOrder();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const next = ORDER_TRANSITIONS[order.estado];
  if (next.length === 0) return null;

  const moveTo = async (estado: OrderStatus) => {
    try {
      await move.mutateAsync({ id: order.id, estado });
      toast.success(STORE_MESSAGES.estadoUpdated, `Pedido ${order.numeroPedido}: ${ESTADO_PEDIDO_LABELS[estado]}`);
      setConfirmCancel(false);
    } catch (error) {
      toast.error(STORE_MESSAGES.errorTitle, errorMessage(error, 'No se pudo actualizar el estado del pedido'));
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {next.map((estado) =>
        estado === 'cancelado' ? (
          <Button
            key={estado}
            variant="outline"
            className="text-destructive hover:text-destructive"
            disabled={move.isPending}
            onClick={() => setConfirmCancel(true)}
          >
            {ACTION[estado]}
          </Button>
        ) : (
          <Button
            key={estado}
            disabled={move.isPending}
            aria-busy={move.isPending && move.variables?.estado === estado}
            onClick={() => void moveTo(estado)}
          >
            {move.isPending && move.variables?.estado === estado ? <Spinner decorative /> : null}
            {ACTION[estado]}
          </Button>
        ),
      )}
      <AlertDialog open={confirmCancel} onOpenChange={(open) => !move.isPending && setConfirmCancel(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>¿Cancelar el pedido {order.numeroPedido}?</AlertDialogTitle>
            <AlertDialogDescription>
              Las unidades vuelven a tu stock y {order.clinica.nombre} recibe un aviso. Esta acción no se puede
              deshacer.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={move.isPending}>Volver</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={move.isPending}
              aria-busy={move.isPending}
              onClick={(event) => {
                // Kept open (with its spinner) until the server answers.
                event.preventDefault();
                void moveTo('cancelado');
              }}
            >
              {move.isPending ? 'Cancelando...' : 'Cancelar pedido'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
