import { displayName } from '@odontia/shared';
import { ImagePicker, toastImageProblem } from '@/components/image-picker';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { showSubmitError } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { useSaveWithImage } from '@/lib/use-save-with-image';
import { getInitials } from '@/lib/utils';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadProfilePhoto } from '../api/upload-profile-photo';
import { PROFILE_FIELDS, ProfileFields, useProfileForm } from '../components/profile-fields';

/** 'Mi Perfil' (/profile): photo, nombres, apellidos, telefono and the read-only email. */
export default function ProfilePage() {
  usePageTitle('Mi Perfil');
  const { refresh } = useSession();
  const { profile, form } = useProfileForm();
  const update = useUpdateProfile();
  const upload = useUploadProfilePhoto();
  const isSubmitting = form.formState.isSubmitting;
  const photo = useSaveWithImage({
    save: update.mutateAsync,
    onSaveError: (error) =>
      showSubmitError(error, form.setError, PROFILE_FIELDS, {
        title: 'Error al guardar cambios',
        fallback: 'Ocurrió un error al guardar tu información',
      }),
    upload: (file) => upload.mutateAsync(file),
    // The rest is saved; only the photo is missing.
    uploadFailed: { title: 'Error al subir la imagen', fallback: 'No se pudo subir la imagen' },
    onSaved: async () => {
      // The shell's footer shows the name and photo.
      await refresh().catch(() => null);
      toast.success('¡Perfil actualizado!', 'Tus datos se guardaron correctamente');
    },
  });
  const onSubmit = form.handleSubmit((values) => photo.saveWithImage(values));

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Mi Perfil</h1>
        <p className="text-muted-foreground">Tus datos personales en Odontia.</p>
      </header>
      <Card>
        <form onSubmit={onSubmit} noValidate aria-label="Mi Perfil" className="grid gap-6">
          <CardHeader>
            <CardTitle>
              <h2>Información personal</h2>
            </CardTitle>
            <CardDescription>Tu nombre y tu foto se muestran a tu equipo.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {profile.isPending ? (
              <div className="grid gap-4" aria-hidden="true">
                <Skeleton className="size-20 rounded-full" />
                <Skeleton className="h-9 w-full" />
                <Skeleton className="h-9 w-full" />
              </div>
            ) : (
              <>
                <ImagePicker
                  label="Foto de perfil"
                  shape="circle"
                  currentUrl={profile.data?.fotoUrl}
                  file={photo.image}
                  onFileChange={photo.setImage}
                  onInvalid={toastImageProblem}
                  buttonLabel={profile.data?.fotoUrl || photo.image ? 'Cambiar foto' : 'Subir foto'}
                  fallback={
                    <span className="text-lg font-medium">
                      {getInitials(displayName(profile.data, profile.data?.email))}
                    </span>
                  }
                  disabled={isSubmitting}
                />
                <ProfileFields form={form} idPrefix="profile" />
                <FormField
                  label="Correo electrónico"
                  htmlFor="profile-email"
                  description="El correo electrónico no se puede modificar"
                >
                  <Input type="email" value={profile.data?.email ?? ''} readOnly disabled />
                </FormField>
              </>
            )}
          </CardContent>
          <CardFooter>
            <SubmitButton
              pending={isSubmitting}
              pendingLabel="Guardando..."
              className="ml-auto"
              disabled={profile.isPending}
            >
              Guardar cambios
            </SubmitButton>
          </CardFooter>
        </form>
      </Card>
    </div>
  );
}
