import { zodResolver } from '@hookform/resolvers/zod';
import { createAppointmentRequestSchema, DIRECTORY_MESSAGES, type AppointmentRequestInput } from '@odontia/shared';
import { CheckCircle2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api';
import { QueryIsland } from '@/lib/query-island';
import { toast } from '@/lib/toast';
import { useCreateAppointmentRequest } from '../api/create-request';

const FIELDS = ['nombre', 'email', 'telefono', 'mensaje', 'fechaPreferida'] as const;

/**
 * The Contacto tab's appointment request. Validated here and again by the API with the same schema;
 * `website` is a honeypot hidden from people (bots fill every field), and the token from the profile
 * lets the server tell a person's pace from a script's.
 */
type ContactFormProps = { clinicaId: string; token: string; hoy: string };

/** Loaded when the Contacto tab opens, with the query library its request needs. */
export default function ContactFormIsland(props: ContactFormProps) {
  return (
    <QueryIsland>
      <ContactForm {...props} />
    </QueryIsland>
  );
}

function ContactForm({ clinicaId, token, hoy }: ContactFormProps) {
  const schema = useMemo(() => createAppointmentRequestSchema(hoy), [hoy]);
  const form = useForm<AppointmentRequestInput>({
    resolver: zodResolver(schema),
    defaultValues: { nombre: '', email: '', telefono: '', mensaje: '', fechaPreferida: '' },
  });
  const mutation = useCreateAppointmentRequest(clinicaId);
  const [sent, setSent] = useState(false);
  const { errors } = form.formState;

  const send = async (values: AppointmentRequestInput, website: string) => {
    const parsed = schema.parse(values);
    try {
      await mutation.mutateAsync({ ...parsed, website: website || undefined, token });
      setSent(true);
      toast.success(DIRECTORY_MESSAGES.solicitudEnviada, DIRECTORY_MESSAGES.solicitudEnviadaDetalle);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const field of FIELDS) {
          const message = error.fields[field];
          if (message) form.setError(field, { message });
        }
      }
      toast.error(
        'No se pudo enviar la solicitud',
        errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.'),
      );
    }
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const website = String(new FormData(event.currentTarget).get('website') ?? '');
    return form.handleSubmit((values) => send(values, website))(event);
  };

  if (sent) {
    return (
      <div role="status" className="mt-6 flex flex-col items-center rounded-xl bg-success/10 px-6 py-10 text-center">
        <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
        <p className="mt-3 text-lg font-semibold">{DIRECTORY_MESSAGES.solicitudEnviada}</p>
        <p className="mt-1 max-w-md text-sm text-muted-foreground">{DIRECTORY_MESSAGES.solicitudEnviadaDetalle}</p>
        <Button
          type="button"
          variant="outline"
          className="mt-6"
          onClick={() => {
            form.reset();
            setSent(false);
          }}
        >
          Enviar otra solicitud
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-4 sm:grid-cols-2">
      <FormField label="Nombre" required error={errors.nombre?.message}>
        <Input autoComplete="name" maxLength={100} {...form.register('nombre')} />
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        <Input type="email" autoComplete="email" maxLength={200} {...form.register('email')} />
      </FormField>
      <FormField label="Teléfono" error={errors.telefono?.message}>
        <Input type="tel" autoComplete="tel" maxLength={30} {...form.register('telefono')} />
      </FormField>
      <FormField label="Fecha preferida" error={errors.fechaPreferida?.message}>
        <Input type="date" min={hoy} {...form.register('fechaPreferida')} />
      </FormField>
      <FormField label="Mensaje" required error={errors.mensaje?.message} className="sm:col-span-2">
        <Textarea
          rows={4}
          maxLength={2000}
          placeholder="Cuéntanos qué necesitas y cuándo te viene bien"
          {...form.register('mensaje')}
        />
      </FormField>
      {/* Honeypot: off-screen and out of the tab order, so only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`website-${clinicaId}`}>Deja este campo vacío</label>
        <input id={`website-${clinicaId}`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton pending={mutation.isPending} pendingLabel="Enviando..." className="w-full sm:w-auto">
          Enviar solicitud
        </SubmitButton>
      </div>
    </form>
  );
}
