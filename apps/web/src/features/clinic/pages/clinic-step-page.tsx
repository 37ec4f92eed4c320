import { zodResolver } from '@hookform/resolvers/zod';
import { CLINIC_MESSAGES, clinicOnboardingSchema, isClinicComplete } from '@odontia/shared';
import { Info } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ImagePicker } from '@/components/image-picker';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api';
import { setServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { useFinishClinicSetup } from '../api/finish-clinic-setup';
import { useClinic } from '../api/get-clinic';
import { ClinicFields, clinicToForm } from '../components/clinic-fields';

const FIELDS = ['nombre', 'telefono', 'pais', 'ciudad', 'direccion', 'zonaHoraria'] as const;
/** The spec's five; the zone follows the country and the city unless chosen. */
const REQUIRED = ['nombre', 'telefono', 'pais', 'ciudad', 'direccion'] as const;
/** Spec 000 §9: the dashboard opens about 100 ms after success. */
const REDIRECT_DELAY_MS = 100;

/** /onboarding/clinica, step 2 of 2: 'Configura tu clínica dental'. */
export default function ClinicStepPage() {
  usePageTitle('Configura tu clínica dental');
  const navigate = useNavigate();
  const clinic = useClinic();
  const { finish, finishing, logoPicker } = useFinishClinicSetup({ redirectDelayMs: REDIRECT_DELAY_MS });
  const form = useForm({
    resolver: zodResolver(clinicOnboardingSchema),
    defaultValues: clinicToForm(null),
    // Whatever the clinic already has is prefilled (spec 000 §2).
    values: clinic.data ? clinicToForm(clinic.data) : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const isSubmitting = form.formState.isSubmitting;
  const complete = isClinicComplete(clinic.data ?? null);

  // A clinic with name, phone, country, city and address needs no setup (spec 000 §2).
  useEffect(() => {
    if (complete && !finishing) navigate('/dashboard', { replace: true });
  }, [complete, finishing, navigate]);

  useEffect(() => {
    if (clinic.isError)
      toast.error('Error al cargar información', errorMessage(clinic.error, 'Inténtalo de nuevo más tarde'));
  }, [clinic.isError, clinic.error]);

  const onSubmit = form.handleSubmit((values) =>
    finish(values, (error) => setServerFieldErrors(error, form.setError, FIELDS)),
  );

  if (clinic.isPending || (complete && !finishing)) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label="Cargando tu clínica" />
      </div>
    );
  }

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="clinic-step-title" className="grid gap-6">
        <CardHeader>
          <p className="text-muted-foreground text-sm">Paso 2 de 2</p>
          <CardTitle>
            <h1 id="clinic-step-title" className="text-2xl font-semibold">
              Configura tu clínica dental
            </h1>
          </CardTitle>
          <CardDescription className="flex items-center gap-2">
            <Info className="size-4 shrink-0" aria-hidden="true" />
            {CLINIC_MESSAGES.visibleToPatients}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ImagePicker
            label="Logo de la clínica"
            currentUrl={clinic.data?.logoUrl}
            {...logoPicker}
            buttonLabel={logoPicker.file || clinic.data?.logoUrl ? 'Cambiar logo' : 'Subir logo'}
            disabled={isSubmitting}
          />
          <ClinicFields form={form} fields={FIELDS} required={REQUIRED} idPrefix="onboarding-clinic" />
        </CardContent>
        <CardFooter className="flex flex-col items-stretch gap-4 border-t sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted-foreground text-sm">{CLINIC_MESSAGES.editableLater}</p>
          <SubmitButton pending={isSubmitting} pendingLabel="Guardando..." className="shrink-0">
            Finalizar configuración
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
