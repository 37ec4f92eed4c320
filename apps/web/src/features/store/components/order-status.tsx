import { ESTADO_PEDIDO_LABELS, ORDER_STEPS, type OrderStatus, type OrderTrackingStep } from '@odontia/shared';
import { Check, Circle, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { useClinicDateTime } from '@/lib/use-clinic-today';

const VARIANT = {
  recibido: 'secondary',
  en_preparacion: 'warning',
  enviado: 'info',
  entregado: 'success',
  cancelado: 'destructive',
} as const;

export function OrderStatusBadge({ estado }: { estado: OrderStatus }) {
  return <Badge variant={VARIANT[estado]}>{ESTADO_PEDIDO_LABELS[estado]}</Badge>;
}

/**
 * The tracking of an order (seguimiento_pedido): recibido, en preparación, enviado, entregado, each
 * with the time it was reached; the steps still ahead are shown dimmed. A cancelled order ends with
 * 'Cancelado' and drops the steps it will never reach.
 */
export function OrderTimeline({ seguimiento }: { seguimiento: OrderTrackingStep[] }) {
  const formatDateTime = useClinicDateTime();
  const reached = new Map(seguimiento.map((s) => [s.estado, s]));
  const cancelled = reached.get('cancelado');
  const steps: { estado: OrderStatus; step: OrderTrackingStep | undefined }[] = ORDER_STEPS.filter(
    (e) => !cancelled || reached.has(e),
  ).map((estado) => ({
    estado,
    step: reached.get(estado),
  }));
  if (cancelled) steps.push({ estado: 'cancelado', step: cancelled });

  return (
    <ol className="flex flex-col" aria-label="Seguimiento del pedido">
      {steps.map(({ estado, step }, index) => {
        const last = index === steps.length - 1;
        const Icon = step ? (estado === 'cancelado' ? X : Check) : Circle;
        return (
          <li
            key={estado}
            className="relative flex gap-3 pb-5 last:pb-0"
            aria-current={step && (last || !steps[index + 1]?.step) ? 'step' : undefined}
          >
            {!last ? (
              <span
                className={cn('absolute top-7 left-3.5 h-[calc(100%-1.75rem)] w-px', step ? 'bg-primary' : 'bg-border')}
                aria-hidden="true"
              />
            ) : null}
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border',
                step
                  ? estado === 'cancelado'
                    ? 'border-destructive bg-destructive text-white'
                    : 'border-primary bg-primary text-primary-foreground'
                  : 'text-muted-foreground',
              )}
              aria-hidden="true"
            >
              <Icon className="size-4" />
            </span>
            <div className="flex flex-col">
              <span className={cn('font-medium', !step && 'text-muted-foreground')}>
                {ESTADO_PEDIDO_LABELS[estado]}
              </span>
              <span className="text-sm text-muted-foreground">
                {step ? (
                  <>
                    <time dateTime={step.fecha}>{formatDateTime(step.fecha)}</time>
                    {step.autor ? ` · ${step.autor}` : null}
                  </>
                ) : (
                  'Pendiente'
                )}
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
