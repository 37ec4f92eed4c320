import { APPOINTMENT_MESSAGES } from '@odontia/shared';
import { CalendarX, FilePlus2, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useAppointment, useDeleteAppointment, useUpdateAppointment, type Appointment } from '../api/appointments';
import { MedicalAlertBadge } from '@/components/medical-alert-badge';
import { AppointmentDetails } from '../components/appointment-details';
import { AppointmentMessagesCard } from '../components/appointment-messages-card';
import { AppointmentForm, type AppointmentFormValues } from '../components/appointment-form';
import { AppointmentPageFrame, BackToAgenda } from '../components/appointment-page-frame';
import { formatDay, formatTime } from '../lib/calendar-math';

const toFormValues = (c: Appointment): AppointmentFormValues => ({
  pacienteId: c.pacienteId,
  dentistaId: c.dentistaId,
  fecha: c.fecha,
  horaInicio: formatTime(c.horaInicio),
  horaFin: formatTime(c.horaFin),
  titulo: c.titulo,
  notas: c.notas ?? '',
  solicitudId: '',
  estado: c.estado,
});

function DeleteAppointmentButton({ cita }: { cita: Appointment }) {
  const navigate = useNavigate();
  const remove = useDeleteAppointment();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await remove.mutateAsync(cita.id);
      toast.success(APPOINTMENT_MESSAGES.deleted);
      setOpen(false);
      navigate('/citas');
    } catch (error) {
      toast.error(APPOINTMENT_MESSAGES.errorTitle, errorMessage(error, APPOINTMENT_MESSAGES.deleteError));
    }
  };
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="text-destructive hover:text-destructive"
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
        Eliminar
      </Button>
      <ConfirmDeleteDialog
        open={open}
        onOpenChange={setOpen}
        description={`Esta acción eliminará la cita de ${cita.paciente.nombres} ${cita.paciente.apellidos} del ${formatDay(cita.fecha)} a las ${formatTime(cita.horaInicio)}. No se puede deshacer.`}
        pending={remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

/** 'Editar Cita' (/citas/{id}): an unknown id and another clinic's appointment both answer 'Cita no encontrada'. */
export default function EditAppointmentPage() {
  const canEdit = useCan('citas.editar');
  // Read-only members see the appointment, not a form they cannot use.
  const title = canEdit ? 'Editar Cita' : 'Cita';
  usePageTitle(title);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const canDelete = useCan('citas.eliminar');
  const canWriteNote = useCan('historia.editar');
  const cita = useAppointment(id);
  const update = useUpdateAppointment();
  const redirecting = useClinicRequired(cita.error ?? update.error);
  const notFound = cita.error instanceof ApiError && (cita.error.status === 404 || cita.error.status === 422);

  useEffect(() => {
    if (cita.isError && !notFound && !redirecting) {
      toast.error(APPOINTMENT_MESSAGES.errorTitle, errorMessage(cita.error, 'No se pudo cargar la cita.'));
      navigate('/citas', { replace: true });
    }
  }, [cita.isError, cita.error, notFound, redirecting, navigate]);

  if (redirecting) return null;

  if (notFound) {
    return (
      <div className="flex max-w-3xl flex-col gap-6">
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <CalendarX className="size-10 text-muted-foreground" aria-hidden="true" />
            <h1 className="text-xl font-semibold">{APPOINTMENT_MESSAGES.notFound}</h1>
            <BackToAgenda />
          </CardContent>
        </Card>
      </div>
    );
  }

  const data = cita.data;
  return (
    <AppointmentPageFrame
      title={title}
      subtitle={
        data
          ? `${data.paciente.nombres} ${data.paciente.apellidos} · ${formatDay(data.fecha)} ${formatTime(data.horaInicio)}`
          : 'Cargando la cita...'
      }
      // In the form the patient picker carries the badge of the patient it holds (it follows a change of
      // patient); the header's would repeat it.
      badge={data && !canEdit ? <MedicalAlertBadge alertas={data.paciente.alertas} /> : null}
      actions={
        data && canWriteNote ? (
          <Button variant="outline" asChild>
            <Link to={`/pacientes/${data.paciente.id}/notas/nueva?cita=${data.id}`}>
              <FilePlus2 aria-hidden="true" />
              Escribir nota clínica
            </Link>
          </Button>
        ) : null
      }
    >
      {data && !canEdit ? (
        <AppointmentDetails cita={data} actions={canDelete ? <DeleteAppointmentButton cita={data} /> : null} />
      ) : data ? (
        <AppointmentForm
          key={data.id}
          mode="edit"
          defaultValues={toFormValues(data)}
          patient={data.paciente}
          currentDentist={data.dentista}
          actions={canDelete ? <DeleteAppointmentButton cita={data} /> : null}
          onSubmit={async (values) => {
            await update.mutateAsync({ id, input: values });
            toast.success(APPOINTMENT_MESSAGES.updated);
            navigate('/citas');
          }}
        />
      ) : (
        <div className="grid gap-4" aria-busy="true" aria-label="Cargando cita">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
      {data ? <AppointmentMessagesCard citaId={data.id} /> : null}
    </AppointmentPageFrame>
  );
}
