import { DEFAULT_TIME_ZONE, todayInZone, type CreatePatientData } from '@odontia/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { useCreatePatient } from '../api/create-patient';
import { useUploadPatientPhoto } from '../api/upload-patient-photo';
import { PatientForm, type PhotoChange } from '../components/patient-form';
import { useClinicRequired } from '@/lib/use-clinic-required';

/** 'Nuevo Paciente' (/pacientes/nuevo). */
export default function NewPatientPage() {
  usePageTitle('Nuevo Paciente');
  const navigate = useNavigate();
  const { account } = useSession();
  const create = useCreatePatient();
  const upload = useUploadPatientPhoto();
  const redirecting = useClinicRequired(create.error);
  if (redirecting) return null;

  const today = todayInZone(account?.clinica?.zonaHoraria ?? DEFAULT_TIME_ZONE);

  const onSubmit = async (values: CreatePatientData, photo: PhotoChange) => {
    let id: string;
    try {
      id = (await create.mutateAsync(values)).id;
    } catch (error) {
      toast.error('Error al registrar paciente', errorMessage(error, 'No se pudo registrar el paciente. Inténtalo de nuevo.'));
      throw error;
    }
    if (photo && photo !== 'remove') {
      try {
        await upload.mutateAsync({ id, file: photo.file });
      } catch (error) {
        // Spec 000 §8: the patient is registered; only the photo is missing.
        toast.error('Error al subir la foto', errorMessage(error, 'El paciente se registró sin foto.'));
      }
    }
    toast.success('¡Paciente registrado!', `${values.nombres} ${values.apellidos} se ha añadido a la lista de pacientes.`);
    navigate('/pacientes');
  };

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <Button variant="ghost" size="sm" className="-ml-2" asChild>
          <Link to="/pacientes">
            <ArrowLeft aria-hidden="true" />
            Volver a la lista
          </Link>
        </Button>
      </div>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Nuevo Paciente</h1>
        <p className="text-muted-foreground">Registra los datos de un nuevo paciente de la clínica.</p>
      </header>
      <PatientForm mode="create" today={today} onSubmit={onSubmit} />
    </div>
  );
}
