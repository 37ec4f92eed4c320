import { zodResolver } from '@hookform/resolvers/zod';
import { recoverySchema } from '@odontia/shared';
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { showSubmitError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** Spec 000 §9: back to /auth 3000 ms after the email is sent. */
const REDIRECT_DELAY_MS = 3000;

/** /auth/recuperar-clave: asks for a reset link. The answer never says whether the email has an account. */
export default function RecoverPasswordPage() {
  usePageTitle('Recuperar contraseña');
  const location = useLocation();
  const navigate = useNavigate();
  const prefilled = (location.state as { email?: unknown } | null)?.email;
  const requestReset = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const form = useForm({
    resolver: zodResolver(recoverySchema),
    defaultValues: { email: typeof prefilled === 'string' ? prefilled : '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => navigate('/auth'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await requestReset.mutateAsync(values);
      toast.success(
        'Correo enviado',
        'Si existe una cuenta con ese correo, recibirás un enlace para restablecer tu contraseña.',
      );
      setSent(true);
    } catch (error) {
      showSubmitError(error, form.setError, ['email'], {
        title: 'Error',
        fallback: 'Ocurrió un error al enviar el correo',
      });
    }
  });

  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle>
          <h1 className="text-2xl font-semibold">Recuperar contraseña</h1>
        </CardTitle>
        <CardDescription>Te enviaremos un enlace para que elijas una nueva contraseña.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {sent ? (
          <div role="status" className="flex flex-col items-center gap-3 text-center">
            <MailCheck className="text-primary size-10" aria-hidden="true" />
            <p className="font-medium">Correo enviado</p>
            <p className="text-muted-foreground text-sm">
              Si existe una cuenta con ese correo, recibirás un enlace válido durante 1 hora. Te llevamos de vuelta al
              inicio de sesión...
            </p>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Recuperar contraseña">
            <FormField label="Correo electrónico" htmlFor="recovery-email" error={errors.email?.message} required>
              <Input type="email" autoComplete="email" placeholder="tu@correo.com" {...register('email')} />
            </FormField>
            <SubmitButton pending={isSubmitting} pendingLabel="Enviando..." className="w-full">
              Enviar enlace
            </SubmitButton>
          </form>
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
