import type { PublicProfileInput } from '@odontia/shared';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { StaffPublicProfile } from '../api/public-profile';

/** 'Publicar en el directorio', with a link to the public profile once it is published. */
export function PublishField({
  form,
  perfil,
  disabled,
}: {
  form: UseFormReturn<PublicProfileInput>;
  perfil: StaffPublicProfile;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border bg-muted/40 p-4">
      <div>
        <Label htmlFor={id} className="text-base">
          Publicar en el directorio
        </Label>
        <p className="mt-1 text-sm text-muted-foreground">
          Los pacientes podrán encontrar tu clínica en Odontia y pedir cita desde tu perfil.
        </p>
        {perfil.publicada ? (
          <Link
            to={`/clinicas/${perfil.id}`}
            className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            Ver mi perfil público
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      <Controller
        control={form.control}
        name="publicada"
        render={({ field }) => (
          <Switch id={id} checked={field.value} onCheckedChange={field.onChange} disabled={disabled} />
        )}
      />
    </div>
  );
}
