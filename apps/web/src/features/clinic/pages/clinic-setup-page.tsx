import { zodResolver } from '@hookform/resolvers/zod';
import { CLINIC_MESSAGES, clinicSetupSchema } from '@odontia/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ImagePicker, imageProblemMessage } from '@/components/image-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { setServerFieldErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { useClinic } from '../api/get-clinic';
import { useSaveClinic } from '../api/save-clinic';
import { useUploadClinicLogo } from '../api/upload-clinic-logo';
import { ClinicFields } from '../components/clinic-fields';

const FIELDS = ['nombre', 'telefono'] as const;

/**
 * /configurar-clinica: first-time setup with name, phone and an optional logo, where screens that
 * need a clinic send a user who has none (spec 000 §2, 001 §4).
 */
export default function ClinicSetupPage() {
  usePageTitle('Configura tu clínica');
  const navigate = useNavigate();
  const { refresh } = useSession();
  const clinic = useClinic();
  const save = useSaveClinic();
  const uploadLogo = useUploadClinicLogo();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string>();
  const [finishing, setFinishing] = useState(false);
  const form = useForm({ resolver: zodResolver(clinicSetupSchema), defaultValues: { nombre: '', telefono: '' } });
  const isSubmitting = form.formState.isSubmitting;
  const hasClinic = Boolean(clinic.data);

  // First-time only: a clinic that exists is edited in 'Configuración de la Clínica'.
  useEffect(() => {
    if (hasClinic && !finishing) navigate('/dashboard', { replace: true });
  }, [hasClinic, finishing, navigate]);

  const onSubmit = form.handleSubmit(async ({ nombre, telefono }) => {
    setFinishing(true);
    try {
      await save.mutateAsync({ nombre, telefono });
    } catch (error) {
      setFinishing(false);
      if (setServerFieldErrors(error, form.setError, FIELDS)) return;
      toast.error('Error al configurar la clínica', errorMessage(error, 'Ocurrió un error inesperado'));
      return;
    }
    if (logo) {
      try {
        await uploadLogo.mutateAsync(logo);
      } catch (error) {
        toast.error(CLINIC_MESSAGES.logoUploadFailed, errorMessage(error, CLINIC_MESSAGES.logoUploadFallback));
      }
    }
    await refresh().catch(() => null);
    toast.success('¡Configuración completada!', 'Tu clínica ha sido configurada con éxito');
    navigate('/dashboard', { replace: true });
  });

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
            file={logo}
            onFileChange={(file) => {
              setLogo(file);
              setLogoError(undefined);
            }}
            onInvalid={(problem) => {
              setLogo(null);
              setLogoError(imageProblemMessage(problem));
            }}
            error={logoError}
            buttonLabel={logo ? 'Cambiar logo' : 'Subir logo'}
            disabled={isSubmitting}
          />
          <ClinicFields form={form} fields={FIELDS} required={FIELDS} idPrefix="setup-clinic" />
        </CardContent>
        <CardFooter className="border-t">
          <Button type="submit" className="ml-auto" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting && <Spinner decorative />}
            {isSubmitting ? 'Guardando...' : 'Guardar y continuar'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
