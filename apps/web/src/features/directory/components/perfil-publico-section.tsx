import { zodResolver } from '@hookform/resolvers/zod';
import {
  checkImageFile,
  IMAGE_ACCEPT_ATTRIBUTE,
  IMAGE_MESSAGES,
  PUBLIC_PROFILE_LIMITS,
  publicProfileSchema,
  type PublicProfileInput,
} from '@odontia/shared';
import { ExternalLink, ImagePlus, Plus, Trash2, UserRound, X } from 'lucide-react';
import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Controller, useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useEspecialidades } from '../api/get-filtros';
import {
  usePerfilPublico,
  useRemoveImagenPerfil,
  useUpdatePerfilPublico,
  useUploadDoctorImage,
  useUploadImagenPerfil,
  type PerfilPublicoStaff,
} from '../api/perfil-publico';
import { ClinicImage } from './clinic-image';

type FormValues = PublicProfileInput;

const toForm = (perfil: PerfilPublicoStaff): FormValues => ({
  publicada: perfil.publicada,
  descripcion: perfil.descripcion ?? '',
  especialidades: perfil.especialidades as FormValues['especialidades'],
  servicios: perfil.servicios,
  horario: perfil.horario,
  email: perfil.email ?? '',
  sitioWeb: perfil.sitioWeb ?? '',
  doctores: perfil.doctores,
});

/** The spec's toasts for a rejected image (clinic settings, spec 000 §5), before anything is uploaded. */
function precheck(file: File): boolean {
  const problem = checkImageFile(file);
  if (problem === 'notAnImage') toast.error(IMAGE_MESSAGES.invalidFormatToast, IMAGE_MESSAGES.notAnImage);
  if (problem === 'tooLarge') toast.error(IMAGE_MESSAGES.tooLargeToast, IMAGE_MESSAGES.tooLarge);
  return problem === null;
}

function ImagenPerfil({ perfil, disabled }: { perfil: PerfilPublicoStaff; disabled: boolean }) {
  const upload = useUploadImagenPerfil();
  const remove = useRemoveImagenPerfil();
  const id = useId();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !precheck(file)) return;
    try {
      await upload.mutateAsync(file);
      toast.success('¡Imagen actualizada!');
    } catch (error) {
      toast.error('Error al subir la imagen', errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.'));
    }
  };
  return (
    <div className="grid gap-3 sm:grid-cols-[16rem_1fr] sm:items-center">
      <ClinicImage src={perfil.imagen} className="rounded-lg border" sizes="16rem" />
      <div className="space-y-2">
        <p className="text-sm font-medium">Imagen de la clínica</p>
        <p className="text-sm text-muted-foreground">{IMAGE_MESSAGES.hint}. Se muestra en el directorio y en tu perfil.</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm" disabled={disabled || upload.isPending}>
            <label htmlFor={id} className={disabled ? 'pointer-events-none opacity-50' : 'cursor-pointer'}>
              {upload.isPending ? <Spinner decorative /> : <ImagePlus aria-hidden="true" />}
              {perfil.imagen ? 'Cambiar imagen' : 'Subir imagen'}
            </label>
          </Button>
          <input id={id} type="file" accept={IMAGE_ACCEPT_ATTRIBUTE} className="sr-only" onChange={onFile} disabled={disabled} />
          {perfil.imagen ? (
            <Button type="button" variant="ghost" size="sm" disabled={disabled || remove.isPending} onClick={() => remove.mutate()}>
              <Trash2 aria-hidden="true" />
              Quitar
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function Servicios({ form, disabled }: { form: UseFormReturn<FormValues>; disabled: boolean }) {
  const [nuevo, setNuevo] = useState('');
  const id = useId();
  return (
    <Controller
      control={form.control}
      name="servicios"
      render={({ field, fieldState }) => {
        const add = () => {
          const value = nuevo.trim();
          if (!value || field.value.includes(value) || field.value.length >= PUBLIC_PROFILE_LIMITS.servicios) return;
          field.onChange([...field.value, value]);
          setNuevo('');
        };
        const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        };
        return (
          <div className="grid gap-2">
            <Label htmlFor={id}>Servicios</Label>
            <div className="flex gap-2">
              <Input
                id={id}
                value={nuevo}
                onChange={(e) => setNuevo(e.target.value)}
                onKeyDown={onKeyDown}
                placeholder="Por ejemplo: Limpieza dental"
                maxLength={PUBLIC_PROFILE_LIMITS.servicio}
                disabled={disabled}
              />
              <Button type="button" variant="outline" onClick={add} disabled={disabled || !nuevo.trim()}>
                <Plus aria-hidden="true" />
                Añadir
              </Button>
            </div>
            {field.value.length ? (
              <ul className="flex flex-wrap gap-2" aria-label="Servicios añadidos">
                {field.value.map((servicio) => (
                  <li key={servicio} className="inline-flex items-center gap-1 rounded-md bg-secondary py-1 pr-1 pl-2.5 text-sm text-secondary-foreground">
                    {servicio}
                    <button
                      type="button"
                      className="rounded p-0.5 hover:bg-background/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      onClick={() => field.onChange(field.value.filter((s) => s !== servicio))}
                      disabled={disabled}
                      aria-label={`Quitar ${servicio}`}
                    >
                      <X className="size-3.5" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Añade los tratamientos que ofreces.</p>
            )}
            {fieldState.error?.message ? (
              <p role="alert" className="text-sm text-destructive">
                {fieldState.error.message}
              </p>
            ) : null}
          </div>
        );
      }}
    />
  );
}

function Horario({ form, disabled }: { form: UseFormReturn<FormValues>; disabled: boolean }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'horario' });
  const errors = form.formState.errors.horario;
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">Horario</legend>
      {fields.map((row, i) => (
        <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
          <FormField label={`Días (fila ${i + 1})`} error={errors?.[i]?.dias?.message} className="[&>label]:sr-only">
            <Input placeholder="Lunes a viernes" maxLength={PUBLIC_PROFILE_LIMITS.horarioTexto} disabled={disabled} {...form.register(`horario.${i}.dias`)} />
          </FormField>
          <FormField label={`Horas (fila ${i + 1})`} error={errors?.[i]?.horas?.message} className="[&>label]:sr-only">
            <Input placeholder="09:00 - 20:00" maxLength={PUBLIC_PROFILE_LIMITS.horarioTexto} disabled={disabled} {...form.register(`horario.${i}.horas`)} />
          </FormField>
          <Button type="button" variant="ghost" size="icon" onClick={() => remove(i)} disabled={disabled} aria-label={`Quitar la fila ${i + 1} del horario`}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => append({ dias: '', horas: '' })}
        disabled={disabled || fields.length >= PUBLIC_PROFILE_LIMITS.horario}
      >
        <Plus aria-hidden="true" />
        Añadir fila
      </Button>
    </fieldset>
  );
}

function Doctores({ form, disabled }: { form: UseFormReturn<FormValues>; disabled: boolean }) {
  const { fields, append, remove, update } = useFieldArray({ control: form.control, name: 'doctores' });
  const uploadImage = useUploadDoctorImage();
  const errors = form.formState.errors.doctores;
  const onPhoto = async (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !precheck(file)) return;
    try {
      const { imagen } = await uploadImage.mutateAsync(file);
      update(index, { ...form.getValues(`doctores.${index}`), imagen });
    } catch (error) {
      toast.error('Error al subir la foto', errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.'));
    }
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">Profesionales</legend>
      {fields.map((doctor, i) => (
        <div key={doctor.id} className="grid grid-cols-[auto_1fr_auto] items-start gap-3 rounded-lg border p-3 sm:grid-cols-[auto_1fr_1fr_auto]">
          <label className={`relative block size-12 overflow-hidden rounded-full bg-muted ${disabled ? '' : 'cursor-pointer'}`}>
            {form.watch(`doctores.${i}.imagen`) ? (
              <img src={form.watch(`doctores.${i}.imagen`) ?? ''} alt="" width={48} height={48} className="size-12 object-cover" />
            ) : (
              <UserRound className="m-3 size-6 text-muted-foreground" aria-hidden="true" />
            )}
            <span className="sr-only">Foto del profesional {i + 1}</span>
            <input type="file" accept={IMAGE_ACCEPT_ATTRIBUTE} className="sr-only" disabled={disabled} onChange={(e) => onPhoto(i, e)} />
          </label>
          <FormField label="Nombre" error={errors?.[i]?.nombre?.message}>
            <Input maxLength={PUBLIC_PROFILE_LIMITS.doctorTexto} disabled={disabled} {...form.register(`doctores.${i}.nombre`)} />
          </FormField>
          <FormField label="Especialidad" error={errors?.[i]?.especialidad?.message} className="col-start-2 sm:col-start-auto">
            <Input maxLength={PUBLIC_PROFILE_LIMITS.doctorTexto} disabled={disabled} {...form.register(`doctores.${i}.especialidad`)} />
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
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => append({ nombre: '', especialidad: '', imagen: null })}
        disabled={disabled || fields.length >= PUBLIC_PROFILE_LIMITS.doctores}
      >
        <Plus aria-hidden="true" />
        Añadir profesional
      </Button>
    </fieldset>
  );
}

function PerfilForm({ perfil }: { perfil: PerfilPublicoStaff }) {
  const canEdit = useCan('clinica.editar');
  const disabled = !canEdit;
  const save = useUpdatePerfilPublico();
  const form = useForm<FormValues>({ resolver: zodResolver(publicProfileSchema), values: toForm(perfil) });
  const { errors } = form.formState;
  const ids = { publicada: useId() };
  // From the API (seeded reference data), so the constants stay out of the public pages' scripts.
  const especialidades = useEspecialidades().data?.especialidades ?? [];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(publicProfileSchema.parse(values));
      toast.success('¡Cambios guardados!', values.publicada ? 'Tu perfil público está actualizado.' : undefined);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) form.setError(field as keyof FormValues, { message });
      }
      toast.error('Error al guardar cambios', errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <div className="flex items-start justify-between gap-4 rounded-lg border bg-muted/40 p-4">
        <div>
          <Label htmlFor={ids.publicada} className="text-base">
            Publicar en el directorio
          </Label>
          <p className="mt-1 text-sm text-muted-foreground">
            Los pacientes podrán encontrar tu clínica en Odontia y pedir cita desde tu perfil.
          </p>
          {perfil.publicada ? (
            <Link to={`/clinicas/${perfil.id}`} className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
              Ver mi perfil público
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </Link>
          ) : null}
        </div>
        <Controller
          control={form.control}
          name="publicada"
          render={({ field }) => <Switch id={ids.publicada} checked={field.value} onCheckedChange={field.onChange} disabled={disabled} />}
        />
      </div>

      <ImagenPerfil perfil={perfil} disabled={disabled} />

      <FormField label="Descripción" error={errors.descripcion?.message} description="Cuenta a los pacientes qué hace especial a tu clínica.">
        <Textarea rows={4} maxLength={PUBLIC_PROFILE_LIMITS.descripcion} disabled={disabled} {...form.register('descripcion')} />
      </FormField>

      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium">Especialidades</legend>
        <Controller
          control={form.control}
          name="especialidades"
          render={({ field }) => (
            <div className="grid gap-2 sm:grid-cols-2">
              {especialidades.map((e) => {
                const checked = (field.value as string[]).includes(e.id);
                const id = `especialidad-${e.id}`;
                return (
                  <div key={e.id} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={checked}
                      disabled={disabled}
                      onCheckedChange={(next) =>
                        field.onChange(next ? [...field.value, e.id as (typeof field.value)[number]] : field.value.filter((v) => v !== e.id))
                      }
                    />
                    <Label htmlFor={id} className="font-normal">
                      {e.nombre}
                    </Label>
                  </div>
                );
              })}
            </div>
          )}
        />
      </fieldset>

      <Servicios form={form} disabled={disabled} />
      <Horario form={form} disabled={disabled} />

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Email de contacto" error={errors.email?.message} description="Recibirás aquí las solicitudes de cita.">
          <Input type="email" autoComplete="email" disabled={disabled} {...form.register('email')} />
        </FormField>
        <FormField label="Sitio web" error={errors.sitioWeb?.message}>
          <Input type="url" placeholder="https://" disabled={disabled} {...form.register('sitioWeb')} />
        </FormField>
      </div>

      <Doctores form={form} disabled={disabled} />

      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner decorative /> : null}
            {save.isPending ? 'Guardando...' : 'Guardar cambios'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/**
 * 'Perfil público' of 'Configuración de la Clínica' (/settings): what the directory shows of the
 * clinic. A section of its own, rendered by the settings page.
 */
export default function PerfilPublicoSection() {
  const { data, isPending, isError, error } = usePerfilPublico();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Perfil público</h2>
        </CardTitle>
        <CardDescription>Lo que ven los pacientes de tu clínica en el directorio de Odontia.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-16" />
            <Skeleton className="h-32" />
          </div>
        ) : isError ? (
          <p role="alert" className="text-destructive">
            {errorMessage(error, 'Error al cargar información')}
          </p>
        ) : (
          <PerfilForm perfil={data} />
        )}
      </CardContent>
    </Card>
  );
}
