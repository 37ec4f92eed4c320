import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema } from '@odontia/shared';
import { ExternalLink } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api';
import { setServerFieldErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';

type RegisterFormProps = {
  /** Registering from an invitation: the email is the invited one (read-only) and the token goes with it. */
  invitation?: { token: string; email: string };
};

export function RegisterForm({ invitation }: RegisterFormProps = {}) {
  const { signUp } = useSession();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { email: invitation?.email ?? '', password: '', confirmPassword: '', acceptTerms: false },
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = form.handleSubmit(async ({ email, password, acceptTerms }) => {
    // Never false here (the form's schema refuses an unticked box); this says so to TypeScript.
    if (!acceptTerms) return;
    try {
      await signUp({ email, password, acceptTerms, ...(invitation ? { invitacion: invitation.token } : {}) });
      toast.success('Registro exitoso', 'Ahora completa tu perfil');
      navigate('/onboarding/perfil', { replace: true });
    } catch (error) {
      if (setServerFieldErrors(error, form.setError, ['email', 'password', 'acceptTerms'])) return;
      toast.error(
        'Error al registrarse',
        error instanceof ApiError && error.status > 0 ? error.message : 'Ocurrió un error durante el registro',
      );
    }
  });

  const termsError = errors.acceptTerms?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Registrarse">
      <FormField
        label="Correo electrónico"
        htmlFor="register-email"
        error={errors.email?.message}
        description={invitation ? 'El correo de la invitación: no se puede cambiar.' : undefined}
        required
      >
        <Input
          type="email"
          autoComplete="email"
          placeholder="tu@correo.com"
          readOnly={!!invitation}
          {...register('email')}
        />
      </FormField>
      <FormField
        label="Contraseña"
        htmlFor="register-password"
        error={errors.password?.message}
        description="Al menos 6 caracteres"
        required
      >
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField
        label="Confirmar contraseña"
        htmlFor="register-confirm"
        error={errors.confirmPassword?.message}
        required
      >
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <div className="grid gap-2">
        <div className="flex items-start gap-2">
          <Controller
            control={control}
            name="acceptTerms"
            render={({ field }) => (
              <Checkbox
                id="register-terms"
                className="mt-0.5"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
                aria-invalid={Boolean(termsError)}
                aria-describedby={termsError ? 'register-terms-error' : undefined}
                aria-required
              />
            )}
          />
          <label htmlFor="register-terms" className="text-sm leading-snug">
            Acepto los {/* In a new tab: reading them must not empty the form (a page change would). */}
            <a
              href="/terminos-y-condiciones"
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby="register-terms-tab"
              className="text-primary underline underline-offset-4"
            >
              términos y condiciones
              <ExternalLink className="ml-0.5 inline size-3.5 align-[-0.125em]" aria-hidden="true" />
            </a>
          </label>
          {/* Outside the label: it describes the link and stays out of the checkbox's name. */}
          <span id="register-terms-tab" className="sr-only">
            Se abren en una pestaña nueva
          </span>
        </div>
        {termsError && (
          <p id="register-terms-error" role="alert" className="text-destructive text-sm">
            {termsError}
          </p>
        )}
      </div>
      <SubmitButton pending={isSubmitting} pendingLabel="Creando cuenta..." className="w-full">
        Crear cuenta
      </SubmitButton>
    </form>
  );
}
