import {
  APPOINTMENT_MESSAGES,
  HORA_PATTERN,
  isCalendarDate,
  isId,
  type AppointmentRequestDraft,
} from '@odontia/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { useClinicToday } from '@/lib/use-clinic-today';
import { usePageTitle } from '@/lib/use-page-title';
import { useAppointmentRequestDraft, useCreateAppointment } from '../api/appointments';
import { AppointmentForm, EMPTY_APPOINTMENT, type AppointmentFormValues } from '../components/appointment-form';
import { AppointmentPageFrame } from '../components/appointment-page-frame';
import { agendaDay, agendaReturn } from '../lib/agenda-return';
import { addMinutesToTime } from '../lib/day-grid';

/** A new appointment lasts this long unless changed (a calendar slot click gives only the start). */
const DEFAULT_MINUTES = 30;

/** Who asked, and what happens to the patient: shown above the form of a request's appointment. */
function RequestSummary({ draft }: { draft: AppointmentRequestDraft }) {
  const s = draft.solicitud;
  return (
    <section aria-label="Solicitud de cita" className="rounded-md border bg-muted/40 p-4 text-sm">
      <p className="font-medium">
        Solicitud de {s.nombre} ({[s.email, s.telefono].filter(Boolean).join(', ')})
      </p>
      <p className="mt-1 whitespace-pre-line text-muted-foreground">{s.mensaje}</p>
      <p className="mt-2">
        {draft.paciente
          ? `Paciente encontrado por su email o teléfono: ${draft.paciente.nombres} ${draft.paciente.apellidos}.`
          : `No hay ningún paciente con ese email o teléfono: al guardar se registrará a ${s.nombre} como paciente nuevo, salvo que elijas uno.`}{' '}
        La solicitud quedará atendida al guardar la cita.
      </p>
    </section>
  );
}

/**
 * 'Nueva Cita' (/citas/nueva). `?fecha=YYYY-MM-DD&hora=HH:MM&dentista={id}` (a calendar click) fill
 * those fields; `?solicitud={id}` ('Crear cita' on a request) fills the patient, the preferred day
 * and the message, and the request becomes atendida when the appointment is saved.
 */
export default function NewAppointmentPage() {
  usePageTitle('Nueva Cita');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // Started from the calendar's Día: saving goes back to the day of the appointment.
  const fromAgenda = agendaReturn(useLocation().state);
  const today = useClinicToday();
  const create = useCreateAppointment();
  const solicitudParam = params.get('solicitud');
  const solicitudId = solicitudParam && isId(solicitudParam) ? solicitudParam : null;
  const draft = useAppointmentRequestDraft(solicitudId);
  const redirecting = useClinicRequired(create.error ?? draft.error);
  if (redirecting) return null;

  const frame = (children: React.ReactNode) => (
    <AppointmentPageFrame title="Nueva Cita" subtitle="Programa una cita para un paciente.">
      {children}
    </AppointmentPageFrame>
  );
  if (solicitudId && draft.isPending) return frame(<Spinner label="Cargando la solicitud" className="size-6" />);
  if (solicitudId && draft.isError) {
    return frame(
      <p role="alert" className="text-destructive">
        {errorMessage(draft.error, APPOINTMENT_MESSAGES.solicitudNotFound)}
      </p>,
    );
  }

  const fecha = params.get('fecha') ?? '';
  const hora = params.get('hora') ?? '';
  const request = draft.data;
  const preferred = request?.solicitud.fechaPreferida;
  const defaults: AppointmentFormValues = {
    ...EMPTY_APPOINTMENT,
    fecha: isCalendarDate(fecha) ? fecha : preferred && preferred >= today ? preferred : '',
    horaInicio: HORA_PATTERN.test(hora) ? hora : '',
    horaFin: HORA_PATTERN.test(hora) ? addMinutesToTime(hora, DEFAULT_MINUTES) : '',
    dentistaId: params.get('dentista') ?? '',
    pacienteId: request?.paciente?.id ?? '',
    notas: request ? request.solicitud.mensaje : '',
    solicitudId: request?.solicitud.id ?? '',
  };

  return frame(
    <>
      {request ? <RequestSummary draft={request} /> : null}
      <AppointmentForm
        mode="create"
        defaultValues={defaults}
        patient={request?.paciente ?? null}
        cancelTo={fromAgenda ?? undefined}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          toast.success(APPOINTMENT_MESSAGES.created);
          if (request) {
            await queryClient.invalidateQueries({ queryKey: ['solicitudes'] });
            navigate('/solicitudes');
          } else {
            navigate(fromAgenda ? agendaDay(fromAgenda, values.fecha) : '/citas');
          }
        }}
      />
    </>,
  );
}
