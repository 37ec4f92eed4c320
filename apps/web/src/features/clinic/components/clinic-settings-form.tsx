import { zodResolver } from '@hookform/resolvers/zod';
import { CLINIC_MESSAGES, clinicSchema, countryOf, zoneName, type ClinicData, type ClinicInput } from '@odontia/shared';
import { Building2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ImagePicker, toastImageProblem } from '@/components/image-picker';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { SubmitButton } from '@/components/ui/submit-button';
import { showSubmitError } from '@/lib/form-errors';
import { useCan, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSaveWithImage } from '@/lib/use-save-with-image';
import type { Clinic } from '../api/get-clinic';
import { useUpdateClinic } from '../api/update-clinic';
import { useUploadClinicLogo } from '../api/upload-clinic-logo';
import { CLINIC_FIELD_LABELS, ClinicFields, clinicToForm } from './clinic-fields';

const FIELDS = ['nombre', 'telefono', 'direccion', 'pais', 'ciudad', 'zonaHoraria'] as const;
const REQUIRED = ['nombre', 'telefono'] as const;

/** The clinic's data for members who may see the settings but not change them: read, not a greyed form. */
function ClinicDetails({ clinica }: { clinica: Clinic }) {
  return (
    <Card role="region" aria-labelledby="clinic-settings-title">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="size-5" aria-hidden="true" />
          <h2 id="clinic-settings-title">Información de la clínica</h2>
        </CardTitle>
        <CardDescription>
          Solo las personas con permiso para editar la clínica pueden modificar esta información.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {clinica.logoUrl ? (
          <img src={clinica.logoUrl} alt="Logo de la clínica" className="size-20 rounded-lg object-contain" />
        ) : null}
        <DetailList
          items={[
            { label: CLINIC_FIELD_LABELS.nombre, value: clinica.nombre },
            { label: CLINIC_FIELD_LABELS.telefono, value: clinica.telefono },
            { label: CLINIC_FIELD_LABELS.direccion, value: clinica.direccion },
            { label: CLINIC_FIELD_LABELS.pais, value: countryOf(clinica.pais)?.nombre ?? clinica.pais },
            { label: CLINIC_FIELD_LABELS.ciudad, value: clinica.ciudad },
            { label: CLINIC_FIELD_LABELS.zonaHoraria, value: zoneName(clinica.zonaHoraria) },
          ]}
        />
      </CardContent>
    </Card>
  );
}

/** The clinic's own data in 'Configuración de la Clínica': logo, name, phone, address, country, city and its zone. */
export function ClinicSettingsForm({ clinica }: { clinica: Clinic }) {
  return useCan('clinica.editar') ? <ClinicSettingsEditor clinica={clinica} /> : <ClinicDetails clinica={clinica} />;
}

function ClinicSettingsEditor({ clinica }: { clinica: Clinic }) {
  const { refresh } = useSession();
  const update = useUpdateClinic();
  const uploadLogo = useUploadClinicLogo();
  const form = useForm<ClinicInput, unknown, ClinicData>({
    resolver: zodResolver(clinicSchema),
    defaultValues: clinicToForm(clinica),
  });
  const isSubmitting = form.formState.isSubmitting;

  const logo = useSaveWithImage({
    save: async (values: ClinicData) => {
      const { clinica: saved } = await update.mutateAsync(values);
      form.reset(clinicToForm(saved));
    },
    onSaveError: (error) =>
      showSubmitError(error, form.setError, FIELDS, {
        title: 'Error al guardar cambios',
        fallback: 'Ocurrió un error al guardar la información',
      }),
    upload: (file) => uploadLogo.mutateAsync(file),
    uploadFailed: { title: CLINIC_MESSAGES.logoUploadFailed, fallback: 'No se pudo subir la imagen' },
    onSaved: async () => {
      // The shell shows the clinic's name.
      await refresh().catch(() => null);
      toast.success('¡Información actualizada!', 'Los datos de tu clínica se guardaron correctamente');
    },
  });
  const onSubmit = form.handleSubmit((values) => logo.saveWithImage(values));

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="clinic-settings-title" className="grid gap-6">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Building2 className="size-5" aria-hidden="true" />
            <h2 id="clinic-settings-title">Información de la clínica</h2>
          </CardTitle>
          <CardDescription>{CLINIC_MESSAGES.visibleToPatients}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ImagePicker
            label="Logo de la clínica"
            currentUrl={clinica.logoUrl}
            file={logo.image}
            onFileChange={logo.setImage}
            onInvalid={toastImageProblem}
            buttonLabel={logo.image || clinica.logoUrl ? 'Cambiar logo' : 'Subir logo'}
            disabled={isSubmitting}
          />
          <ClinicFields
            form={form}
            fields={FIELDS}
            required={REQUIRED}
            idPrefix="settings-clinic"
            savedZone={clinica.zonaHoraria}
          />
        </CardContent>
        <CardFooter className="justify-end gap-2 border-t">
          <Link to="/dashboard" className={buttonVariants({ variant: 'outline' })}>
            Cancelar
          </Link>
          <SubmitButton pending={isSubmitting} pendingLabel="Guardando...">
            Guardar cambios
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
