import { zodResolver } from '@hookform/resolvers/zod';
import { invitationSchema, TEAM_MESSAGES } from '@odontia/shared';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api';
import { setServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useCreateInvitation } from '../api/create-invitation';
import { useRoleOptions } from '../api/get-role-options';
import { PageFrame } from '../components/page-frame';
import { RoleSelect } from '../components/role-select';

const FIELDS = ['nombres', 'email', 'rolId'] as const;

/** 'Invitar Usuario' (/usuarios/nuevo): the invitation email links to registration with the email filled in. */
export default function InviteUserPage() {
  usePageTitle('Invitar Usuario');
  const navigate = useNavigate();
  const roles = useRoleOptions();
  const create = useCreateInvitation();
  const redirecting = useClinicRequired(roles.error ?? create.error);
  const form = useForm({
    resolver: zodResolver(invitationSchema),
    defaultValues: { nombres: '', email: '', rolId: '' },
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;

  // Spec 001 §6: the form starts on Asistente.
  const initialRole = roles.data?.predeterminadoInvitacion;
  useEffect(() => {
    if (initialRole && !form.getValues('rolId')) form.setValue('rolId', initialRole);
  }, [initialRole, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(TEAM_MESSAGES.invitationSent, `Hemos enviado la invitación a ${values.email}.`);
      navigate('/usuarios');
    } catch (error) {
      if (setServerFieldErrors(error, form.setError, FIELDS)) return;
      const message = errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.');
      // Spec 001 §8: the duplicate found by the check has a title of its own.
      toast.error(
        message === TEAM_MESSAGES.invitationExists
          ? TEAM_MESSAGES.invitationExistsTitle
          : TEAM_MESSAGES.invitationError,
        message,
      );
    }
  });

  if (redirecting) return null;

  return (
    <PageFrame
      back="/usuarios"
      backLabel="Volver a la lista"
      title="Invitar Usuario"
      subtitle="Le enviaremos un correo con un enlace para registrarse en tu clínica."
    >
      <Card>
        <form onSubmit={onSubmit} noValidate aria-label="Invitar Usuario" className="grid gap-6">
          <CardContent className="grid gap-4">
            <FormField label="Nombres" htmlFor="invitacion-nombres" error={errors.nombres?.message} required>
              <Input autoComplete="off" {...register('nombres')} />
            </FormField>
            <FormField label="Email" htmlFor="invitacion-email" error={errors.email?.message} required>
              <Input type="email" autoComplete="off" placeholder="usuario@correo.com" {...register('email')} />
            </FormField>
            <Controller
              control={control}
              name="rolId"
              render={({ field }) => (
                <RoleSelect
                  id="invitacion-rol"
                  roles={roles.data?.roles}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.rolId?.message}
                />
              )}
            />
          </CardContent>
          <CardFooter className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => navigate('/usuarios')}>
              Cancelar
            </Button>
            <SubmitButton pending={isSubmitting} pendingLabel="Enviando...">
              Enviar invitación
            </SubmitButton>
          </CardFooter>
        </form>
      </Card>
    </PageFrame>
  );
}
