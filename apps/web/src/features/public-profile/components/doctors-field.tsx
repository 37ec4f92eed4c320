import { IMAGE_ACCEPT_ATTRIBUTE, PUBLIC_PROFILE_LIMITS, type PublicProfileInput } from '@odontia/shared';
import { Trash2, UserRound } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { pickImage, toastImageProblem } from '@/components/image-picker';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { tryImageStep } from '@/lib/use-save-with-image';
import { useUploadDoctorImage } from '../api/public-profile';
import { AddRowButton } from './add-row-button';

/** 'Profesionales': name, specialty and a photo each. The photo is stored at once; its URL is saved with the form. */
export function DoctorsField({ form, disabled }: { form: UseFormReturn<PublicProfileInput>; disabled: boolean }) {
  const { fields, append, remove, update } = useFieldArray({ control: form.control, name: 'doctores' });
  const uploadImage = useUploadDoctorImage();
  const errors = form.formState.errors.doctores;
  const onPhoto = async (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const file = pickImage(event, toastImageProblem);
    if (!file) return;
    await tryImageStep(
      async () => {
        const { imagen } = await uploadImage.mutateAsync(file);
        update(index, { ...form.getValues(`doctores.${index}`), imagen });
      },
      { title: 'Error al subir la foto', fallback: 'Ocurrió un error inesperado. Inténtalo de nuevo.' },
    );
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">Profesionales</legend>
      {fields.map((doctor, i) => (
        <div
          key={doctor.id}
          className="grid grid-cols-[auto_1fr_auto] items-start gap-3 rounded-lg border p-3 sm:grid-cols-[auto_1fr_1fr_auto]"
        >
          <label
            className={`relative block size-12 overflow-hidden rounded-full bg-muted ${disabled ? '' : 'cursor-pointer'}`}
          >
            {form.watch(`doctores.${i}.imagen`) ? (
              <img
                src={form.watch(`doctores.${i}.imagen`) ?? ''}
                alt=""
                width={48}
                height={48}
                className="size-12 object-cover"
              />
            ) : (
              <UserRound className="m-3 size-6 text-muted-foreground" aria-hidden="true" />
            )}
            <span className="sr-only">Foto del profesional {i + 1}</span>
            <input
              type="file"
              accept={IMAGE_ACCEPT_ATTRIBUTE}
              className="sr-only"
              disabled={disabled}
              onChange={(e) => onPhoto(i, e)}
            />
          </label>
          <FormField label="Nombre" error={errors?.[i]?.nombre?.message}>
            <Input
              maxLength={PUBLIC_PROFILE_LIMITS.doctorTexto}
              disabled={disabled}
              {...form.register(`doctores.${i}.nombre`)}
            />
          </FormField>
          <FormField
            label="Especialidad"
            error={errors?.[i]?.especialidad?.message}
            className="col-start-2 sm:col-start-auto"
          >
            <Input
              maxLength={PUBLIC_PROFILE_LIMITS.doctorTexto}
              disabled={disabled}
              {...form.register(`doctores.${i}.especialidad`)}
            />
          </FormField>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="col-start-3 row-start-1 mt-6 sm:col-start-4"
            onClick={() => remove(i)}
            disabled={disabled}
            aria-label={`Quitar al profesional ${i + 1}`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <AddRowButton
        onClick={() => append({ nombre: '', especialidad: '', imagen: null })}
        disabled={disabled || fields.length >= PUBLIC_PROFILE_LIMITS.doctores}
      >
        Añadir profesional
      </AddRowButton>
    </fieldset>
  );
}
