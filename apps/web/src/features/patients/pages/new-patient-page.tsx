import type { CreatePatientData } from '@odontia/shared';
import { useClinicToday } from '@/lib/use-clinic-today';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useCreatePatient } from '../api/create-patient';
import { useUploadPatientPhoto } from '../api/upload-patient-photo';
import { PatientForm } from '../components/patient-form';
import { PatientPageFrame } from '../components/patient-page-frame';
import { useSubmitPatient } from '../hooks/use-submit-patient';

/** 'Nuevo Paciente' (/pacientes/nuevo). */
export default function NewPatientPage() {
  usePageTitle('Nuevo Paciente');
  const today = useClinicToday();
  const create = useCreatePatient();
  const upload = useUploadPatientPhoto();
  const onSubmit = useSubmitPatient({
    save: (values: CreatePatientData) => create.mutateAsync(values),
    saveFailed: {
      title: 'Error al registrar paciente',
      fallback: 'No se pudo registrar el paciente. Inténtalo de nuevo.',
    },
    upload: (file, { id }) => upload.mutateAsync({ id, file }),
    // Spec 000 §8: the patient is registered; only the photo is missing.
    uploadFailed: { title: 'Error al subir la foto', fallback: 'El paciente se registró sin foto.' },
    saved: ({ nombres, apellidos }) => ({
      title: '¡Paciente registrado!',
      description: `${nombres} ${apellidos} se ha añadido a la lista de pacientes.`,
    }),
  });
  const redirecting = useClinicRequired(create.error);
  if (redirecting) return null;

  return (
    <PatientPageFrame title="Nuevo Paciente" subtitle="Registra los datos de un nuevo paciente de la clínica.">
      <PatientForm mode="create" today={today} onSubmit={onSubmit} />
    </PatientPageFrame>
  );
}
