import { APPOINTMENT_MESSAGES, isCalendarDate } from '@odontia/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useCreateAppointment } from '../api/appointments';
import { AppointmentForm, EMPTY_APPOINTMENT } from '../components/appointment-form';
import { AppointmentPageFrame } from '../components/appointment-page-frame';

/** 'Nueva Cita' (/citas/nueva); `?fecha=YYYY-MM-DD&dentista={id}` (a calendar click) fills those fields. */
export default function NewAppointmentPage() {
  usePageTitle('Nueva Cita');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateAppointment();
  const redirecting = useClinicRequired(create.error);
  if (redirecting) return null;

  const fecha = params.get('fecha') ?? '';
  const defaults = { ...EMPTY_APPOINTMENT, fecha: isCalendarDate(fecha) ? fecha : '', dentistaId: params.get('dentista') ?? '' };

  return (
    <AppointmentPageFrame title="Nueva Cita" subtitle="Programa una cita para un paciente.">
      <AppointmentForm
        mode="create"
        defaultValues={defaults}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          toast.success(APPOINTMENT_MESSAGES.created);
          navigate('/citas');
        }}
      />
    </AppointmentPageFrame>
  );
}
