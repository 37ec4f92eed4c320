import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema } from '@odontia/shared';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { showSubmitError } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { useResetPassword } from '../api/reset-password';

const INVALID_LINK = 'El enlace para restablecer la contraseña no es válido o ha caducado';

/** /auth/reset-password?token=…: the target of the emailed link (DESIGN §1: choose a new password). */
export default function ResetPasswordPage() {
  usePageTitle('Nueva contraseña');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { refresh } = useSession();
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    try {
      await reset.mutateAsync({ token, newPassword: password });
      // Every session of the account ended with the reset, including one in this browser.
      await refresh().catch(() => null);
      toast.success('Contraseña actualizada', 'Ya puedes iniciar sesión con tu nueva contraseña');
      navigate('/auth', { replace: true });
    } catch (error) {
      showSubmitError(
        error,
        form.setError,
        ['password'],
        { title: 'Error', fallback: 'No se pudo restablecer la contraseña' },
        { newPassword: 'password' },
      );
    }
  });

  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle>
          <h1 id="reset-title" className="text-2xl font-semibold">
            Elige una nueva contraseña
          </h1>
        </CardTitle>
        <CardDescription>Al cambiarla se cerrarán todas las sesiones abiertas de tu cuenta.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {token ? (
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="reset-title">
            <FormField
              label="Nueva contraseña"
              htmlFor="reset-password"
              error={errors.password?.message}
              description="Al menos 6 caracteres"
              required
            >
              <Input type="password" autoComplete="new-password" {...register('password')} />
            </FormField>
            <FormField
              label="Confirmar contraseña"
              htmlFor="reset-confirm"
              error={errors.confirmPassword?.message}
              required
            >
              <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
            </FormField>
            <SubmitButton pending={isSubmitting} pendingLabel="Guardando..." className="w-full">
              Cambiar contraseña
            </SubmitButton>
          </form>
        ) : (
          <div className="grid gap-4 text-center">
            <p role="alert">{INVALID_LINK}</p>
            <Link to="/auth/recuperar-clave" className={buttonVariants({ variant: 'outline' })}>
              Solicitar un nuevo enlace
            </Link>
          </div>
        )}
        <Link
          to="/auth"
          className="text-muted-foreground hover:text-foreground text-center text-sm underline-offset-4 hover:underline"
        >
          Volver a iniciar sesión
        </Link>
      </CardContent>
    </Card>
  );
}
