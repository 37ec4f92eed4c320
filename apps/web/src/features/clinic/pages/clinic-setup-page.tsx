import { zodResolver } from '@hookform/resolvers/zod';
import { clinicSetupSchema } from '@odontia/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ImagePicker } from '@/components/image-picker';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { setServerFieldErrors } from '@/lib/form-errors';
import { usePageTitle } from '@/lib/use-page-title';
import { useFinishClinicSetup } from '../api/finish-clinic-setup';
import { useClinic } from '../api/get-clinic';
import { ClinicFields } from '../components/clinic-fields';

const FIELDS = ['nombre', 'telefono'] as const;

/**
 * /configurar-clinica: first-time setup with name, phone and an optional logo, where screens that
 * need a clinic send a user who has none (spec 000 §2, 001 §4).
 */
export default function ClinicSetupPage() {
  usePageTitle('Configura tu clínica');
  const navigate = useNavigate();
  const clinic = useClinic();
  const { finish, finishing, logoPicker } = useFinishClinicSetup();
  const form = useForm({ resolver: zodResolver(clinicSetupSchema), defaultValues: { nombre: '', telefono: '' } });
  const isSubmitting = form.formState.isSubmitting;
  const hasClinic = Boolean(clinic.data);

  // First-time only: a clinic that exists is edited in 'Configuración de la Clínica'.
  useEffect(() => {
    if (hasClinic && !finishing) navigate('/dashboard', { replace: true });
  }, [hasClinic, finishing, navigate]);

  const onSubmit = form.handleSubmit(({ nombre, telefono }) =>
    finish({ nombre, telefono }, (error) => setServerFieldErrors(error, form.setError, FIELDS)),
  );

  if (clinic.isPending || (hasClinic && !finishing)) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label="Cargando tu clínica" />
      </div>
    );
  }

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="clinic-setup-title" className="grid gap-6">
        <CardHeader>
          <CardTitle>
            <h1 id="clinic-setup-title" className="text-2xl font-semibold">
              Configura tu clínica
            </h1>
          </CardTitle>
          <CardDescription>Necesitas una clínica para gestionar pacientes, citas y tu equipo.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ImagePicker
            label="Logo de la clínica (opcional)"
            {...logoPicker}
            buttonLabel={logoPicker.file ? 'Cambiar logo' : 'Subir logo'}
            disabled={isSubmitting}
          />
          <ClinicFields form={form} fields={FIELDS} required={FIELDS} idPrefix="setup-clinic" />
        </CardContent>
        <CardFooter className="border-t">
          <SubmitButton pending={isSubmitting} pendingLabel="Guardando..." className="ml-auto">
            Guardar y continuar
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
