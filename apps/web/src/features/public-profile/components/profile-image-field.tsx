import { IMAGE_ACCEPT_ATTRIBUTE, IMAGE_MESSAGES } from '@odontia/shared';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { pickImage, toastImageProblem } from '@/components/image-picker';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { tryImageStep } from '@/lib/use-save-with-image';
import { useRemoveProfileImage, useUploadProfileImage, type StaffPublicProfile } from '../api/public-profile';
import { ClinicImage } from '@/components/clinic-image';

/** The clinic's image in the directory: uploaded or removed at once, apart from the form's save. */
export function ProfileImageField({ perfil, disabled }: { perfil: StaffPublicProfile; disabled: boolean }) {
  const upload = useUploadProfileImage();
  const remove = useRemoveProfileImage();
  const id = useId();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = pickImage(event, toastImageProblem);
    if (!file) return;
    const uploaded = await tryImageStep(() => upload.mutateAsync(file), {
      title: 'Error al subir la imagen',
      fallback: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
    });
    if (uploaded) toast.success('¡Imagen actualizada!');
  };
  return (
    <div className="grid gap-3 sm:grid-cols-[16rem_1fr] sm:items-center">
      <ClinicImage src={perfil.imagen} className="rounded-lg border" sizes="16rem" />
      <div className="space-y-2">
        <p className="text-sm font-medium">Imagen de la clínica</p>
        <p className="text-sm text-muted-foreground">
          {IMAGE_MESSAGES.hint}. Se muestra en el directorio y en tu perfil.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm" disabled={disabled || upload.isPending}>
            <label htmlFor={id} className={disabled ? 'pointer-events-none opacity-50' : 'cursor-pointer'}>
              {upload.isPending ? <Spinner decorative /> : <ImagePlus aria-hidden="true" />}
              {perfil.imagen ? 'Cambiar imagen' : 'Subir imagen'}
            </label>
          </Button>
          <input
            id={id}
            type="file"
            accept={IMAGE_ACCEPT_ATTRIBUTE}
            className="sr-only"
            onChange={onFile}
            disabled={disabled}
          />
          {perfil.imagen ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={disabled || remove.isPending}
              onClick={() => remove.mutate()}
            >
              <Trash2 aria-hidden="true" />
              Quitar
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
