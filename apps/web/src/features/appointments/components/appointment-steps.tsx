import {
  APPOINTMENT_MESSAGES,
  appointmentSteps,
  CITA_PASO_LABELS,
  ESTADO_CITA_LABELS,
  type AppointmentStatus,
} from '@odontia/shared';
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
export function AppointmentSteps({
  cita,
  className,
}: {
  cita: { id: string; fecha: string; estado: AppointmentStatus; paciente: { nombres: string; apellidos: string } };
  className?: string;
}) {
  const canEdit = useCan('citas.editar');
  const setState = useSetAppointmentState();
  const today = useClinicToday();
  const steps = appointmentSteps(cita.estado, cita.fecha, today);
  if (!canEdit || steps.length === 0) return null;
  const paciente = `${cita.paciente.nombres} ${cita.paciente.apellidos}`;
  return (
    <div className={cn('flex flex-wrap gap-1', className)}>
      {steps.map((estado) => {
        const Icon = APPOINTMENT_STATUS_STYLE[estado].icon;
        const label = CITA_PASO_LABELS[estado] ?? ESTADO_CITA_LABELS[estado];
        return (
          <Button
            key={estado}
            type="button"
            size="sm"
            variant="outline"
            aria-label={`${label}: ${paciente}`}
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
            {label}
          </Button>
        );
      })}
    </div>
  );
}
