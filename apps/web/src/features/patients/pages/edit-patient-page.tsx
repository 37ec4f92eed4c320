import { DEFAULT_TIME_ZONE, PATIENT_MESSAGES, todayInZone, type UpdatePatientData } from '@odontia/shared';
import { ArrowLeft, UserX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { useCan, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { usePatient, type Patient } from '../api/get-patient';
import { useRemovePatientPhoto } from '../api/remove-patient-photo';
import { useUpdatePatient } from '../api/update-patient';
import { useUploadPatientPhoto } from '../api/upload-patient-photo';
import { PatientForm, type PatientFormValues, type PhotoChange } from '../components/patient-form';
import { useClinicRequired } from '@/lib/use-clinic-required';

function BackToList() {
  return (
    <div>
      <Button variant="ghost" size="sm" className="-ml-2" asChild>
        <Link to="/pacientes">
          <ArrowLeft aria-hidden="true" />
          Volver a la lista
        </Link>
      </Button>
    </div>
  );
}

function toFormValues(p: Patient): PatientFormValues {
  return {
    nombres: p.nombres,
    apellidos: p.apellidos,
    fechaNacimiento: p.fechaNacimiento ?? '',
    genero: p.genero ?? '',
    telefono: p.telefono ?? '',
    email: p.email ?? '',
    direccion: p.direccion ?? '',
    notas: p.notas ?? '',
    estado: p.estado,
    ultimaVisita: p.ultimaVisita ?? '',
    proximaVisita: p.proximaVisita ?? '',
  };
}

/**
 * 'Editar Paciente' (/pacientes/{id}). An unknown id and another clinic's patient get the same
 * answer from the API (404), and so the same screen here.
 */
export default function EditPatientPage() {
  usePageTitle('Editar Paciente');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { account } = useSession();
  const canEdit = useCan('pacientes.editar');
  const patient = usePatient(id);
  const update = useUpdatePatient();
  const upload = useUploadPatientPhoto();
  const removePhoto = useRemovePatientPhoto();
  const redirecting = useClinicRequired(patient.error ?? update.error);
  const notFound = patient.error instanceof ApiError && patient.error.status === 404;

  useEffect(() => {
    if (patient.isError && !notFound && !redirecting) {
      toast.error('Error al cargar datos', errorMessage(patient.error, 'No se pudieron cargar los datos del paciente.'));
      navigate('/pacientes', { replace: true });
    }
  }, [patient.isError, patient.error, notFound, redirecting, navigate]);

  if (redirecting) return null;

  if (notFound) {
    return (
      <div className="flex max-w-3xl flex-col gap-6">
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <UserX className="size-10 text-muted-foreground" aria-hidden="true" />
            <h1 className="text-xl font-semibold">Paciente no encontrado</h1>
            <p className="text-muted-foreground">{PATIENT_MESSAGES.notFound}</p>
            <Button asChild className="mt-2">
              <Link to="/pacientes">
                <ArrowLeft aria-hidden="true" />
                Volver a la lista
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }

  const today = todayInZone(account?.clinica?.zonaHoraria ?? DEFAULT_TIME_ZONE);

  const onSubmit = async (values: UpdatePatientData, photo: PhotoChange) => {
    try {
      await update.mutateAsync({ id, input: values });
    } catch (error) {
      toast.error('Error al guardar cambios', errorMessage(error, 'No se pudieron guardar los cambios. Inténtalo de nuevo.'));
      throw error;
    }
    if (photo === 'remove') {
      try {
        await removePhoto.mutateAsync(id);
      } catch (error) {
        toast.error('Error al guardar cambios', errorMessage(error, 'No se pudo quitar la foto.'));
      }
    } else if (photo) {
      try {
        await upload.mutateAsync({ id, file: photo.file });
      } catch (error) {
        toast.error('Error al subir la foto', errorMessage(error, 'Los cambios se guardaron sin la nueva foto.'));
      }
    }
    toast.success('¡Cambios guardados!', `Los datos de ${values.nombres} ${values.apellidos} se han actualizado.`);
    navigate('/pacientes');
  };

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <BackToList />
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Editar Paciente</h1>
        <p className="text-muted-foreground">
          {patient.data ? `${patient.data.nombres} ${patient.data.apellidos}` : 'Cargando los datos del paciente...'}
        </p>
      </header>
      {patient.data ? (
        <PatientForm
          key={patient.data.id}
          mode="edit"
          today={today}
          defaultValues={toFormValues(patient.data)}
          currentPhotoUrl={patient.data.fotoUrl}
          readOnly={!canEdit}
          onSubmit={onSubmit}
        />
      ) : (
        <div className="grid gap-4" aria-busy="true" aria-label="Cargando paciente">
          <Skeleton className="size-20 rounded-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
    </div>
  );
}
