import { useState } from 'react';
import { ImagePicker, toastImageProblem } from '@/components/image-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { setServerFieldErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
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
  const [photo, setPhoto] = useState<File | null>(null);
  const isSubmitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
    } catch (error) {
      if (setServerFieldErrors(error, form.setError, PROFILE_FIELDS)) return;
      toast.error('Error al guardar cambios', errorMessage(error, 'Ocurrió un error al guardar tu información'));
      return;
    }
    if (photo) {
      try {
        await upload.mutateAsync(photo);
        setPhoto(null);
      } catch (error) {
        // The rest is saved; only the photo is missing.
        toast.error('Error al subir la imagen', errorMessage(error, 'No se pudo subir la imagen'));
      }
    }
    // The shell's footer shows the name and photo.
    await refresh().catch(() => null);
    toast.success('¡Perfil actualizado!', 'Tus datos se guardaron correctamente');
  });

  const fullName = [profile.data?.nombres, profile.data?.apellidos].filter(Boolean).join(' ');

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
                  file={photo}
                  onFileChange={setPhoto}
                  onInvalid={toastImageProblem}
                  buttonLabel={profile.data?.fotoUrl || photo ? 'Cambiar foto' : 'Subir foto'}
                  fallback={<span className="text-lg font-medium">{getInitials(fullName || profile.data?.email)}</span>}
                  disabled={isSubmitting}
                />
                <ProfileFields form={form} idPrefix="profile" />
                <FormField label="Correo electrónico" htmlFor="profile-email" description="El correo electrónico no se puede modificar">
                  <Input type="email" value={profile.data?.email ?? ''} readOnly disabled />
                </FormField>
              </>
            )}
          </CardContent>
          <CardFooter>
            <Button type="submit" className="ml-auto" disabled={isSubmitting || profile.isPending} aria-busy={isSubmitting}>
              {isSubmitting && <Spinner decorative />}
              {isSubmitting ? 'Guardando...' : 'Guardar cambios'}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </div>
  );
}
