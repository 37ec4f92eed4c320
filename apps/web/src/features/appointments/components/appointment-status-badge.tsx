import { ESTADO_CITA_LABELS, type AppointmentStatus } from '@odontia/shared';
import { Badge } from '@/components/ui/badge';

/** Spec 001 §4: confirmada green, pendiente secondary, cancelada destructive, completada blue. */
const VARIANT = {
  confirmada: 'success',
  pendiente: 'secondary',
  cancelada: 'destructive',
  completada: 'info',
} as const;

export function AppointmentStatusBadge({ estado }: { estado: AppointmentStatus }) {
  return <Badge variant={VARIANT[estado]}>{ESTADO_CITA_LABELS[estado]}</Badge>;
}

/** The dentist's colour as a dot beside their name. */
export function ColorDot({ color }: { color: string }) {
  return (
    <span
      className="inline-block size-2.5 shrink-0 rounded-full"
      style={{ backgroundColor: color }}
      aria-hidden="true"
    />
  );
}
