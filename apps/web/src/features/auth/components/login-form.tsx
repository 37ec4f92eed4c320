import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { loginSchema } from '@odontia/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api';
import { setServerFieldErrors } from '@/lib/form-errors';
import { homeFor } from '@/lib/onboarding-path';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDemoCredentials } from '../api/get-demo';

export function LoginForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;

  const email = useWatch({ control, name: 'email' });
  const demo = useDemoCredentials();
  const submitRef = useRef<HTMLButtonElement>(null);

  const fillDemo = () => {
    if (!demo) return;
    form.setValue('email', demo.email);
    form.setValue('password', demo.password);
    form.clearErrors();
    // Filled in: the next key press (Enter) signs in.
    submitRef.current?.focus();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const account = await signIn(values);
      // The step still to finish, or the dashboard (spec 000 §4).
      navigate(homeFor(account.user.onboardingStep), { replace: true });
    } catch (error) {
      if (setServerFieldErrors(error, form.setError, ['email', 'password'])) return;
      // Spec 000 §8: the server's message under 'Error al iniciar sesión'; anything else is 'Error'.
      if (error instanceof ApiError && error.status > 0) toast.error('Error al iniciar sesión', error.message);
      else toast.error('Error', 'Ocurrió un error durante el inicio de sesión');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Iniciar sesión">
      <FormField label="Correo electrónico" htmlFor="login-email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" placeholder="tu@correo.com" {...register('email')} />
      </FormField>
      <FormField label="Contraseña" htmlFor="login-password" error={errors.password?.message} required>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Controller
            control={control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox
                id="login-remember"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <Label htmlFor="login-remember" className="font-normal">
            Recordarme
          </Label>
        </div>
        <Link
          to="/auth/recuperar-clave"
          // Spec 000 §2: the recovery form is prefilled with what was typed here.
          state={{ email }}
          className="text-primary text-sm underline-offset-4 hover:underline"
        >
          ¿Olvidaste tu contraseña?
        </Link>
      </div>
      <SubmitButton ref={submitRef} pending={isSubmitting} pendingLabel="Iniciando sesión..." className="w-full">
        Iniciar sesión
      </SubmitButton>
      {demo && (
        <div
          role="note"
          aria-label="Clínica de demostración"
          className="text-muted-foreground rounded-md border border-dashed p-3 text-sm"
        >
          <p>
            ¿Quieres probar Odontia? Entra en la clínica de demostración con{' '}
            <span className="text-foreground font-medium">{demo.email}</span> y la contraseña{' '}
            <span className="text-foreground font-medium">{demo.password}</span>.
          </p>
          <Button type="button" variant="link" size="sm" className="h-auto px-0 py-1" onClick={fillDemo}>
            Usar la cuenta de demostración
          </Button>
        </div>
      )}
    </form>
  );
}
