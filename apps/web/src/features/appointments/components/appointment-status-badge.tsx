import { ESTADO_CITA_LABELS, type AppointmentStatus } from '@odontia/shared';
import {
  Armchair,
  Ban,
  CalendarX,
  Check,
  CheckCheck,
  CircleCheckBig,
  Clock,
  Stethoscope,
  UserX,
  type LucideIcon,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * Spec 001 §4's colours (confirmada green, pendiente secondary, cancelada destructive, completada blue),
 * and the states of the day (issue 24): each also has its mark, so no state is told by colour alone.
 */
export const APPOINTMENT_STATUS_STYLE: Record<
  AppointmentStatus,
  { variant: 'secondary' | 'success' | 'warning' | 'info' | 'destructive' | 'outline'; icon: LucideIcon }
> = {
  pendiente: { variant: 'secondary', icon: Clock },
  confirmada: { variant: 'success', icon: Check },
  confirmada_paciente: { variant: 'success', icon: CheckCheck },
  en_sala: { variant: 'warning', icon: Armchair },
  atendida: { variant: 'info', icon: Stethoscope },
  completada: { variant: 'info', icon: CircleCheckBig },
  no_asistio: { variant: 'outline', icon: UserX },
  cancelada: { variant: 'destructive', icon: Ban },
  cancelada_paciente: { variant: 'destructive', icon: CalendarX },
};

export function AppointmentStatusBadge({ estado, className }: { estado: AppointmentStatus; className?: string }) {
  const { variant, icon: Icon } = APPOINTMENT_STATUS_STYLE[estado];
  return (
    <Badge variant={variant} className={cn('gap-1', className)}>
      <Icon className="size-3" aria-hidden="true" />
      {ESTADO_CITA_LABELS[estado]}
    </Badge>
  );
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
