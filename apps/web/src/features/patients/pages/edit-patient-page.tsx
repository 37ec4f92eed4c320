import { PATIENT_MESSAGES, type UpdatePatientData } from '@odontia/shared';
import { ScrollText, Smile, UserX } from 'lucide-react';
import { useEffect, type ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MedicalAlertBadge } from '@/components/medical-alert-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { useClinicToday } from '@/lib/use-clinic-today';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { usePatient, type Patient } from '../api/get-patient';
import { useRemovePatientPhoto } from '../api/remove-patient-photo';
import { useUpdatePatient } from '../api/update-patient';
import { useUploadPatientPhoto } from '../api/upload-patient-photo';
import { ExportRecordButton } from '../components/export-record-button';
import { PatientDetails } from '../components/patient-details';
import { MedicalAlertsSection } from '../components/medical-alerts-section';
import { PatientForm, type PatientFormValues } from '../components/patient-form';
import { BackToList, PatientPageFrame } from '../components/patient-page-frame';
import { useSubmitPatient } from '../hooks/use-submit-patient';

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
    consentimientoRecordatorios: p.consentimientos.recordatorios !== null,
    consentimientoComunicaciones: p.consentimientos.comunicaciones !== null,
  };
}

/**
 * 'Editar Paciente' (/pacientes/{id}). An unknown id and another clinic's patient get the same
 * answer from the API (404), and so the same screen here. Other features' sections about the patient
 * (the signed consents) come in `sections`, composed by the router (features do not import each other).
 */
export default function EditPatientPage({ sections = [] }: { sections?: ComponentType<{ patientId: string }>[] }) {
  const canEdit = useCan('pacientes.editar');
  // Read-only members see the record, not a form they cannot use.
  const title = canEdit ? 'Editar Paciente' : 'Ficha del Paciente';
  usePageTitle(title);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const today = useClinicToday();
  const canSeeChart = useCan('odontograma.ver');
  const canSeeHistory = useCan('historia.ver');
  const canExport = useCan('historia.exportar');
  const patient = usePatient(id);
  const update = useUpdatePatient();
  const upload = useUploadPatientPhoto();
  const removePhoto = useRemovePatientPhoto();
  const onSubmit = useSubmitPatient({
    save: (values: UpdatePatientData) => update.mutateAsync({ id, input: values }),
    saveFailed: {
      title: 'Error al guardar cambios',
      fallback: 'No se pudieron guardar los cambios. Inténtalo de nuevo.',
    },
    upload: (file) => upload.mutateAsync({ id, file }),
    uploadFailed: { title: 'Error al subir la foto', fallback: 'Los cambios se guardaron sin la nueva foto.' },
    remove: {
      run: () => removePhoto.mutateAsync(id),
      failed: { title: 'Error al guardar cambios', fallback: 'No se pudo quitar la foto.' },
    },
    saved: ({ nombres, apellidos }) => ({
      title: '¡Cambios guardados!',
      description: `Los datos de ${nombres} ${apellidos} se han actualizado.`,
    }),
  });
  const redirecting = useClinicRequired(patient.error ?? update.error);
  const notFound = patient.error instanceof ApiError && patient.error.status === 404;

  useEffect(() => {
    if (patient.isError && !notFound && !redirecting) {
      toast.error(
        'Error al cargar datos',
        errorMessage(patient.error, 'No se pudieron cargar los datos del paciente.'),
      );
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
            <BackToList variant="default" size="default" className="mt-2" />
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <PatientPageFrame
      title={title}
      subtitle={
        patient.data ? `${patient.data.nombres} ${patient.data.apellidos}` : 'Cargando los datos del paciente...'
      }
      badge={patient.data ? <MedicalAlertBadge alertas={patient.data.alertas} /> : null}
      actions={
        patient.data && (canSeeChart || canSeeHistory || canExport) ? (
          <div className="flex flex-wrap gap-2">
            {canSeeHistory ? (
              <Button variant="outline" asChild>
                <Link to={`/pacientes/${patient.data.id}/historia`}>
                  <ScrollText aria-hidden="true" />
                  Historia clínica
                </Link>
              </Button>
            ) : null}
            {canSeeChart ? (
              <Button variant="outline" asChild>
                <Link to={`/odontograma?paciente=${patient.data.id}`}>
                  <Smile aria-hidden="true" />
                  Ver odontograma
                </Link>
              </Button>
            ) : null}
            {canExport ? <ExportRecordButton patientId={patient.data.id} /> : null}
          </div>
        ) : null
      }
    >
      {patient.data && !canEdit ? (
        <PatientDetails patient={patient.data} />
      ) : patient.data ? (
        <PatientForm
          key={patient.data.id}
          mode="edit"
          today={today}
          defaultValues={toFormValues(patient.data)}
          currentPhotoUrl={patient.data.fotoUrl}
          consents={patient.data.consentimientos}
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
      {patient.data ? <MedicalAlertsSection patientId={patient.data.id} /> : null}
      {patient.data ? sections.map((Section, i) => <Section key={i} patientId={patient.data.id} />) : null}
    </PatientPageFrame>
  );
}
