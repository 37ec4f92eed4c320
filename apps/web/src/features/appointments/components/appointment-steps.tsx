import {
  APPOINTMENT_MESSAGES,
  appointmentSteps,
  CITA_PASO_LABELS,
  ESTADO_CITA_LABELS,
  type AppointmentStatus,
} from '@odontia/shared';
import type { CSSProperties } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { useClinicToday } from '@/lib/use-clinic-today';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useSetAppointmentState } from '../api/appointments';
import { APPOINTMENT_STATUS_STYLE } from './appointment-status-badge';

/**
 * The desk's one click through the day (issue 24): the next states of an appointment (pendiente →
 * confirmada, en sala or no asistió; en sala → atendida) that fit its day (`appointmentSteps`), each a
 * button named with the patient. Shown only to whoever may edit appointments; the edit form still
 * allows any state.
 */
type StepCita = {
  id: string;
  fecha: string;
  estado: AppointmentStatus;
  paciente: { nombres: string; apellidos: string };
};

/** The Día grid's step of the moment: arrived, then attended (confirming and no-shows stay in the list). */
export const momentSteps = (cita: Pick<StepCita, 'estado' | 'fecha'>, today: string) =>
  appointmentSteps(cita.estado, cita.fecha, today).filter((s) => s === 'en_sala' || s === 'atendida');

export function AppointmentSteps({
  cita,
  compact = false,
  className,
  style,
}: {
  cita: StepCita;
  /** The Día grid's block: only the step of the moment (`momentSteps`), as an icon button. */
  compact?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  const canEdit = useCan('citas.editar');
  const setState = useSetAppointmentState();
  const today = useClinicToday();
  const steps = compact ? momentSteps(cita, today) : appointmentSteps(cita.estado, cita.fecha, today);
  if (!canEdit || steps.length === 0) return null;
  const paciente = `${cita.paciente.nombres} ${cita.paciente.apellidos}`;
  return (
    <div className={cn('flex flex-wrap gap-1', className)} style={style}>
      {steps.map((estado) => {
        const Icon = APPOINTMENT_STATUS_STYLE[estado].icon;
        const label = CITA_PASO_LABELS[estado] ?? ESTADO_CITA_LABELS[estado];
        return (
          <Button
            key={estado}
            type="button"
            size={compact ? 'icon' : 'sm'}
            variant="outline"
            className={cn(compact && 'size-7 bg-background')}
            aria-label={`${label}: ${paciente}`}
            title={compact ? label : undefined}
            disabled={setState.isPending}
            onClick={() =>
              setState.mutate(
                { id: cita.id, estado },
                {
                  onSuccess: () =>
                    toast.success(APPOINTMENT_MESSAGES.stateChanged(paciente, ESTADO_CITA_LABELS[estado])),
                  onError: (error) =>
                    toast.error(APPOINTMENT_MESSAGES.errorTitle, errorMessage(error, APPOINTMENT_MESSAGES.stateError)),
                },
              )
            }
          >
            <Icon aria-hidden="true" />
            {compact ? null : label}
          </Button>
        );
      })}
    </div>
  );
}
