import { zodResolver } from '@hookform/resolvers/zod';
import { PUBLIC_PROFILE_LIMITS, publicProfileSchema, type PublicProfileInput } from '@odontia/shared';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useUpdatePublicProfile, type StaffPublicProfile } from '../api/public-profile';
import { HoursField } from './hours-field';
import { ProfileImageField } from './profile-image-field';
import { PublicProfileDetails } from './public-profile-details';
import { PublishField } from './publish-field';
import { ServicesField } from './services-field';
import { SpecialtiesField } from './specialties-field';

const toForm = (perfil: StaffPublicProfile): PublicProfileInput => ({
  publicada: perfil.publicada,
  descripcion: perfil.descripcion ?? '',
  especialidades: perfil.especialidades as PublicProfileInput['especialidades'],
  servicios: perfil.servicios,
  horario: perfil.horario,
  email: perfil.email ?? '',
  sitioWeb: perfil.sitioWeb ?? '',
});

/** The staff's form of the public profile; without clinica.editar, the profile to read (the server checks it again). */
export function PublicProfileForm({ perfil }: { perfil: StaffPublicProfile }) {
  return useCan('clinica.editar') ? <PublicProfileEditor perfil={perfil} /> : <PublicProfileDetails perfil={perfil} />;
}

function PublicProfileEditor({ perfil }: { perfil: StaffPublicProfile }) {
  const save = useUpdatePublicProfile();
  const form = useForm<PublicProfileInput>({ resolver: zodResolver(publicProfileSchema), values: toForm(perfil) });
  const { errors } = form.formState;
  const disabled = save.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(publicProfileSchema.parse(values));
      toast.success('¡Cambios guardados!', values.publicada ? 'Tu perfil público está actualizado.' : undefined);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields))
          form.setError(field as keyof PublicProfileInput, { message });
      }
      toast.error('Error al guardar cambios', errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <PublishField form={form} perfil={perfil} disabled={disabled} />
      <ProfileImageField perfil={perfil} disabled={disabled} />

      <FormField
        label="Descripción"
        error={errors.descripcion?.message}
        description="Cuenta a los pacientes qué hace especial a tu clínica."
      >
        <Textarea
          rows={4}
          maxLength={PUBLIC_PROFILE_LIMITS.descripcion}
          disabled={disabled}
          {...form.register('descripcion')}
        />
      </FormField>

      <SpecialtiesField form={form} disabled={disabled} />
      <ServicesField form={form} disabled={disabled} />
      <HoursField form={form} disabled={disabled} />

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Email de contacto"
          error={errors.email?.message}
          description="Recibirás aquí las solicitudes de cita."
        >
          <Input type="email" autoComplete="email" disabled={disabled} {...form.register('email')} />
        </FormField>
        <FormField label="Sitio web" error={errors.sitioWeb?.message}>
          <Input type="url" placeholder="https://" disabled={disabled} {...form.register('sitioWeb')} />
        </FormField>
      </div>

      <div className="grid gap-1">
        <p className="text-sm font-medium">Profesionales</p>
        <p className="text-sm text-muted-foreground">
          El perfil muestra los dentistas activos de la clínica.{' '}
          <Link to="/dentistas" className="font-medium text-primary underline-offset-4 hover:underline">
            Gestionar dentistas
          </Link>
        </p>
      </div>

      <div className="flex justify-end">
        <SubmitButton pending={save.isPending} pendingLabel="Guardando...">
          Guardar cambios
        </SubmitButton>
      </div>
    </form>
  );
}
